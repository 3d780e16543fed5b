import type { Kysely, Migration } from 'kysely';
import type { Dialect } from '../database.ts';
import { adminsAndContactChannels } from './0001-admins-and-contact-channels.ts';
import { siteSettingsAndContactInquiries } from './0002-site-settings-and-contact-inquiries.ts';
import { inquiryInbox } from './0003-inquiry-inbox.ts';
import { blogPosts } from './0004-blog-posts.ts';
import { blogViews } from './0005-blog-views.ts';
import { members } from './0006-members.ts';
import { adminSignInRecord } from './0007-admin-sign-in-record.ts';
import { contactFactsInChannels } from './0008-contact-facts-in-channels.ts';
import { formerBrandNames } from './0009-former-brand-names.ts';
import { phoneNumbersInE164 } from './0010-phone-numbers-in-e164.ts';
import { notifications } from './0011-notifications.ts';
import { team } from './0012-team.ts';
import { contentTools } from './0013-content-tools.ts';
import { postLanguages } from './0014-post-languages.ts';
import { hindiOwnerTexts } from './0015-hindi-owner-texts.ts';
import { integrations } from './0016-integrations.ts';
import { sessionReauthentication } from './0017-session-reauthentication.ts';
import { outboxLanes } from './0018-outbox-lanes.ts';
import { inquiryLanguage } from './0019-inquiry-language.ts';
import { noInventedFigures } from './0020-no-invented-figures.ts';
import { passwordToChange } from './0021-password-to-change.ts';
import { backupCopies } from './0022-backup-copies.ts';
import { postgresInboxAtScale } from './0023-postgres-inbox-at-scale.ts';
import { dutyRoster } from './0024-duty-roster.ts';
import { posters } from './0025-posters.ts';
import { replyTemplates } from './0026-reply-templates.ts';
import { type MigrationContext, migrationContext } from './migration-context.ts';

/**
 * Each migration by the name databases record in kysely_migration: the names never change. Append new ones;
 * never edit one that has shipped.
 */
const MIGRATIONS: Record<string, (db: Kysely<unknown>, context: MigrationContext) => Promise<void>> = {
  '0001_admins_and_contact_channels': adminsAndContactChannels,
  '0002_site_settings_and_contact_inquiries': siteSettingsAndContactInquiries,
  '0003_inquiry_inbox': inquiryInbox,
  '0004_blog_posts': blogPosts,
  '0005_blog_views': blogViews,
  '0006_members': members,
  '0007_admin_sign_in_record': adminSignInRecord,
  '0008_contact_facts_in_channels': contactFactsInChannels,
  '0009_former_brand_names': formerBrandNames,
  '0010_phone_numbers_in_e164': phoneNumbersInE164,
  '0011_notifications': notifications,
  '0012_team': team,
  '0013_content_tools': contentTools,
  '0014_post_languages': postLanguages,
  '0015_hindi_owner_texts': hindiOwnerTexts,
  '0016_integrations': integrations,
  '0017_session_reauthentication': sessionReauthentication,
  '0018_outbox_lanes': outboxLanes,
  '0019_inquiry_language': inquiryLanguage,
  '0020_no_invented_figures': noInventedFigures,
  '0021_password_to_change': passwordToChange,
  '0022_backup_copies': backupCopies,
  '0023_postgres_inbox_at_scale': postgresInboxAtScale,
  '0024_duty_roster': dutyRoster,
  '0025_posters': posters,
  '0026_reply_templates': replyTemplates,
};

/**
 * Migrations are code, bundled with the server (no directory scan), and written once for both dialects:
 * only column types differ.
 */
export function migrations(dialect: Dialect): Record<string, Migration> {
  const context = migrationContext(dialect);
  return Object.fromEntries(
    Object.entries(MIGRATIONS).map(([name, up]) => [name, { up: (db: Kysely<unknown>) => up(db, context) }]),
  );
}
