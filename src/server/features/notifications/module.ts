import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/database.ts';
import type { Executor } from '../../db/repository-support.ts';
import { encapsulated } from '../../lib/encapsulated.ts';
import type { ServerKeyStore } from '../../lib/server-secret.ts';
import { type Outbox, PermanentFailure } from '../../outbox/outbox.ts';
import { backupCopyFailedAlert } from './backup-copy-alerts.ts';
import { createDigestSchedule } from './digest-schedule.ts';
import { emailHandler, type InquiriesForEmail } from './email-delivery.ts';
import { inquiryCreatedHandler } from './inquiry-notifications.ts';
import { inquiryPushHandler } from './inquiry-push.ts';
import { createMailer, defaultMailFromAddress, type Mailer } from './mailer.ts';
import { createNotificationPreferences, type NotificationAccounts } from './notification-preferences.ts';
import { createPushDeviceRepository } from './push-device-repository.ts';
import { pushDeviceRoutes } from './push-device-routes.ts';
import { createPushSender } from './push-sender.ts';
import { notificationRoutes } from './routes.ts';
import { securityNoticeAlert } from './security-notices.ts';
import { webhookDisabledAlert } from './webhook-alerts.ts';

export interface NotificationsModuleDeps {
  config: Pick<
    Config,
    | 'SMTP_URL'
    | 'MAIL_FROM'
    | 'PUBLIC_ORIGIN'
    | 'ADMIN_EMAIL'
    | 'WEBHOOKS_ALLOW_PRIVATE_HTTP'
    | 'PUSH_SERVICE_HOSTS'
  >;
  database: Pick<Database, 'db'>;
  outbox: Outbox;
  /** Where links in emails point: PUBLIC_ORIGIN, or the server's own address. */
  origin: string;
  settings: () => Promise<{ brandName: string; timeZone: string }>;
  clock: () => number;
  log: FastifyBaseLogger;
  /** How long a push waits for its push service (10 s; tests shorten it). */
  pushTimeoutMs: number | undefined;
  /** Where the push key pair is kept (the site settings' rows). */
  serverKeys: ServerKeyStore;
  /** The users' notification choices, and who is told what (the admin-auth feature's accounts). */
  accounts: NotificationAccounts;
}

/** What the emails about inquiries read: the inquiries, and their webhooks' fan-out. */
export interface InquiryNotificationSources {
  inquiries: InquiriesForEmail;
  /** Writes the inquiry.created webhook deliveries of new inquiries (decision 042), found with `find`. */
  inquiriesCreated(
    created: { inquiryId: string; eventId: string }[],
    executor: Executor,
    find: InquiriesForEmail['findById'],
  ): Promise<void>;
}

/**
 * Email, push and the alerts to administrators, all sent through the outbox (decision 031); the daily
 * digests. Without SMTP_URL no email is written, and an email entry left from before is given up.
 */
export function createNotificationsModule(deps: NotificationsModuleDeps) {
  const { config, database, outbox, clock, log, accounts } = deps;
  const { db } = database;
  const mailer = config.SMTP_URL
    ? createMailer({
        smtpUrl: config.SMTP_URL,
        mailFrom: config.MAIL_FROM ?? { address: defaultMailFromAddress(config.PUBLIC_ORIGIN) },
      })
    : undefined;
  const emailEnabled = Boolean(mailer);
  const emailContext = async () => {
    const { brandName, timeZone } = await deps.settings();
    return { brandName, timeZone, origin: deps.origin };
  };
  const preferences = createNotificationPreferences(db, accounts);
  const pushDevices = createPushDeviceRepository(db, accounts, clock);
  // Push goes through the egress guard to push services only (decision 047).
  const pushEndpointRules = {
    allowPrivate: config.WEBHOOKS_ALLOW_PRIVATE_HTTP,
    extraHosts: config.PUSH_SERVICE_HOSTS,
  };
  const pushSender = createPushSender(deps.serverKeys, config, pushEndpointRules, deps.pushTimeoutMs);
  const timeZone = async () => (await deps.settings()).timeZone;
  return {
    /** Emails to every administrator, written in the transaction of what they tell of. */
    alerts: {
      webhookDisabled: webhookDisabledAlert({ accounts, emailEnabled, clock }),
      backupCopyFailed: backupCopyFailedAlert({ accounts, emailEnabled, clock }),
    },
    /** Emails every active administrator an audit entry that is a security notice (decision 051). */
    securityNotice: securityNoticeAlert({ db, accounts, emailEnabled, nudge: () => outbox.nudge(), clock }),
    jobs: {
      emailDigests: mailer ? createDigestSchedule({ preferences, outbox, timeZone, clock, log }) : undefined,
    },
    /** Gives the outbox the handlers that read the inquiries: of new inquiries, of emails and of pushes. */
    handleInquiries({ inquiries, inquiriesCreated }: InquiryNotificationSources) {
      outbox.handle(
        'inquiry.created',
        inquiryCreatedHandler({
          accounts,
          emailEnabled,
          clock,
          webhooks: (created, executor) => inquiriesCreated(created, executor, inquiries.findById),
        }),
      );
      outbox.handle(
        'email',
        mailer
          ? emailHandler({ mailer, recipients: preferences, inquiries, context: emailContext, clock })
          : emailTurnedOff,
      );
      outbox.handle('push', inquiryPushHandler({ devices: pushDevices, sender: pushSender, inquiries }));
    },
    async register(app: FastifyInstance) {
      if (mailer) verifyAtStart(app, mailer);
      await app.register(encapsulated(pushDeviceRoutes), {
        devices: pushDevices,
        sender: pushSender,
        endpointRules: pushEndpointRules,
      });
      await app.register(encapsulated(notificationRoutes), {
        preferences,
        outbox,
        mailer,
        context: emailContext,
        linksFromPublicOrigin: Boolean(config.PUBLIC_ORIGIN),
      });
    },
  };
}

const emailTurnedOff = {
  network: true,
  run: async () => {
    throw new PermanentFailure('Email is not set up: SMTP_URL is unset');
  },
};

/** Told at start rather than at the first inquiry: a wrong host or password shows in the log at once. */
function verifyAtStart(app: FastifyInstance, mailer: Mailer) {
  app.addHook('onReady', async () => {
    void mailer.verify().then(
      () => app.log.info({ server: mailer.server }, 'the mail server accepted the connection'),
      (error: unknown) =>
        app.log.warn(
          { server: mailer.server, reason: error instanceof Error ? error.message : String(error) },
          'the mail server could not be reached or refused the sign-in: email notifications will be tried again',
        ),
    );
  });
  app.addHook('onClose', async () => mailer.close());
}
