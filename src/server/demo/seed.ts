import type { Kysely } from 'kysely';
import { BlogPostInputSchema } from '../../shared/contracts/blog.ts';
import type { InquiryStatus } from '../../shared/rules/contact-inquiries.ts';
import { HOUR_MS } from '../../shared/time.ts';
import type { Database, Dialect } from '../db/database.ts';
import type { DB } from '../db/schema.ts';
import { createAccounts } from '../features/admin-auth/accounts.ts';
import { createAdminRepository } from '../features/admin-auth/admin-repository.ts';
import { createBlogPostRepository } from '../features/blog/repository.ts';
import {
  type ContactChannelRepository,
  createContactChannelRepository,
} from '../features/contact-channels/repository.ts';
import { createContactInquiryRepository } from '../features/contact-inquiries/repository.ts';
import { ContactInquiryBodySchema } from '../features/contact-inquiries/schemas.ts';
import { normaliseMobile } from '../features/members/mobile.ts';
import { createMemberRepository } from '../features/members/repository.ts';
import { createSiteSettingsRepository } from '../features/site-settings/repository.ts';
import { hashPassword } from '../lib/password.ts';
import {
  DEMO_BLOG_POSTS,
  DEMO_FIGURES,
  DEMO_INQUIRIES,
  DEMO_MEMBER_PASSWORD,
  DEMO_MEMBERS,
  DEMO_POST_AUTHOR,
} from './demo-content.ts';

/** The sample channels of demo mode (numbers in E.164, as stored); the benchmark publishes the same list. */
const DEMO_CONTACT_CHANNELS = [
  { type: 'whatsapp', value: '+919876543210', proof: 'Main support line' },
  { type: 'phone', value: '+919876543210', proof: 'Call us, 9 AM - 8 PM' },
  { type: 'telegram', value: '@sampark_support', proof: 'Community and updates' },
  { type: 'email', value: 'support@example.com', proof: '' },
  { type: 'instagram', value: 'https://instagram.com/sampark', proof: '' },
  { type: 'facebook', value: 'https://facebook.com/sampark', proof: '' },
  { type: 'youtube', value: 'https://youtube.com/@sampark', proof: '' },
  { type: 'website', value: 'https://www.example.com', proof: '' },
] as const;

/** How many samples of each kind a start added (0 for a kind the site already had). */
export interface DemoSeedCounts {
  contactChannels: number;
  blogPosts: number;
  inquiries: number;
  members: number;
  /** The marketing figures (users, rating) of the Settings screen. */
  figures: number;
}

/** How long after an inquiry arrived the team moved it to its status (never later than now). */
const HANDLED_AFTER_MS: Record<Exclude<InquiryStatus, 'new'>, number> = {
  'in-progress': 2 * HOUR_MS,
  resolved: 26 * HOUR_MS,
  closed: 50 * HOUR_MS,
};

/**
 * Demo mode only (buildApp calls it on start when DEMO_MODE is set): sample contact channels, blog posts,
 * inquiries and members, dated back from `now` so the dashboard's last 30 days look like a live site's.
 * Each kind is seeded only while the site has none of it, so a restart adds nothing and an admin's own
 * content is never mixed with samples (decision 021). Meant for one instance starting at a time.
 */
export async function seedDemoContent(database: Database, now: number): Promise<DemoSeedCounts> {
  const { db, dialect } = database;
  return {
    contactChannels: await seedDemoContactChannels(createContactChannelRepository(db)),
    blogPosts: await seedBlogPosts(db, now),
    inquiries: await seedInquiries(db, dialect, now),
    members: await seedMembers(db, dialect, now),
    figures: await seedFigures(db),
  };
}

/**
 * A new site claims no figures (decision 053); a demo shows what a site with its figures entered looks like,
 * while the owner has entered neither.
 */
async function seedFigures(db: Kysely<DB>): Promise<number> {
  const siteSettings = createSiteSettingsRepository(db);
  const settings = await siteSettings.get();
  if (settings.usersCount !== '' || settings.rating !== '') return 0;
  await siteSettings.save({ ...settings, ...DEMO_FIGURES });
  return Object.keys(DEMO_FIGURES).length;
}

export async function seedDemoContactChannels(contactChannels: ContactChannelRepository): Promise<number> {
  if ((await contactChannels.listAll()).length > 0) return 0;
  for (const sample of DEMO_CONTACT_CHANNELS) await contactChannels.create({ ...sample, isActive: true });
  return DEMO_CONTACT_CHANNELS.length;
}

// The repositories stamp records with their clock: each sample is written with the clock set to its own
// time, through the same repository code (and checked by the same schemas) as the back office's. Posts and
// inquiries are written in one transaction each: a failed start leaves none behind to keep the next one
// from seeding them.

function seedBlogPosts(db: Kysely<DB>, now: number): Promise<number> {
  return db.transaction().execute(async (trx) => {
    let at = now;
    const blogPosts = createBlogPostRepository(trx, { clock: () => at });
    if ((await blogPosts.listAll({ page: 1, pageSize: 1 })).total > 0) return 0;
    for (const sample of DEMO_BLOG_POSTS) {
      at = sample.written(now);
      const post = await blogPosts.create(
        BlogPostInputSchema.parse({ author: DEMO_POST_AUTHOR, ...sample.values }),
      );
      if (sample.views > 0) await blogPosts.setViews(post._id, sample.views);
    }
    return DEMO_BLOG_POSTS.length;
  });
}

function seedInquiries(db: Kysely<DB>, dialect: Dialect, now: number): Promise<number> {
  return db.transaction().execute(async (trx) => {
    let at = now;
    const inquiries = createContactInquiryRepository(trx, dialect, {
      team: createAccounts(trx, dialect),
      clock: () => at,
    });
    if ((await inquiries.stats()).total > 0) return 0;
    // Oldest first: the inbox lists by arrival order.
    const samples = [...DEMO_INQUIRIES].sort((a, b) => a.sent(now) - b.sent(now));
    for (const sample of samples) {
      const sent = sample.sent(now);
      at = sent;
      const id = await inquiries.create(ContactInquiryBodySchema.parse(sample.values));
      if (sample.status !== 'new') {
        at = Math.max(sent, Math.min(sent + HANDLED_AFTER_MS[sample.status], now));
        await inquiries.setStatus(id, sample.status, null);
      }
      if (!sample.unread) await inquiries.setRead(id, true);
    }
    return samples.length;
  });
}

async function seedMembers(db: Kysely<DB>, dialect: Dialect, now: number): Promise<number> {
  let at = now;
  // Not one transaction: the repository writes each member and its audit entry in a transaction of its own.
  const members = createMemberRepository(db, dialect, { clock: () => at });
  if ((await members.list({ page: 1, pageSize: 1 })).total > 0) return 0;
  // The audit log names the admin who created each member: the site's first admin, made just before.
  const owner = await createAdminRepository(db).oldest();
  if (!owner) throw new Error('demo members need an admin to have created them');
  const passwordHash = await hashPassword(DEMO_MEMBER_PASSWORD);
  for (const sample of DEMO_MEMBERS) {
    const mobile = normaliseMobile(sample.mobile);
    if (!mobile) throw new Error(`demo member mobile ${sample.mobile} is not a valid mobile number`);
    at = sample.created(now);
    const member = await members.create(
      { mobile: mobile.e164, displayName: sample.displayName, passwordHash },
      owner,
    );
    for (const change of sample.later ?? []) {
      at = change.at(now);
      if (change.kind === 'renamed')
        await members.update(member._id, { displayName: change.displayName }, owner);
      else if (change.kind === 'disabled') await members.update(member._id, { status: 'disabled' }, owner);
      else await members.setPasswordHash(member._id, passwordHash, owner);
    }
  }
  return DEMO_MEMBERS.length;
}
