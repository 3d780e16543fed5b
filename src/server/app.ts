import { maxHeaderSize } from 'node:http';
import path from 'node:path';
import cookie from '@fastify/cookie';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { brandGamePath } from '../shared/rules/site-settings.ts';
import { termsUpdatedAt } from '../shared/rules/terms.ts';
import { uploadOfUrl } from '../shared/rules/upload-addresses.ts';
import { backupDirectory, type Config, databaseTarget } from './config.ts';
import { type Database, migrateToLatest, openDatabase } from './db/database.ts';
import { withDemoPictures } from './demo/demo-pictures.ts';
import { seedDemoContent } from './demo/seed.ts';
import { createAdminRepository } from './features/admin-auth/admin-repository.ts';
import { ensureFirstAdmin } from './features/admin-auth/bootstrap.ts';
import { deviceCookie } from './features/admin-auth/device-cookie.ts';
import { createLoginThrottle, createTwoFactorThrottle } from './features/admin-auth/login-throttle.ts';
import { passwordConfirmation } from './features/admin-auth/password-confirmation.ts';
import { pendingSignIn } from './features/admin-auth/pending-sign-in.ts';
import { reauthenticationRoutes } from './features/admin-auth/reauthentication-routes.ts';
import { adminAuthRoutes } from './features/admin-auth/routes.ts';
import { createSessionRepository } from './features/admin-auth/session-repository.ts';
import { createSessionService } from './features/admin-auth/sessions.ts';
import { createTwoFactor } from './features/admin-auth/two-factor.ts';
import { twoFactorResetRoutes } from './features/admin-auth/two-factor-reset-routes.ts';
import { twoFactorRoutes } from './features/admin-auth/two-factor-routes.ts';
import { createApiTokens } from './features/api-tokens/api-tokens.ts';
import { createApiTokenRepository } from './features/api-tokens/repository.ts';
import { apiTokenRoutes } from './features/api-tokens/routes.ts';
import { createAuditLogPurge } from './features/audit-log/purge.ts';
import { registerAuditRecording } from './features/audit-log/recorder.ts';
import { createAuditLogRepository } from './features/audit-log/repository.ts';
import { auditLogRoutes } from './features/audit-log/routes.ts';
import { createBackupCopier } from './features/backups/backup-copier.ts';
import { createBackupCopyRepository } from './features/backups/backup-copy-repository.ts';
import { backupCopyRoutes } from './features/backups/backup-copy-routes.ts';
import { createBackupSchedule } from './features/backups/backup-schedule.ts';
import { createBackupService } from './features/backups/backup-service.ts';
import { backupRoutes } from './features/backups/routes.ts';
import { createBlogAutosaveRepository } from './features/blog/autosaves.ts';
import { createBlogDailyViewRepository } from './features/blog/daily-views.ts';
import { blogFeedRoutes } from './features/blog/feed.ts';
import { createBlogPostRepository } from './features/blog/repository.ts';
import { blogRevisionRoutes } from './features/blog/revision-routes.ts';
import { createBlogRevisionRepository } from './features/blog/revisions.ts';
import { adminBlogRoutes, publicBlogRoutes } from './features/blog/routes.ts';
import { createScheduledPublishing } from './features/blog/scheduled-publishing.ts';
import { blogSitemapSource } from './features/blog/sitemap.ts';
import { createBlogViewCounter, createBlogViewKeyPurge } from './features/blog/view-counting.ts';
import {
  type ChannelClickCounter,
  createChannelClickCounter,
} from './features/channel-clicks/click-counter.ts';
import { createChannelClickRepository } from './features/channel-clicks/repository.ts';
import { channelClickRoutes } from './features/channel-clicks/routes.ts';
import { createContactChannelRepository } from './features/contact-channels/repository.ts';
import { contactChannelRoutes } from './features/contact-channels/routes.ts';
import { createInquiryEventRepository } from './features/contact-inquiries/inquiry-events.ts';
import { createInquiryLimits } from './features/contact-inquiries/inquiry-limits.ts';
import { createInquiryNoteRepository } from './features/contact-inquiries/inquiry-notes-repository.ts';
import { inquirySubmission } from './features/contact-inquiries/inquiry-submission.ts';
import { inquiryTeamRoutes } from './features/contact-inquiries/inquiry-team-routes.ts';
import { createContactInquiryRepository } from './features/contact-inquiries/repository.ts';
import { contactInquiryRoutes, inquiryInboxRoutes } from './features/contact-inquiries/routes.ts';
import { dashboardRoutes } from './features/dashboard/routes.ts';
import { healthRoutes } from './features/health/routes.ts';
import {
  createLiveEventBus,
  type FanOut,
  fanOutChannel,
  postgresFanOut,
  redisFanOut,
} from './features/live-events/live-event-bus.ts';
import { liveEventRoutes } from './features/live-events/routes.ts';
import { accountDeletion as createAccountDeletion } from './features/members/account-deletion.ts';
import { accountDeletionRoutes } from './features/members/account-deletion-routes.ts';
import { createDeletionThrottle } from './features/members/deletion-throttle.ts';
import { createMemberPurge } from './features/members/purge.ts';
import { createMemberRepository } from './features/members/repository.ts';
import { memberRoutes } from './features/members/routes.ts';
import { backupCopyFailedAlert } from './features/notifications/backup-copy-alerts.ts';
import { createDigestSchedule } from './features/notifications/digest-schedule.ts';
import { emailHandler } from './features/notifications/email-delivery.ts';
import { inquiryCreatedHandler } from './features/notifications/inquiry-notifications.ts';
import { inquiryPushHandler } from './features/notifications/inquiry-push.ts';
import { createMailer, defaultMailFromAddress } from './features/notifications/mailer.ts';
import { createNotificationPreferences } from './features/notifications/notification-preferences.ts';
import { createPushDeviceRepository } from './features/notifications/push-device-repository.ts';
import { pushDeviceRoutes } from './features/notifications/push-device-routes.ts';
import { createPushSender } from './features/notifications/push-sender.ts';
import { notificationRoutes } from './features/notifications/routes.ts';
import { type SecurityEvent, securityNoticeAlert } from './features/notifications/security-notices.ts';
import { webhookDisabledAlert } from './features/notifications/webhook-alerts.ts';
import { createSiteSettingsRepository } from './features/site-settings/repository.ts';
import { siteSettingsRoutes } from './features/site-settings/routes.ts';
import { createInvitationThrottle } from './features/team/invitations.ts';
import { createTeamRepository } from './features/team/repository.ts';
import { invitationRoutes, teamRoutes } from './features/team/routes.ts';
import { createPicturesOf } from './features/uploads/pictures.ts';
import { createUploadRepository } from './features/uploads/repository.ts';
import { uploadFileRoutes, uploadRoutes } from './features/uploads/routes.ts';
import { createServedFiles } from './features/uploads/served-files.ts';
import { webhookRoutes } from './features/webhooks/routes.ts';
import { webhookDeliveryHandler } from './features/webhooks/webhook-delivery.ts';
import { createWebhookEvents, inquiryData } from './features/webhooks/webhook-events.ts';
import { createWebhookRepository } from './features/webhooks/webhook-repository.ts';
import { type PeriodicJob, runJobsWithApp } from './jobs/periodic-job.ts';
import { formatHostPattern } from './lib/host-patterns.ts';
import { connectRedis, type RedisConnection, type RedisTimeouts } from './lib/redis.ts';
import { serverSecret } from './lib/server-secret.ts';
import { inEveryLanguage } from './lib/sitemap-entries.ts';
import { BACKUP_COPY_LANE, createOutbox, type Outbox, PermanentFailure } from './outbox/outbox.ts';
import { registerApiDescription, registerApiReference } from './plugins/api-description.ts';
import { registerAuth, sessionCookie } from './plugins/auth.ts';
import { registerCompression } from './plugins/compression.ts';
import { earlyErrorOptions, registerMalformedUrlCheck } from './plugins/early-errors.ts';
import { registerErrorHandling } from './plugins/errors.ts';
import { gracefulShutdownOptions, registerGracefulShutdown } from './plugins/graceful-shutdown.ts';
import { createProofOfWork } from './plugins/proof-of-work.ts';
import { createPublicContent } from './plugins/public-content.ts';
import { requestLogOptions, serverLoggerOptions } from './plugins/request-log.ts';
import { registerSecurity } from './plugins/security.ts';
import { FIXED_PUBLIC_PATHS, seoRoutes } from './web/seo-routes.ts';
import { serveWeb } from './web/serve-web.ts';
import { siteIconRoutes } from './web/site-icons.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The notification outbox: tests drain it instead of waiting for the worker's next poll. */
    notificationOutbox: Outbox;
    /** Every periodic job, by name (decision 057): tests run one now instead of waiting for its time. */
    jobs: AppJobs;
    /** Counts channel clicks off the redirect's path: tests wait for its writes with settled(). */
    channelClickCounter: ChannelClickCounter;
  }
}

interface AppJobs {
  auditLogPurge: PeriodicJob<number>;
  /** Without SMTP_URL there are none. */
  emailDigests: PeriodicJob<number> | undefined;
  blogViewKeyPurge: PeriodicJob;
  scheduledPublishing: PeriodicJob<number>;
  memberPurge: PeriodicJob<number>;
}

/** Where links in notifications point without PUBLIC_ORIGIN: the address the server listens on. */
function ownOrigin(config: Pick<Config, 'HOST' | 'PORT'>): string {
  const host = ['0.0.0.0', '::', ''].includes(config.HOST) ? 'localhost' : config.HOST;
  return `http://${host.includes(':') ? `[${host}]` : host}:${config.PORT}`;
}

export interface BuildAppOptions {
  /** An already open database (tests); otherwise one is opened from DATABASE_URL and closed with the app. */
  database?: Database;
  /** Milliseconds since the epoch; tests move time forward to expire sessions. */
  clock?: () => number;
  logger?: FastifyServerOptions['logger'];
  /**
   * Set by the server entry: creates the first admin when there is none (printing a generated password
   * through this function) and seeds demo content in demo mode. Tests make their own data instead.
   */
  announce?: (message: string) => void;
  /** How often open event streams get a heartbeat and a session check (tests shorten it). */
  liveEventsHeartbeatMs?: number;
  /** How long a webhook delivery waits for its receiver (10 s; tests shorten it). */
  webhookTimeoutMs?: number;
  /** How long a push waits for its push service (10 s; tests shorten it). */
  pushTimeoutMs?: number;
  /**
   * When Redis counts as away (REDIS_TIMEOUTS_MS): tests of counting shared between instances lengthen them,
   * so that a busy test machine is not taken for an outage.
   */
  redisTimeouts?: RedisTimeouts;
}

function trustProxy(value: string | undefined): FastifyServerOptions['trustProxy'] {
  if (value === undefined || value === 'false') return false;
  if (value === 'true') return true;
  // A hop count is passed on as a number; Fastify's type omits it though proxy-addr accepts it.
  if (/^\d+$/.test(value)) return Number(value) as unknown as string;
  return value.split(',').map((entry) => entry.trim());
}

/**
 * How live updates reach the other instances: Redis when there is one, else PostgreSQL's LISTEN/NOTIFY; on
 * SQLite (one instance) none is needed.
 */
function liveEventsFanOut(
  database: Database,
  redis: RedisConnection | undefined,
  app: FastifyInstance,
): FanOut | undefined {
  if (redis) return redisFanOut(redis, fanOutChannel(database.pgSchema, ':'), app.log);
  if (database.target.dialect === 'postgres')
    return postgresFanOut({
      url: database.target.url,
      channel: fanOutChannel(database.pgSchema, '_'),
      db: database.db,
      log: app.log,
    });
  return undefined;
}

/** Builds the whole application: the server entry and every test start here. */
export async function buildApp(config: Config, options: BuildAppOptions = {}): Promise<FastifyInstance> {
  const clock = options.clock ?? Date.now;
  const app = Fastify({
    logger: options.logger ?? serverLoggerOptions(config.LOG_LEVEL),
    bodyLimit: config.BODY_LIMIT_BYTES,
    trustProxy: trustProxy(config.TRUST_PROXY),
    // A long path parameter (a mistyped or hostile id) gets the route's own 401 or 400, not the router's
    // 414: no parameter can be longer than the request line, which Node's header limit bounds.
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: maxHeaderSize },
    ...earlyErrorOptions(config),
    ...gracefulShutdownOptions,
    ...requestLogOptions(),
  });
  if (config.NODE_ENV === 'production' && !config.PUBLIC_ORIGIN) {
    const listed = config.ALLOWED_HOSTS.map(formatHostPattern).join(', ') || 'none';
    app.log.warn(
      `PUBLIC_ORIGIN is not set: only requests for localhost, 127.0.0.1, [::1] and the hosts in ALLOWED_HOSTS ` +
        `(${listed}) are answered, others get 400, and links in pages, the sitemap and the feed name the ` +
        'address each request was sent to. Set PUBLIC_ORIGIN to the address visitors use ' +
        '(e.g. https://support.example.in), or list the names the site is reached by in ALLOWED_HOSTS.',
    );
  }
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  registerMalformedUrlCheck(app);
  registerGracefulShutdown(app, { drainMs: config.SHUTDOWN_DRAIN_MS, timeoutMs: config.SHUTDOWN_TIMEOUT_MS });

  const database = options.database ?? (await openDatabase(databaseTarget(config.DATABASE_URL)));
  if (!options.database) app.addHook('onClose', () => database.close());
  await migrateToLatest(database);

  const redisConnection = config.REDIS_URL
    ? connectRedis(config.REDIS_URL, app.log, options.redisTimeouts)
    : undefined;
  const redis = redisConnection?.client;
  if (redisConnection) {
    // The first requests count in Redis like the rest, unless Redis is away: then starting waits no longer
    // than one failed attempt (the connect timeout at most).
    app.addHook('onReady', () => redisConnection.firstAttempt());
    app.addHook('onClose', () => redisConnection.close());
  }

  // External plugins first, then the app's own, then routes.
  await registerApiDescription(app, { sessionCookieName: sessionCookie(config).name });
  await registerCompression(app);
  await app.register(cookie);
  await registerSecurity(app, config);

  const { db } = database;
  const admins = createAdminRepository(db);
  const sessionRecords = createSessionRepository(db);
  const sessions = createSessionService(
    sessionRecords,
    { idleMs: config.SESSION_IDLE_MINUTES * 60_000, absoluteMs: config.SESSION_ABSOLUTE_MINUTES * 60_000 },
    clock,
  );
  const contactChannels = createContactChannelRepository(db);
  const contactInquiries = createContactInquiryRepository(db, database.dialect, {
    clock,
    onChange: (trx, change, inquiry) => webhookEvents.record(trx, change, inquiryData(inquiry)),
  });
  const siteSettings = createSiteSettingsRepository(db);
  const blogPosts = createBlogPostRepository(db, {
    clock,
    onPublished: (trx, post) => webhookEvents.record(trx, 'post.published', webhookEvents.postData(post)),
  });
  const members = createMemberRepository(db, database.dialect, {
    clock,
    onDeleted: (trx, id) => webhookEvents.record(trx, 'member.deleted', { id }),
  });
  const publicContent = createPublicContent(clock);
  const currentSettings = publicContent.cached(() => siteSettings.get());
  if (options.announce) {
    await ensureFirstAdmin(admins, config, options.announce);
    if (config.DEMO_MODE) {
      const seeded = await seedDemoContent(database, clock());
      if (Object.values(seeded).some((count) => count > 0)) app.log.info({ seeded }, 'demo content seeded');
    }
  }
  const currentSignInSettings = publicContent.cached(() => siteSettings.signInSettings());
  const currentTermsUpdatedAt = publicContent.cached(async () =>
    termsUpdatedAt(await siteSettings.termsFactsChangedAt()),
  );
  const twoFactorRequiredForAdministrators = async () =>
    (await currentSignInSettings()).requireTwoFactorForAdministrators;
  const cookieJar = sessionCookie(config);
  const apiTokenRepository = createApiTokenRepository(db, database.dialect);
  const apiTokens = createApiTokens(apiTokenRepository, clock);
  registerAuth(app, sessions, apiTokens, cookieJar, { twoFactorRequiredForAdministrators, clock });
  const auditLog = createAuditLogRepository(db);
  // Set once the outbox exists (below); asked only when a request is recorded, after the app is built.
  let securityNotice: ((event: SecurityEvent) => Promise<void>) | undefined;
  // Before the routes, so that every route has the hook.
  registerAuditRecording(app, {
    auditLog,
    clock,
    onRecorded: async (entry) => securityNotice?.(entry),
  });
  const auditLogPurge = createAuditLogPurge({
    auditLog,
    keepDays: config.AUDIT_LOG_KEEP_DAYS,
    clock,
    log: app.log,
  });

  await app.register(healthRoutes, {
    database,
    ...(redisConnection ? { redis: redisConnection } : {}),
    shuttingDown: app.gracefulShutdown.isShuttingDown,
  });
  const twoFactor = createTwoFactor({
    admins,
    clock,
    issuer: async () => (await currentSettings()).brandName,
  });
  const twoFactorThrottle = createTwoFactorThrottle(redis);
  const loginThrottle = createLoginThrottle(redis);
  const trustedDevices = deviceCookie(config, serverSecret(db, 'device-cookie-key', clock));
  const confirmPassword = passwordConfirmation({ admins, throttle: loginThrottle, devices: trustedDevices });
  await app.register(adminAuthRoutes, {
    config,
    admins,
    sessionRecords,
    sessions,
    cookie: cookieJar,
    throttle: loginThrottle,
    devices: trustedDevices,
    confirmPassword,
    clock,
    twoFactor,
    twoFactorThrottle,
    pending: pendingSignIn(config, serverSecret(db, 'pending-sign-in-key', clock), clock),
    twoFactorRequiredForAdministrators,
  });
  await app.register(reauthenticationRoutes, {
    admins,
    sessions,
    confirmPassword,
    twoFactor,
    twoFactorThrottle,
    devices: trustedDevices,
  });
  const team = createTeamRepository(db, database.dialect, { sessions: sessionRecords, clock });
  await app.register(teamRoutes, { config, team, clock });
  await app.register(apiTokenRoutes, { repository: apiTokenRepository, apiTokens });
  await app.register(invitationRoutes, { team, throttle: createInvitationThrottle(redis) });
  await app.register(twoFactorRoutes, {
    admins,
    confirmPassword,
    twoFactor,
    twoFactorThrottle,
    twoFactorRequiredForAdministrators,
  });
  await app.register(twoFactorResetRoutes, { twoFactor, sessionRecords });
  await app.register(contactChannelRoutes, { db, contactChannels, publicContent });
  await app.register(siteSettingsRoutes, {
    siteSettings,
    currentSettings,
    publicContent,
    currentSignInSettings,
    currentTermsUpdatedAt,
  });
  const proofOfWork = createProofOfWork({
    secret: serverSecret(db, 'proof-of-work-key', clock),
    maxCounter: config.PROOF_OF_WORK_MAX_COUNTER,
    ...(redis ? { redis } : {}),
  });
  const mailer = config.SMTP_URL
    ? createMailer({
        smtpUrl: config.SMTP_URL,
        mailFrom: config.MAIL_FROM ?? { address: defaultMailFromAddress(config.PUBLIC_ORIGIN) },
      })
    : undefined;
  if (mailer) {
    // Told at start rather than at the first inquiry: a wrong host or password shows in the log at once.
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
  const linkOrigin = config.PUBLIC_ORIGIN ?? ownOrigin(config);
  const emailContext = async () => {
    const { brandName, timeZone } = await currentSettings();
    return { brandName, timeZone, origin: linkOrigin };
  };
  const notificationPreferences = createNotificationPreferences(db);
  const pushDevices = createPushDeviceRepository(db, database.dialect, clock);
  // Push goes through the egress guard to push services only (decision 047).
  const pushEndpointRules = {
    allowPrivate: config.WEBHOOKS_ALLOW_PRIVATE_HTTP,
    extraHosts: config.PUSH_SERVICE_HOSTS,
  };
  const pushSender = createPushSender(db, config, pushEndpointRules, clock, options.pushTimeoutMs);
  await app.register(pushDeviceRoutes, {
    devices: pushDevices,
    sender: pushSender,
    endpointRules: pushEndpointRules,
  });
  // Webhook events go through the notifications' outbox (decision 042); it is made below, with their handlers.
  const webhookEvents = createWebhookEvents({
    outbox: {
      enqueue: (executor, kind, payload, entryOptions) =>
        outbox.enqueue(executor, kind, payload, entryOptions),
      nudge: () => outbox.nudge(),
    },
    origin: linkOrigin,
    clock,
  });
  const webhookHandlers = {
    'inquiry.updated': webhookEvents.handler,
    'inquiry.deleted': webhookEvents.handler,
    'post.published': webhookEvents.handler,
    'member.deleted': webhookEvents.handler,
    webhook: webhookDeliveryHandler({
      clock,
      allowPrivate: config.WEBHOOKS_ALLOW_PRIVATE_HTTP,
      onDisabled: webhookDisabledAlert({ emailEnabled: Boolean(mailer), clock }),
      ...(options.webhookTimeoutMs ? { timeoutMs: options.webhookTimeoutMs } : {}),
    }),
  };
  // Every backup is copied off the machine, encrypted, through the outbox's own lane (decision 056).
  const backups = createBackupService({
    target: database.target,
    ...(database.pgSchema ? { pgSchema: database.pgSchema } : {}),
    directory: backupDirectory(config, database.target),
    clock,
  });
  const backupCopies = createBackupCopyRepository(db, clock);
  const backupCopyRules = { allowPrivate: config.WEBHOOKS_ALLOW_PRIVATE_HTTP };
  const backupCopier = createBackupCopier({
    db,
    copies: backupCopies,
    directory: backups.directory,
    rules: backupCopyRules,
    keepDays: config.BACKUP_KEEP_DAYS,
    lane: BACKUP_COPY_LANE,
    outbox: {
      enqueue: (executor, kind, payload, entryOptions) =>
        outbox.enqueue(executor, kind, payload, entryOptions),
      nudge: () => outbox.nudge(),
    },
    permanentFailure: (message) => new PermanentFailure(message),
    onGivenUp: backupCopyFailedAlert({ emailEnabled: Boolean(mailer), clock }),
    clock,
    log: app.log,
  });
  const outbox = createOutbox({
    database,
    clock,
    log: app.log,
    handlers: {
      'inquiry.created': inquiryCreatedHandler({
        emailEnabled: Boolean(mailer),
        clock,
        webhooks: (created, executor) =>
          webhookEvents.inquiriesCreated(created, executor, contactInquiries.findById),
      }),
      email: mailer
        ? emailHandler({
            mailer,
            recipients: notificationPreferences,
            inquiries: contactInquiries,
            context: emailContext,
            clock,
          })
        : {
            network: true,
            run: async () => {
              throw new PermanentFailure('Email is not set up: SMTP_URL is unset');
            },
          },
      push: inquiryPushHandler({ devices: pushDevices, sender: pushSender }),
      ...webhookHandlers,
      'backup-copy': backupCopier.handler,
    },
  });
  app.decorate('notificationOutbox', outbox);
  securityNotice = securityNoticeAlert({
    db,
    emailEnabled: Boolean(mailer),
    nudge: () => outbox.nudge(),
    clock,
  });
  const emailDigests = mailer
    ? createDigestSchedule({
        preferences: notificationPreferences,
        outbox,
        timeZone: async () => (await currentSettings()).timeZone,
        clock,
        log: app.log,
      })
    : undefined;
  await app.register(notificationRoutes, {
    preferences: notificationPreferences,
    outbox,
    mailer,
    context: emailContext,
    linksFromPublicOrigin: Boolean(config.PUBLIC_ORIGIN),
  });
  const webhooks = createWebhookRepository(db, { clock });
  await app.register(webhookRoutes, {
    webhooks,
    outbox,
    allowPrivateHttp: config.WEBHOOKS_ALLOW_PRIVATE_HTTP,
  });
  const liveEvents = createLiveEventBus({
    fanOut: liveEventsFanOut(database, redisConnection, app),
    log: app.log,
  });
  app.addHook('onReady', () => liveEvents.start());
  app.addHook('onClose', () => liveEvents.close());
  // One submission (one set of limits) for the form's JSON call and the form posted without script.
  const submitInquiry = inquirySubmission({
    contactInquiries,
    groupCommit: database.groupCommit,
    outbox,
    onCommitted: (id) => liveEvents.publish({ type: 'inquiry.created', id }),
    limits: createInquiryLimits(
      {
        perAddressPerHour: config.INQUIRY_LIMIT_PER_HOUR,
        perSenderPerHour: config.INQUIRY_LIMIT_PER_SENDER_PER_HOUR,
        challengeAfterPerHour: config.INQUIRY_CHALLENGE_AFTER_PER_HOUR,
      },
      { proofOfWork, ...(redis ? { redis } : {}) },
    ),
  });
  await app.register(contactInquiryRoutes, { submitInquiry });
  await app.register(inquiryInboxRoutes, {
    contactInquiries,
    timeZone: async () => (await currentSettings()).timeZone,
    onChange: (event) => liveEvents.publish(event),
  });
  await app.register(inquiryTeamRoutes, {
    contactInquiries,
    notes: createInquiryNoteRepository(db, database.dialect, {
      clock,
      onChange: (trx, inquiryId) => contactInquiries.noteChanged(inquiryId, trx),
    }),
    events: createInquiryEventRepository(db),
    onChange: (event) => liveEvents.publish(event),
  });
  await app.register(liveEventRoutes, {
    events: liveEvents,
    sessionIsLive: async (sessionId) => (await apiTokens.isLive(sessionId)) ?? sessions.isLive(sessionId),
    ...(options.liveEventsHeartbeatMs ? { heartbeatMs: options.liveEventsHeartbeatMs } : {}),
  });
  const blogViews = createBlogViewCounter({ db, blogPosts, clock });
  const blogViewKeyPurge = createBlogViewKeyPurge({ blogPosts, clock, log: app.log });
  const uploads = createUploadRepository(db, [blogPosts.mentions, siteSettings.mentions]);
  const servedFiles = createServedFiles(uploads);
  const picturesOf = withDemoPictures(createPicturesOf(uploads));
  const uploadedImage = async (url: string) => {
    const upload = uploadOfUrl(url);
    return (upload && (await servedFiles.get(upload.id, upload.file))?.data) ?? null;
  };
  await app.register(uploadRoutes, { uploads, servedFiles, publicContent });
  await app.register(uploadFileRoutes, { servedFiles });
  await app.register(publicBlogRoutes, { blogPosts, blogViews, picturesOf });
  const blogTimeZone = async () => (await currentSettings()).timeZone;
  await app.register(adminBlogRoutes, { blogPosts, publicContent, clock, timeZone: blogTimeZone });
  await app.register(blogRevisionRoutes, {
    blogPosts,
    publicContent,
    clock,
    timeZone: blogTimeZone,
    revisions: createBlogRevisionRepository(db),
    autosaves: createBlogAutosaveRepository(db, { clock }),
  });
  const scheduledPublishing = createScheduledPublishing({ blogPosts, publicContent, clock, log: app.log });
  await app.register(blogFeedRoutes, {
    config,
    blogPosts,
    brandName: async () => (await currentSettings()).brandName,
  });
  await app.register(memberRoutes, { members });
  // One deletion (one throttle) for the page's JSON call and the page posted without script.
  const accountDeletion = createAccountDeletion({
    members,
    throttle: createDeletionThrottle({ proofOfWork, ...(redis ? { redis } : {}) }),
    key: serverSecret(db, 'account-deletion-confirmation-key', clock),
    clock,
  });
  await app.register(accountDeletionRoutes, { accountDeletion });
  const memberPurge = createMemberPurge({ members, clock, log: app.log });
  const channelClicks = createChannelClickRepository(db);
  const businessTimeZone = async () => (await currentSettings()).timeZone;
  const channelClickCounter = createChannelClickCounter({
    channelClicks,
    timeZone: businessTimeZone,
    clock,
    log: app.log,
  });
  app.decorate('channelClickCounter', channelClickCounter);
  app.addHook('onClose', () => channelClickCounter.settled());
  await app.register(channelClickRoutes, { contactChannels, counter: channelClickCounter });
  await app.register(dashboardRoutes, {
    contactInquiries,
    contactChannels,
    blogPosts,
    channelClicks,
    blogDailyViews: createBlogDailyViewRepository(db),
    auditLog,
    timeZone: businessTimeZone,
    clock,
  });
  const backupSchedule = createBackupSchedule({
    backups,
    keepDays: config.BACKUP_KEEP_DAYS,
    clock,
    log: app.log,
    onTaken: async (taken) => {
      await backupCopier.queue(path.basename(taken.path));
    },
  });
  await app.register(backupRoutes, { backups, schedule: backupSchedule });
  await app.register(backupCopyRoutes, {
    copies: backupCopies,
    copier: backupCopier,
    backups,
    rules: backupCopyRules,
  });
  await app.register(auditLogRoutes, {
    auditLog,
    keepDays: config.AUDIT_LOG_KEEP_DAYS,
    timeZone: async () => (await currentSettings()).timeZone,
    inquirySenderNames: (ids) => contactInquiries.senderNames(ids),
  });
  await app.register(seoRoutes, {
    config,
    sitemapSources: [
      () => FIXED_PUBLIC_PATHS.flatMap((path) => inEveryLanguage(path)),
      async () => inEveryLanguage(brandGamePath((await currentSettings()).brandName)),
      blogSitemapSource(blogPosts),
    ],
  });

  await registerApiReference(app, config);

  await app.register(siteIconRoutes, {
    brand: async () => {
      const { brandName, logo } = await currentSettings();
      return { name: brandName, logo };
    },
    uploadedImage,
  });
  const jobs: AppJobs = { auditLogPurge, emailDigests, blogViewKeyPurge, scheduledPublishing, memberPurge };
  app.decorate('jobs', jobs);
  // The outbox first: what the other jobs write to it is sent until they have all stopped.
  runJobsWithApp(app, [outbox, ...Object.values(jobs), backupSchedule]);
  await serveWeb(app, config, {
    contactChannels,
    currentSettings,
    currentTermsUpdatedAt,
    formerBrandNames: () => siteSettings.formerBrandNames(),
    publicContent,
    blogPosts,
    blogViews,
    picturesOf,
    uploadedImage,
    submitInquiry,
    accountDeletion,
  });
  return app;
}
