import type { Migration } from 'kysely';
import type { Dialect } from '../database.ts';
import { adminsAndContactChannels } from './0001-admins-and-contact-channels.ts';
import { siteSettingsAndContactInquiries } from './0002-site-settings-and-contact-inquiries.ts';
import { inquiryInbox } from './0003-inquiry-inbox.ts';
import { blogPosts } from './0004-blog-posts.ts';
import { blogViews } from './0005-blog-views.ts';
import { members } from './0006-members.ts';
import { adminSignInRecord } from './0007-admin-sign-in-record.ts';

/**
 * Migrations are code, bundled with the server (no directory scan), and written once for both
 * dialects: only column types differ. Append new ones; never edit one that has shipped. The names below
 * are what each database records in kysely_migration: they never change.
 */
export function migrations(dialect: Dialect): Record<string, Migration> {
  return {
    '0001_admins_and_contact_channels': adminsAndContactChannels(dialect),
    '0002_site_settings_and_contact_inquiries': siteSettingsAndContactInquiries(dialect),
    '0003_inquiry_inbox': inquiryInbox(dialect),
    '0004_blog_posts': blogPosts(dialect),
    '0005_blog_views': blogViews(),
    '0006_members': members(dialect),
    '0007_admin_sign_in_record': adminSignInRecord(dialect),
  };
}
