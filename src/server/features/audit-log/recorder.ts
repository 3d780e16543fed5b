import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AuditAction } from '../../../shared/rules/audit-log.ts';
import { nowIso } from '../../db/values.ts';
import { missingAuditDeclaration } from '../../plugins/audit.ts';
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

/**
 * Records every request that succeeded on a route declaring an audit action (`config.audit`, see
 * plugins/audit.ts), and every refused sign-in; refuses to start with a back-office route that changes
 * something and declares neither an action nor `null`. The entry is
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
    /** Told of each entry once it is written (the security notices, decision 051). */
    onRecorded?: (entry: AuditRecord) => Promise<void>;
  },
): void {
  app.decorateRequest('auditNote', null);
  const record = async (request: FastifyRequest, reply: FastifyReply) => {
    const route = request.routeOptions.config.audit;
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
    const methods = [routeOptions.method].flat();
    const missing = missingAuditDeclaration(methods, routeOptions.config);
    if (missing) throw new Error(`${methods.join(',')} ${routeOptions.url} ${missing}`);
    if (!routeOptions.config?.audit) return;
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
