import type { ColumnType, Generated } from 'kysely';

/** Timestamps are ISO 8601 strings going in; SQLite gives strings back, PostgreSQL gives Dates. */
export type Timestamp = ColumnType<string | Date, string, string>;
/** Booleans are stored as 0/1 integers on both dialects, so one mapping serves both. */
export type Flag = ColumnType<number, number, number>;

export interface AdminTable {
  id: string;
  email: string;
  passwordHash: string;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

export interface AdminSessionTable {
  /** SHA-256 of the cookie token: a stolen database does not yield usable cookies. */
  id: string;
  adminId: string;
  createdAt: Timestamp;
  lastSeenAt: Timestamp;
  expiresAt: Timestamp;
}

export interface ContactChannelTable {
  id: string;
  type: string;
  value: string;
  proof: string;
  isActive: Flag;
  position: number;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

/** One row, id 'site': the admin's settings as JSON text. */
export interface SiteSettingsTable {
  id: string;
  settings: string;
  updatedAt: Timestamp;
}

export interface ContactInquiryTable {
  /** Grows with every new inquiry: newest first is `seq` descending (decision 008). */
  seq: Generated<number>;
  id: string;
  name: string;
  phone: string;
  email: string;
  city: string;
  query: string;
  service: string;
  status: ColumnType<string, string | undefined, string>;
  isRead: ColumnType<number, number | undefined, number>;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

/** Kept by triggers: how many inquiries have each (status, read) pair. */
export interface ContactInquiryCountTable {
  status: string;
  isRead: number;
  count: number;
}

export interface BlogPostTable {
  id: string;
  slug: string;
  title: string;
  description: string;
  content: string;
  category: ColumnType<string, string | undefined, string>;
  image: ColumnType<string, string | undefined, string>;
  author: ColumnType<string, string | undefined, string>;
  isPublished: ColumnType<number, number | undefined, number>;
  views: ColumnType<number, number | undefined, number>;
  publishedAt: ColumnType<string | Date | null, string | null | undefined, string | null>;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

/** A view counted: once per (post, visitor, day). `day` is YYYY-MM-DD; `visitor` a keyed hash. */
export interface BlogPostViewTable {
  postId: string;
  visitor: string;
  day: string;
}

export interface DB {
  admins: AdminTable;
  adminSessions: AdminSessionTable;
  contactChannels: ContactChannelTable;
  siteSettings: SiteSettingsTable;
  contactInquiries: ContactInquiryTable;
  contactInquiryCounts: ContactInquiryCountTable;
  blogPosts: BlogPostTable;
  blogPostViews: BlogPostViewTable;
}

export type SequenceColumn = Generated<number>;
