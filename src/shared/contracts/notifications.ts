import { z } from 'zod';
import { DIGEST_UNREAD_HOURS_MAX, DIGEST_UNREAD_HOURS_MIN } from '../rules/notifications.ts';

const HOUR_MESSAGE = 'Choose an hour from 00:00 to 23:00';
const UNREAD_HOURS_MESSAGE = `Enter a number of hours from ${DIGEST_UNREAD_HOURS_MIN} to ${DIGEST_UNREAD_HOURS_MAX}`;

/** One back-office user's choices: an email for each new inquiry, and a daily digest of what is unread. */
export const NotificationPreferencesSchema = z.object({
  email: z.boolean('Choose on or off'),
  digest: z.object({
    enabled: z.boolean('Choose on or off'),
    /** The hour the digest is sent, in the business's time zone. */
    hour: z.number(HOUR_MESSAGE).int(HOUR_MESSAGE).min(0, HOUR_MESSAGE).max(23, HOUR_MESSAGE),
    /** The digest lists inquiries still unread this many hours after they arrived. */
    unreadHours: z
      .number(UNREAD_HOURS_MESSAGE)
      .int(UNREAD_HOURS_MESSAGE)
      .min(DIGEST_UNREAD_HOURS_MIN, UNREAD_HOURS_MESSAGE)
      .max(DIGEST_UNREAD_HOURS_MAX, UNREAD_HOURS_MESSAGE),
  }),
});
export type NotificationPreferences = z.infer<typeof NotificationPreferencesSchema>;

export const NotificationPreferencesResponseSchema = z.object({
  preferences: NotificationPreferencesSchema,
  /** The business's time zone, which the digest's hour is in. */
  timeZone: z.string(),
  /** False without SMTP_URL: the choices are kept, but no email goes out. */
  emailAvailable: z.boolean(),
});

export const NotificationPreferencesSavedResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  preferences: NotificationPreferencesSchema,
});

/** A delivery given up (refused for good, or still failing after 24 hours), as Settings lists it. */
export const NotificationFailureSchema = z.object({
  id: z.string(),
  kind: z.enum(['inquiry.created', 'email', 'push']),
  /** What it was, in words: "New inquiry email", "Daily digest". */
  summary: z.string(),
  /** Whom it was for (an email address), when known. */
  recipient: z.string().nullable(),
  attempts: z.number().int(),
  lastError: z.string(),
  createdAt: z.iso.datetime(),
  failedAt: z.iso.datetime(),
});
export type NotificationFailure = z.infer<typeof NotificationFailureSchema>;

export const NotificationStatusSchema = z.object({
  email: z.object({
    /** False without SMTP_URL. */
    enabled: z.boolean(),
    /** The sender, as `Name <address>`. */
    from: z.string().nullable(),
    /** The mail server as host:port, never its user or password. */
    server: z.string().nullable(),
  }),
  /** Where links in notifications point: PUBLIC_ORIGIN, or the server's own address when it is unset. */
  links: z.object({ origin: z.string(), fromPublicOrigin: z.boolean() }),
  /** Deliveries waiting to be sent or tried again. */
  waiting: z.number().int().nonnegative(),
  failures: z.array(NotificationFailureSchema),
});
export type NotificationStatus = z.infer<typeof NotificationStatusSchema>;

export const NotificationStatusResponseSchema = z.object({ notifications: NotificationStatusSchema });

/** The mail server's answer to a test email (e.g. `250 2.0.0 OK queued`). */
export const TestEmailResponseSchema = z.object({ success: z.literal(true), message: z.string() });
