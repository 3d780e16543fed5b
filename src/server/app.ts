import cookie from '@fastify/cookie';
import Fastify, { type FastifyInstance } from 'fastify';
import { brandGamePath } from '../shared/rules/site-settings.ts';
import type { BuildAppOptions } from './app-options.ts';
import { backupDirectory, type Config, databaseTarget, linkOrigin } from './config.ts';
import { migrateToLatest, openDatabase } from './db/database.ts';
import { withDemoPictures } from './demo/demo-pictures.ts';
import { seedDemoContent } from './demo/seed.ts';
import { fastifyOptions, warnWithoutPublicOrigin } from './fastify-options.ts';
import { createAdminAuthModule } from './features/admin-auth/module.ts';
import { createApiTokensModule } from './features/api-tokens/module.ts';
import { createAuditLogModule } from './features/audit-log/module.ts';
import { createBackupsModule } from './features/backups/module.ts';
import { createBlogModule } from './features/blog/module.ts';
import { createChannelClicksModule } from './features/channel-clicks/module.ts';
import { createContactCardModule } from './features/contact-card/module.ts';
import { createContactChannelsModule } from './features/contact-channels/module.ts';
import { createContactInquiriesModule } from './features/contact-inquiries/module.ts';
import { createDashboardModule } from './features/dashboard/module.ts';
import { createDutyModule } from './features/duty/module.ts';
import { createHealthModule } from './features/health/module.ts';
import { createLiveEventsModule } from './features/live-events/module.ts';
import { createMembersModule } from './features/members/module.ts';
import { createNotificationsModule } from './features/notifications/module.ts';
import { createPostersModule } from './features/posters/module.ts';
import { createReplyTemplatesModule } from './features/reply-templates/module.ts';
import { createSiteSettingsModule } from './features/site-settings/module.ts';
import { createTeamModule } from './features/team/module.ts';
import { createUploadsModule } from './features/uploads/module.ts';
import { createWebhooksModule } from './features/webhooks/module.ts';
import { type PeriodicJob, runJobsWithApp } from './jobs/periodic-job.ts';
import type { ClickCounter } from './lib/click-counter.ts';
import { encapsulated } from './lib/encapsulated.ts';
import { createPublicContent } from './lib/public-content.ts';
import { connectRedisForApp } from './lib/redis.ts';
import { serverSecret } from './lib/server-secret.ts';
import type { SitemapSource } from './lib/sitemap-entries.ts';
import { inEveryLanguage } from './lib/sitemap-entries.ts';
import { createOutbox, type Outbox } from './outbox/outbox.ts';
import { registerApiDescription, registerApiReference } from './plugins/api-description.ts';
import { registerAuth, sessionCookie } from './plugins/auth.ts';
import { registerCompression } from './plugins/compression.ts';
import { registerMalformedUrlCheck } from './plugins/early-errors.ts';
import { registerErrorHandling } from './plugins/errors.ts';
import { registerGracefulShutdown } from './plugins/graceful-shutdown.ts';
import { registerSecurity } from './plugins/security.ts';
import { createProofOfWork } from './proof-of-work/proof-of-work.ts';
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
    channelClickCounter: ClickCounter;
    /** Counts the visitors sent to each member on duty: tests wait for its writes with settled(). */
    dutyClickCounter: Pick<ClickCounter, 'settled'>;
    /** Counts what each poster brought (decision 077): tests wait for its writes with settled(). */
    posterCounter: Pick<ClickCounter, 'settled'>;
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

/** What describes the site to crawlers, API readers and phones: the sitemap, the API reference, the icons. */
async function registerSiteDescriptions(
  app: FastifyInstance,
  config: Config,
  {
    settings,
    blog,
    uploads,
  }: {
    settings: { brandName(): Promise<string>; brand: Parameters<typeof siteIconRoutes>[1]['brand'] };
    blog: { sitemapSource: SitemapSource };
    uploads: { uploadedImage(url: string): Promise<Buffer | null> };
  },
) {
  await app.register(encapsulated(seoRoutes), {
    config,
    sitemapSources: [
      () => FIXED_PUBLIC_PATHS.flatMap((path) => inEveryLanguage(path)),
      async () => inEveryLanguage(brandGamePath(await settings.brandName())),
      blog.sitemapSource,
    ],
  });
  await registerApiReference(app, config);
  await app.register(encapsulated(siteIconRoutes), {
    brand: settings.brand,
    uploadedImage: uploads.uploadedImage,
  });
}

/**
 * Builds the whole application: the server entry and every test start here. The composition root
 * (decision 059): the cross-cutting plugins, the database and Redis, then each feature's module in the
 * order of what it needs, its routes, and the jobs of them all.
 */
export async function buildApp(config: Config, options: BuildAppOptions = {}): Promise<FastifyInstance> {
  const clock = options.clock ?? Date.now;
  const app = Fastify(fastifyOptions(config, options.logger));
  const log = app.log;
  warnWithoutPublicOrigin(config, log);
  registerErrorHandling(app);
  registerMalformedUrlCheck(app);
  registerGracefulShutdown(app, { drainMs: config.SHUTDOWN_DRAIN_MS, timeoutMs: config.SHUTDOWN_TIMEOUT_MS });

  const database = options.database ?? (await openDatabase(databaseTarget(config.DATABASE_URL)));
  if (!options.database) app.addHook('onClose', () => database.close());
  await migrateToLatest(database);
  const { db } = database;
  const redisConnection = await connectRedisForApp(app, config.REDIS_URL, options.redisTimeouts);
  const redis = redisConnection?.client;

  // External plugins first, then the app's own, then routes.
  await registerApiDescription(app, { sessionCookieName: sessionCookie(config).name });
  await registerCompression(app);
  await app.register(cookie);
  await registerSecurity(app, config);

  // What several features use. Each feature gives the outbox the handlers of its kinds before it starts.
  const outbox = createOutbox({ database, clock, log });
  app.decorate('notificationOutbox', outbox);
  const publicContent = createPublicContent(clock);
  // The settings first: their table keeps the server's keys, the proof of work's among them.
  const settings = createSiteSettingsModule({ db, publicContent, clock });
  const proofOfWork = createProofOfWork({
    secret: serverSecret(settings.serverKeys, 'proof-of-work-key'),
    maxCounter: config.PROOF_OF_WORK_MAX_COUNTER,
    ...(redis ? { redis } : {}),
  });
  // What every module is given; a module's type names the few it reads (decision 059).
  const basics = { config, database, db, redis, redisConnection, clock, log };
  const platform = { ...basics, outbox, publicContent, proofOfWork, origin: linkOrigin(config) };

  // The features, in the order of what they need. Each declares the config and ports it reads; what one
  // feature gives another is named here.
  const { timeZone, brandName, serverKeys, currentSettings } = settings;
  const shared = { ...platform, timeZone, brandName, serverKeys, settings: currentSettings };
  const adminAuth = createAdminAuthModule({ ...shared, signInSettings: settings.currentSignInSettings });
  if (options.announce) {
    await adminAuth.ensureFirstAdmin(options.announce);
    if (config.DEMO_MODE) {
      const seeded = await seedDemoContent(database, clock());
      if (Object.values(seeded).some((count) => count > 0)) log.info({ seeded }, 'demo content seeded');
    }
  }
  const { accounts } = adminAuth;
  const apiTokens = createApiTokensModule({ ...shared, accounts });
  const team = createTeamModule({ ...shared, sessions: adminAuth.sessionRecords, accounts });
  const channels = createContactChannelsModule(shared);
  const { contactChannels } = channels;
  const contactCard = createContactCardModule({ ...shared, contactChannels });
  const notifications = createNotificationsModule({
    ...shared,
    pushTimeoutMs: options.pushTimeoutMs,
    accounts,
  });
  const webhooks = createWebhooksModule({
    ...shared,
    timeoutMs: options.webhookTimeoutMs,
    onDisabled: notifications.alerts.webhookDisabled,
  });
  const liveEvents = createLiveEventsModule({
    ...shared,
    sessionIsLive: async (id) => (await apiTokens.apiTokens.isLive(id)) ?? adminAuth.sessions.isLive(id),
    heartbeatMs: options.liveEventsHeartbeatMs,
  });
  const duty = createDutyModule({ ...shared, accounts, dutySettings: settings.currentDutySettings });
  const templates = createReplyTemplatesModule(shared);
  const inquiries = createContactInquiriesModule({
    ...shared,
    assigneeOnArrival: duty.assigneeOnArrival,
    templateTitle: templates.templateTitle,
    overdueAfterHours: settings.overdueAfterHours,
    onChange: webhooks.inquiryChanged,
    publish: liveEvents.publish,
    accounts,
  });
  const { contactInquiries } = inquiries;
  notifications.handleInquiries({
    inquiries: { ...contactInquiries, overdueForDigest: inquiries.overdueForDigest },
    inquiriesCreated: webhooks.inquiriesCreated,
  });
  const uploads = createUploadsModule({ ...shared, shownBy: [settings.mentions] });
  const picturesOf = withDemoPictures(uploads.picturesOf);
  const blog = createBlogModule({ ...shared, picturesOf, onPublished: webhooks.postPublished });
  uploads.keepWhileShownBy(blog.blogPosts.mentions);
  const members = createMembersModule({ ...shared, onDeleted: webhooks.memberDeleted });
  const posters = createPostersModule({ ...shared, contactChannels, uploadedImage: uploads.uploadedImage });
  const channelClicks = createChannelClicksModule({
    ...shared,
    contactChannels,
    onDuty: duty.onDuty,
    posterSource: posters.posterSource,
  });
  app.decorate('channelClickCounter', channelClicks.counter);
  app.decorate('dutyClickCounter', duty.counter);
  app.decorate('posterCounter', posters.counter);
  const backups = createBackupsModule({
    ...shared,
    directory: backupDirectory(config, database.target),
    onCopyGivenUp: notifications.alerts.backupCopyFailed,
  });
  const auditLog = createAuditLogModule({
    ...shared,
    inquirySenderNames: contactInquiries.senderNames,
    onRecorded: notifications.securityNotice,
  });
  const dashboard = createDashboardModule({
    ...shared,
    contactInquiries,
    contactChannels,
    blogPosts: blog.blogPosts,
    channelClicks: channelClicks.channelClicks,
    blogDailyViews: blog.blogDailyViews,
    auditLog: auditLog.auditLog,
    dutyClicks: duty.clicksBetween,
    posterTotals: posters.totalsBetween,
    accounts,
  });

  // Before the routes, so that every route has their hooks.
  registerAuth(app, adminAuth.sessions, apiTokens.apiTokens, adminAuth.cookie, {
    twoFactorRequiredForAdministrators: adminAuth.twoFactorRequiredForAdministrators,
    clock,
  });
  auditLog.recordRequests(app);
  const health = createHealthModule(platform);
  for (const module of [
    ...[health, adminAuth, team, apiTokens, channels, contactCard, settings, notifications, posters],
    ...[webhooks, inquiries, liveEvents, uploads, blog, members, duty, channelClicks, dashboard, backups],
    ...[templates, auditLog],
  ])
    await module.register(app);
  await registerSiteDescriptions(app, config, { settings, blog, uploads });

  const jobs: AppJobs = { ...auditLog.jobs, ...notifications.jobs, ...blog.jobs, ...members.jobs };
  app.decorate('jobs', jobs);
  // The outbox first: what the other jobs write to it is sent until they have all stopped.
  runJobsWithApp(app, [outbox, ...Object.values(jobs), backups.schedule]);
  await serveWeb(app, config, {
    contactChannels,
    publicContent,
    picturesOf,
    currentSettings,
    currentTermsUpdatedAt: settings.currentTermsUpdatedAt,
    formerBrandNames: settings.formerBrandNames,
    blogPosts: blog.blogPosts,
    blogViews: blog.blogViews,
    uploadedImage: uploads.uploadedImage,
    submitInquiry: inquiries.submitInquiry,
    accountDeletion: members.accountDeletion,
    typicalReplyMinutes: inquiries.typicalReplyMinutes,
    posterSource: posters.posterSource,
    clock,
  });
  return app;
}
