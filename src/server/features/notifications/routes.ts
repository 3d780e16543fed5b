import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  type NotificationFailure,
  NotificationPreferencesResponseSchema,
  NotificationPreferencesSavedResponseSchema,
  NotificationPreferencesSchema,
  NotificationStatusResponseSchema,
  TestEmailResponseSchema,
} from '../../../shared/contracts/notifications.ts';
import { EMAIL_OFF_MESSAGE } from '../../../shared/rules/notifications.ts';
import { errorResponses, HttpError } from '../../lib/http-errors.ts';
import type { Outbox, OutboxFailure, OutboxKind } from '../../outbox/outbox.ts';
import { access } from '../../plugins/access.ts';
import { type EmailContext, testEmail } from './email-content.ts';
import type { Mailer } from './mailer.ts';
import type { NotificationPreferenceRepository } from './notification-preferences.ts';

export interface NotificationRoutesDeps {
  preferences: NotificationPreferenceRepository;
  outbox: Pick<Outbox, 'failures' | 'waiting'>;
  /** Undefined without SMTP_URL. */
  mailer: Pick<Mailer, 'server' | 'from' | 'send'> | undefined;
  context: () => Promise<EmailContext>;
  /** True when links go to PUBLIC_ORIGIN, false when to the server's own address. */
  linksFromPublicOrigin: boolean;
}

const USER_GONE_MESSAGE = 'Your account no longer exists';

/** The outbox's notification entries; webhooks' have their own delivery log. */
const NOTIFICATION_KINDS = ['inquiry.created', 'email', 'push'] as const satisfies readonly OutboxKind[];

/** What a given-up entry was, in words, and whose address it was for. */
function describe(failure: OutboxFailure, emails: Map<string, string>) {
  const payload = (failure.payload ?? {}) as { type?: string; adminId?: string };
  const recipient = (payload.adminId && emails.get(payload.adminId)) || null;
  if (failure.kind === 'email') {
    const summaries: Record<string, string> = {
      digest: 'Daily digest',
      'webhook-disabled': 'Webhook turned off email',
      'backup-copy-failed': 'Backup copy failed email',
    };
    return { summary: summaries[payload.type ?? ''] ?? 'New inquiry email', recipient };
  }
  if (failure.kind === 'push') return { summary: 'Push notification', recipient: null };
  return { summary: 'New inquiry (sending its notifications)', recipient: null };
}

/** Each user's notification choices (My Profile) and the state of the notifications (Settings). */
export const notificationRoutes: FastifyPluginAsyncZod<NotificationRoutesDeps> = async (
  app,
  { preferences, outbox, mailer, context, linksFromPublicOrigin },
) => {
  app.get(
    '/api/admin/profile/notifications',
    {
      config: { access: access.session('account') },
      schema: {
        tags: ['notifications'],
        operationId: 'getNotificationChoices',
        summary: "The signed-in user's notification choices: an email per new inquiry, a daily digest",
        response: { 200: NotificationPreferencesResponseSchema, ...errorResponses(401, 404) },
      },
    },
    async (request) => {
      const found = await preferences.get(request.admin!.id);
      if (!found) throw new HttpError(404, USER_GONE_MESSAGE);
      return { preferences: found, timeZone: (await context()).timeZone, emailAvailable: Boolean(mailer) };
    },
  );

  app.put(
    '/api/admin/profile/notifications',
    {
      config: { access: access.session('account'), audit: { action: 'profile.notifications' } },
      schema: {
        tags: ['notifications'],
        operationId: 'replaceNotificationChoices',
        summary: "Replace the signed-in user's notification choices",
        body: NotificationPreferencesSchema,
        response: {
          200: NotificationPreferencesSavedResponseSchema,
          ...errorResponses(400, 401, 403, 404, 413, 415),
        },
      },
    },
    async (request) => {
      if (!(await preferences.save(request.admin!.id, request.body))) {
        throw new HttpError(404, USER_GONE_MESSAGE);
      }
      return {
        success: true as const,
        message: 'Notification preferences saved',
        preferences: request.body,
      };
    },
  );

  app.get(
    '/api/admin/notifications',
    {
      config: { access: access.scripted('administration') },
      schema: {
        tags: ['notifications'],
        operationId: 'getNotificationStatus',
        summary:
          'Email notifications on or off, deliveries waiting, and those given up with their last error',
        response: { 200: NotificationStatusResponseSchema, ...errorResponses(401) },
      },
    },
    async () => {
      const [business, waiting, failures] = await Promise.all([
        context(),
        outbox.waiting(NOTIFICATION_KINDS),
        outbox.failures(undefined, NOTIFICATION_KINDS),
      ]);
      const adminIds = failures
        .map((failure) => (failure.payload as { adminId?: unknown } | null)?.adminId)
        .filter((id): id is string => typeof id === 'string');
      const emails = await preferences.emails([...new Set(adminIds)]);
      return {
        notifications: {
          email: {
            enabled: Boolean(mailer),
            from: mailer ? mailer.from(business.brandName) : null,
            server: mailer ? mailer.server : null,
          },
          links: { origin: business.origin, fromPublicOrigin: linksFromPublicOrigin },
          waiting,
          failures: failures.map(
            (failure): NotificationFailure => ({
              id: failure.id,
              kind: failure.kind as NotificationFailure['kind'],
              ...describe(failure, emails),
              attempts: failure.attempts,
              lastError: failure.lastError,
              createdAt: failure.createdAt,
              failedAt: failure.failedAt,
            }),
          ),
        },
      };
    },
  );

  app.post(
    '/api/admin/notifications/test-email',
    {
      // A test email changes nothing.
      config: { access: access.scripted('administration'), audit: null },
      schema: {
        tags: ['notifications'],
        operationId: 'sendTestEmail',
        summary:
          "Send a test email to the signed-in user's address at once; answers with the mail server's reply",
        response: { 200: TestEmailResponseSchema, ...errorResponses(401, 403, 409, 502) },
      },
    },
    async (request) => {
      // Not a server failure: the server was started without email, which only its environment can change.
      if (!mailer) throw new HttpError(409, EMAIL_OFF_MESSAGE);
      const to = request.admin!.email;
      const business = await context();
      let answer: string;
      try {
        answer = await mailer.send({ ...testEmail(business), to }, business.brandName);
      } catch (error) {
        request.log.warn({ err: error }, 'test email failed');
        const reason = error instanceof Error ? error.message : String(error);
        throw new HttpError(502, `The test email to ${to} was not sent: ${reason}`);
      }
      return { success: true as const, message: `Sent to ${to}. The mail server answered: ${answer}` };
    },
  );
};
