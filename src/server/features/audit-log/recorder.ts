import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AuditAction } from '../../../shared/rules/audit-log.ts';
import { nowIso } from '../../db/values.ts';
import type { AuditLogRepository, AuditRecord } from './repository.ts';

/** What a route may tell the audit log that the request alone does not show. */
export interface AuditNote {
  /** Who acted, when there is no session yet (a sign-in, an invitation accepted). */
  actor?: { id: string | null; email: string };
  /** Another action than the route's own (e.g. a password accepted that still waits for a second factor). */
  action?: AuditAction | null;
  detail?: Record<string, string | number | boolean | null>;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by a route that has more to say in the audit log (see AuditNote). */
    auditNote: AuditNote | null;
  }
}

interface AuditedRoute {
  action: AuditAction;
  /** What `:id` (or `targetParam`) names, e.g. `inquiry`. */
  target?: string;
  /** The path parameter naming the target when it is not `id`. */
  targetParam?: string;
  /** A sign-in's refusals, recorded as failed sign-ins with the reason for each status. */
  refusals?: Record<number, string>;
}

const PASSWORD_REFUSALS = {
  401: 'wrong email or password',
  403: 'account disabled',
  429: 'too many attempts',
};
const SECOND_STEP_REFUSALS = {
  401: 'wrong or expired two-factor code',
  403: 'account disabled',
  429: 'too many attempts',
};

/**
 * The audited routes, by method and route path: the action each success records, and the type of what
 * `:id` names. Every back-office route that changes something is listed (audit-log.test.ts checks the
 * OpenAPI document against this table), with `null` for the few that change nothing worth a record.
 */
export const AUDITED_ROUTES: Record<string, AuditedRoute | null> = {
  'POST /api/admin/login': { action: 'sign-in', refusals: PASSWORD_REFUSALS },
  'POST /api/admin/login/two-factor': { action: 'sign-in', refusals: SECOND_STEP_REFUSALS },
  'POST /api/admin/logout': { action: 'sign-out' },
  'POST /api/admin/password': { action: 'password.change' },
  'PUT /api/admin/profile/notifications': { action: 'profile.notifications' },
  'POST /api/admin/profile/devices': { action: 'device.add' },
  'DELETE /api/admin/profile/devices/:id': { action: 'device.remove', target: 'device' },
  'POST /api/admin/profile/devices/:id/test': null,
  'POST /api/admin/api-tokens': { action: 'api-token.create' },
  'DELETE /api/admin/api-tokens/:id': { action: 'api-token.revoke', target: 'token' },
  'POST /api/admin/notifications/test-email': null,
  'PATCH /api/contact-inquiries/:id/status': { action: 'inquiry.status', target: 'inquiry' },
  'PATCH /api/contact-inquiries/:id/read': { action: 'inquiry.read', target: 'inquiry' },
  'PATCH /api/contact-inquiries/:id/unread': { action: 'inquiry.unread', target: 'inquiry' },
  'DELETE /api/contact-inquiries/:id': { action: 'inquiry.delete', target: 'inquiry' },
  'PUT /api/contact-inquiries/:id/assignee': { action: 'inquiry.assign', target: 'inquiry' },
  'POST /api/contact-inquiries/:id/notes': { action: 'inquiry.note.add', target: 'inquiry' },
  'PATCH /api/contact-inquiries/:id/notes/:noteId': { action: 'inquiry.note.edit', target: 'inquiry' },
  'DELETE /api/contact-inquiries/:id/notes/:noteId': { action: 'inquiry.note.delete', target: 'inquiry' },
  // Kept in the inquiry's own history: opening a link changes nothing.
  'POST /api/contact-inquiries/:id/reply-link': null,
  'GET /api/contact-inquiries/export.csv': { action: 'inquiry.export' },
  'POST /api/contacts': { action: 'channel.create' },
  'PATCH /api/contacts/:id': { action: 'channel.update', target: 'channel' },
  'DELETE /api/contacts/:id': { action: 'channel.delete', target: 'channel' },
  'DELETE /api/admin/dashboard/channel-clicks': { action: 'channel-clicks.reset' },
  'POST /api/blogs': { action: 'post.create' },
  'POST /api/blogs/preview': null,
  'PUT /api/blogs/:post': { action: 'post.update', target: 'post', targetParam: 'post' },
  'DELETE /api/blogs/:post': { action: 'post.delete', target: 'post', targetParam: 'post' },
  'POST /api/blogs/admin/:id/revisions/:revisionId/restore': { action: 'post.restore', target: 'post' },
  // A user's own unsaved draft: the save that follows is what the log records.
  'PUT /api/blogs/autosaves/:postKey': null,
  'DELETE /api/blogs/autosaves/:postKey': null,
  'POST /api/uploads': { action: 'image.upload' },
  'DELETE /api/uploads/:id': { action: 'image.delete', target: 'image' },
  'POST /api/members': { action: 'member.create' },
  'PATCH /api/members/:id': { action: 'member.update', target: 'member' },
  'POST /api/members/:id/password': { action: 'member.password-reset', target: 'member' },
  'DELETE /api/members/:id': { action: 'member.delete', target: 'member' },
  'PUT /api/admin/settings': { action: 'settings.update' },
  'PUT /api/admin/settings/sign-in': { action: 'settings.update' },
  // Setting up changes nothing until a code confirms it (enable).
  'POST /api/admin/two-factor/setup': null,
  'POST /api/admin/two-factor/enable': { action: 'two-factor.enable' },
  'POST /api/admin/two-factor/disable': { action: 'two-factor.disable' },
  'POST /api/admin/two-factor/recovery-codes': { action: 'two-factor.recovery-codes' },
  'DELETE /api/admin/users/:id/two-factor': { action: 'two-factor.reset', target: 'user' },
  'POST /api/admin/backups': { action: 'backup.create' },
  'GET /api/admin/backups/latest': { action: 'backup.download' },
  'POST /api/admin/users': { action: 'user.create' },
  'PATCH /api/admin/users/:id': { action: 'user.update', target: 'user' },
  'DELETE /api/admin/users/:id': { action: 'user.delete', target: 'user' },
  'POST /api/admin/users/:id/password': { action: 'user.password-reset', target: 'user' },
  'POST /api/admin/users/:id/invitation': { action: 'user.invitation', target: 'user' },
  'POST /api/admin/webhooks': { action: 'webhook.create' },
  'PATCH /api/admin/webhooks/:id': { action: 'webhook.update', target: 'webhook' },
  'DELETE /api/admin/webhooks/:id': { action: 'webhook.delete', target: 'webhook' },
  'POST /api/admin/webhooks/:id/deliveries/:deliveryId/redeliver': {
    action: 'webhook.redeliver',
    target: 'webhook',
  },
  'POST /api/admin/invitation/check': null,
  // Confirming changes nothing: what it lets through is recorded as itself.
  'POST /api/admin/reauthenticate': null,
  'POST /api/admin/invitation/accept': { action: 'user.invitation-accepted' },
};

/** Fields never copied into an entry, whatever route they come in. */
const SECRET_FIELD = /password|token|code|secret|key|auth|endpoint|p256dh/i;
const DETAIL_TEXT_MAX = 80;

/** The short facts of a request body worth keeping: its scalar fields, secrets left out, long text cut. */
function detailOf(body: unknown): Record<string, string | number | boolean | null> | null {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return null;
  const detail: Record<string, string | number | boolean | null> = {};
  for (const [key, value] of Object.entries(body)) {
    if (SECRET_FIELD.test(key)) continue;
    if (typeof value === 'string') {
      detail[key] = value.length > DETAIL_TEXT_MAX ? `${value.slice(0, DETAIL_TEXT_MAX - 1)}…` : value;
    } else if (typeof value === 'number' || typeof value === 'boolean' || value === null) {
      detail[key] = value;
    }
  }
  return Object.keys(detail).length > 0 ? detail : null;
}

function routeKey(request: FastifyRequest): string {
  return `${request.method} ${request.routeOptions.url ?? ''}`;
}

/**
 * Records every audited request (AUDITED_ROUTES) that succeeded, and every refused sign-in. The entry is
 * written before the answer goes out, so a change that was acknowledged is in the log; if the log cannot
 * be written, the change stands and the failure is logged.
 */
export function registerAuditRecording(
  app: FastifyInstance,
  {
    auditLog,
    clock,
    onRecorded,
  }: {
    auditLog: Pick<AuditLogRepository, 'record'>;
    clock: () => number;
    /** Told of each entry once it is written (the security notices: src/server/app.ts). */
    onRecorded?: (entry: AuditRecord) => Promise<void>;
  },
): void {
  app.decorateRequest('auditNote', null);
  const record = async (request: FastifyRequest, reply: FastifyReply) => {
    const route = AUDITED_ROUTES[routeKey(request)];
    if (!route) return;
    const status = reply.statusCode;
    const note = request.auditNote;
    let action: AuditAction | null = note?.action === undefined ? route.action : note.action;
    // A sign-in's body is the email and the password: the actor says the one, the other is never kept.
    let detail = note?.detail ?? (route.action === 'sign-in' ? null : detailOf(request.body));
    if (status >= 400) {
      const reason = route.refusals?.[status];
      if (!reason) return;
      action = 'sign-in.failed';
      detail = { reason };
    }
    if (action === null) return;
    // A change made by a script shows which of the user's tokens made it.
    const apiToken = request.admin?.apiToken;
    if (apiToken) detail = { ...detail, apiToken: apiToken.name };
    const actor = request.admin ?? note?.actor ?? signInEmail(request, route.action);
    const params = request.params as Record<string, unknown> | undefined;
    const targetId = params?.[route.targetParam ?? 'id'];
    const entry: AuditRecord = {
      at: nowIso(clock),
      actorId: actor?.id ?? null,
      actorEmail: actor?.email ?? null,
      action,
      targetType: route.target ?? null,
      targetId: route.target && typeof targetId === 'string' ? targetId : null,
      detail,
      ip: request.ip,
    };
    try {
      await auditLog.record(entry);
    } catch (error) {
      request.log.error({ err: error, action }, 'the audit log could not be written');
      return;
    }
    try {
      await onRecorded?.(entry);
    } catch (error) {
      request.log.error({ err: error, action }, 'a security notice could not be written');
    }
  };
  // On the audited routes alone: every other request (the public pages and lists) runs no hook for it.
  app.addHook('onRoute', (routeOptions) => {
    const methods = Array.isArray(routeOptions.method) ? routeOptions.method : [routeOptions.method];
    if (!methods.some((method) => AUDITED_ROUTES[`${method} ${routeOptions.url}`])) return;
    const own = routeOptions.onSend;
    routeOptions.onSend = [...(own === undefined ? [] : Array.isArray(own) ? own : [own]), record];
  });
}

/** A sign-in refused before its route knew the account: the email typed, as the validated body has it. */
function signInEmail(request: FastifyRequest, action: AuditAction): { id: null; email: string } | null {
  if (action !== 'sign-in') return null;
  const email = (request.body as { email?: unknown } | undefined)?.email;
  return typeof email === 'string' ? { id: null, email } : null;
}
