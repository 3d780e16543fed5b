import type { ColumnType, Generated } from 'kysely';

/** Timestamps are ISO 8601 strings going in; SQLite gives strings back, PostgreSQL gives Dates. */
export type Timestamp = ColumnType<string | Date, string, string>;
/** Booleans are stored as 0/1 integers on both dialects, so one mapping serves both. */
export type Flag = ColumnType<number, number, number>;
/** A moment that may be unset; optional on insert. */
export type NullableTimestamp = ColumnType<string | Date | null, string | null | undefined, string | null>;

export interface AdminTable {
  id: string;
  email: string;
  passwordHash: string;
  createdAt: Timestamp;
  updatedAt: Timestamp;
  lastSignInAt: ColumnType<string | Date | null, string | null | undefined, string | null>;
  /** 1 while the password is one someone else chose (generated or typed for the user): the back office suggests changing it. */
  passwordToChange: ColumnType<number, number | undefined, number>;
  /** Wrong passwords tried on this account since `lastSignInAt`. */
  failedSignIns: ColumnType<number, number | undefined, number>;
  /** Emails of new inquiries: on unless the user turned them off. */
  emailNotifications: ColumnType<number, number | undefined, number>;
  digestEnabled: ColumnType<number, number | undefined, number>;
  /** 0–23, in the business's time zone. */
  digestHour: ColumnType<number, number | undefined, number>;
  /** The digest lists inquiries unread this many hours after they arrived. */
  digestUnreadHours: ColumnType<number, number | undefined, number>;
  /** The business's date (YYYY-MM-DD) of the last digest taken for sending. */
  digestSentOn: ColumnType<string | null, string | null | undefined, string | null>;
  name: ColumnType<string, string | undefined, string>;
  /** `administrator`, `agent` or `editor` (src/shared/rules/roles.ts). */
  role: ColumnType<string, string | undefined, string>;
  /** Set while the account is disabled. */
  disabledAt: NullableTimestamp;
  /** Base32 TOTP secret, kept from enrolment; the factor is on once `totpEnabledAt` is set. */
  totpSecret: ColumnType<string | null, string | null | undefined, string | null>;
  totpEnabledAt: NullableTimestamp;
  /**
   * JSON: the unused recovery codes' hashes and the last time step a code was taken in, so no code works
   * twice: `{"recoveryCodes": [sha256 hex, ...], "lastUsedStep": n | null}` (decision 032). Changed only by
   * compare-and-set on the whole text.
   */
  totpRecoveryCodes: ColumnType<string | null, string | null | undefined, string | null>;
}

/** A one-time link for a new user to set their own password. */
export interface AdminInvitationTable {
  /** SHA-256 of the link's token. */
  tokenHash: string;
  adminId: string;
  expiresAt: Timestamp;
  createdAt: Timestamp;
}

export interface AdminSessionTable {
  /** SHA-256 of the cookie token: a stolen database does not yield usable cookies. */
  id: string;
  adminId: string;
  createdAt: Timestamp;
  lastSeenAt: Timestamp;
  expiresAt: Timestamp;
  /** The last password or second factor given in this session: its sign-in, or a later confirmation. */
  reauthenticatedAt: NullableTimestamp;
}

export interface ContactChannelTable {
  id: string;
  type: string;
  value: string;
  proof: string;
  /** The description on Hindi pages; empty: the English one. */
  proofHi: ColumnType<string, string | undefined, string>;
  /** Whether the description shows on the public card (0/1); off, it is a note for the admin list. */
  showProof: ColumnType<number, number | undefined, number>;
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

/** A brand the site had before: its game route /{OldBrand}Game redirects to the current one. */
export interface FormerBrandNameTable {
  brandName: string;
  replacedAt: Timestamp;
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
  /** The language of the page it was sent from: `en` or `hi` (migration 0019). */
  language: ColumnType<string, string | undefined, string>;
  /** The back-office user it is assigned to, or null. */
  assignedTo: ColumnType<string | null, string | null | undefined, string | null>;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

/** A private note on an inquiry. */
export interface InquiryNoteTable {
  id: string;
  inquiryId: string;
  /** Null once the author's account is deleted; `authorName` stays. */
  authorId: string | null;
  authorName: string;
  body: string;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

/** One thing in an inquiry's history. */
export interface InquiryEventTable {
  id: string;
  inquiryId: string;
  actorId: string | null;
  actorName: string;
  /** `status`, `assigned`, `unassigned`, `note` or `reply-link`. */
  kind: string;
  /** JSON; its shape depends on `kind`. */
  detail: string;
  createdAt: Timestamp;
}

/** One entry of the back office's audit log. */
export interface AuditLogTable {
  id: string;
  at: Timestamp;
  /** Null for a failed sign-in to an unknown email. */
  actorId: string | null;
  actorEmail: string | null;
  /** e.g. `sign-in`, `sign-in.failed`, `inquiry.status` (src/shared/rules/audit-log.ts). */
  action: string;
  targetType: string | null;
  targetId: string | null;
  /** JSON, or null; never a password, a secret or a code. */
  detail: string | null;
  ip: string | null;
}

/** Kept by triggers: how many inquiries have each (status, read) pair. */
export interface ContactInquiryCountTable {
  status: string;
  isRead: number;
  count: number;
}

/**
 * PostgreSQL only (migration 0023), kept by the same triggers: how many inquiries of each status each run
 * of 4,096 `seq` values (`seq >> 12`) holds.
 */
export interface ContactInquirySeqCountTable {
  status: string;
  run: number;
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
  /** Bumped by every change; a save naming an older version is refused (409). */
  version: ColumnType<number, number | undefined, number>;
  /** When a draft publishes itself; null when not scheduled. */
  scheduledAt: NullableTimestamp;
  imageAlt: ColumnType<string, string | undefined, string>;
  /** 'en' or 'hi': the blog (and address) the post belongs to. */
  language: ColumnType<string, string | undefined, string>;
  /** The same post in the other language, which names this one back; null when there is none. */
  translationId: ColumnType<string | null, string | null | undefined, string | null>;
}

/** A saved version of a post, with who saved it. */
export interface BlogPostRevisionTable {
  id: string;
  postId: string;
  version: number;
  title: string;
  description: string;
  content: string;
  slug: string;
  category: string;
  image: string;
  imageAlt: string;
  author: string;
  isPublished: Flag;
  scheduledAt: NullableTimestamp;
  savedBy: string | null;
  savedByName: string;
  createdAt: Timestamp;
}

/** A user's unsaved editor values for a post (`postKey` is the post id, or `new`), as JSON text. */
export interface BlogPostAutosaveTable {
  adminId: string;
  postKey: string;
  postId: string | null;
  baseVersion: number | null;
  values: string;
  savedAt: Timestamp;
}

/** Counted views of a post on a day (YYYY-MM-DD). */
export interface BlogPostDailyViewTable {
  postId: string;
  day: string;
  views: number;
}

/** An uploaded image, as checked from its bytes. */
export interface UploadTable {
  id: string;
  mime: string;
  width: number;
  height: number;
  alt: ColumnType<string, string | undefined, string>;
  originalName: ColumnType<string, string | undefined, string>;
  createdBy: string | null;
  createdAt: Timestamp;
}

/** One stored file of an upload (a size in a format), by name, e.g. `800.webp`. */
export interface UploadFileTable {
  uploadId: string;
  name: string;
  mime: string;
  width: number;
  height: number;
  size: number;
  data: Buffer;
}

/** A team member's duty (decision 076); one row per member who has set any. */
export interface DutyMemberTable {
  adminId: string;
  /** E.164, or empty. */
  whatsapp: string;
  phone: string;
  /** JSON: seven days of { opens, closes } periods, Monday first. */
  week: string;
  away: number;
  weight: number;
  updatedAt: Timestamp;
}

/** Visitors a routed link sent to a member, per channel (`whatsapp`, `phone`) and business day. */
export interface DutyClickTable {
  adminId: string;
  channel: string;
  day: string;
  clicks: number;
}

/** A counter poster (decision 077). */
export interface PosterTable {
  id: string;
  name: string;
  tag: string;
  /** The channel its QR code leads to, or null for the contact page. */
  channelId: string | null;
  language: string;
  size: string;
  createdAt: Timestamp;
}

/** What a poster brought on a business day: page views with its tag, and channel taps that carried it. */
export interface PosterCountTable {
  posterId: string;
  day: string;
  visits: number;
  taps: number;
}

/** A reply template of the team's (decision 078). */
export interface ReplyTemplateTable {
  id: string;
  title: string;
  body: string;
  language: string;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

/** Clicks on a contact channel on a day (YYYY-MM-DD in the business's time zone). */
export interface ChannelClickTable {
  channelId: string;
  day: string;
  clicks: number;
}

/** A view counted: once per (post, visitor, day). `day` is YYYY-MM-DD; `visitor` a keyed hash. */
export interface BlogPostViewTable {
  postId: string;
  visitor: string;
  day: string;
}

/**
 * A member account. A deleted member is a tombstone until the daily purge: `deletedAt` set, password
 * hash and display name null, only the mobile and the dates kept (decision 011).
 */
export interface MemberTable {
  id: string;
  /** E.164, e.g. `+919876543210`; unique among members not deleted. */
  mobile: string;
  passwordHash: string | null;
  displayName: string | null;
  status: ColumnType<string, string | undefined, string>;
  createdAt: Timestamp;
  updatedAt: Timestamp;
  deletedAt: ColumnType<string | Date | null, string | null | undefined, string | null>;
}

/** One action on a member: by an admin (id and email copied), or by the member (both null). */
export interface MemberAuditLogTable {
  id: string;
  memberId: string;
  action: string;
  adminId: string | null;
  adminEmail: string | null;
  /** JSON `{field: {from, to}}`, or null; never a password or its hash. */
  changes: string | null;
  createdAt: Timestamp;
}

/** Something to send, written in the transaction of what caused it (decision 031). */
export interface NotificationOutboxTable {
  id: string;
  /** `inquiry.created` (fanned out into deliveries), `email` or `push` (one delivery each). */
  kind: string;
  /** JSON; its shape depends on `kind`. */
  payload: string;
  /** `pending`, `sent`, or `failed` (given up). */
  status: ColumnType<string, string | undefined, string>;
  attempts: ColumnType<number, number | undefined, number>;
  nextAttemptAt: Timestamp;
  lastError: ColumnType<string | null, string | null | undefined, string | null>;
  createdAt: Timestamp;
  finishedAt: ColumnType<string | Date | null, string | null | undefined, string | null>;
  /** Entries with one key are handled in id order: a later one waits while an earlier one is pending. */
  orderingKey: ColumnType<string | null, string | null | undefined, string | null>;
  /**
   * Where a send goes (`webhook:<endpoint id>`, `push:<host>`, `email`): each lane has its own sends in flight
   * and pause (decision 050). Null for an entry that only writes; a send without one is in its kind's lane.
   */
  lane: ColumnType<string | null, string | null | undefined, string | null>;
}

/** A device of a back-office user that receives push notifications. */
export interface PushSubscriptionTable {
  id: string;
  adminId: string;
  endpoint: string;
  p256dh: string;
  auth: string;
  deviceName: string;
  createdAt: Timestamp;
  lastSentAt: ColumnType<string | Date | null, string | null | undefined, string | null>;
}

export interface ApiTokenTable {
  id: string;
  adminId: string;
  name: string;
  /** SHA-256 (hex) of the token; the token itself is shown once and never kept. */
  tokenHash: string;
  /** `administrator`, `agent` or `editor`: no higher than the owner's role. */
  role: string;
  /** `read` or `read-write` (src/shared/rules/api-tokens.ts). */
  access: string;
  createdAt: Timestamp;
  expiresAt: Timestamp;
  lastUsedAt: NullableTimestamp;
}

export interface WebhookEndpointTable {
  id: string;
  url: string;
  description: ColumnType<string, string | undefined, string>;
  /** JSON array of event names (src/shared/rules/webhooks.ts). */
  events: string;
  /** Signs every delivery (HMAC-SHA256); shown once when the endpoint is added. */
  secret: string;
  enabled: ColumnType<number, number | undefined, number>;
  disabledReason: ColumnType<string | null, string | null | undefined, string | null>;
  /** The first failed delivery since the last one that succeeded. */
  failingSince: NullableTimestamp;
  createdBy: ColumnType<string | null, string | null | undefined, string | null>;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

export interface WebhookDeliveryTable {
  id: string;
  endpointId: string;
  event: string;
  /** The JSON body as sent, the same on every attempt. */
  body: string;
  /** `pending`, `delivered` or `failed`. */
  status: ColumnType<string, string | undefined, string>;
  attempts: ColumnType<number, number | undefined, number>;
  responseStatus: ColumnType<number | null, number | null | undefined, number | null>;
  durationMs: ColumnType<number | null, number | null | undefined, number | null>;
  lastError: ColumnType<string | null, string | null | undefined, string | null>;
  createdAt: Timestamp;
  lastAttemptAt: NullableTimestamp;
}

/** Where backups are copied, encrypted (decision 056): one row, `default`, while copies are on. */
export interface BackupDestinationTable {
  id: string;
  /** Empty for AWS S3 itself. */
  endpoint: string;
  region: string;
  bucket: string;
  prefix: string;
  accessKeyId: string;
  /** Never sent back by the API, never logged. */
  secretAccessKey: string;
  forcePathStyle: number;
  /** The owner's age public key (age1…). */
  recipient: string;
  updatedAt: Timestamp;
}

/** One backup's copy off the machine; the outbox entry `backup-copy` points at it. */
export interface BackupCopyTable {
  id: string;
  fileName: string;
  /** `pending`, `done` or `failed` (given up). */
  status: string;
  attempts: ColumnType<number, number | undefined, number>;
  lastError: ColumnType<string | null, string | null | undefined, string | null>;
  objectKey: ColumnType<string | null, string | null | undefined, string | null>;
  sizeBytes: ColumnType<number | null, number | null | undefined, number | null>;
  createdAt: Timestamp;
  updatedAt: Timestamp;
  finishedAt: NullableTimestamp;
}

export interface DB {
  admins: AdminTable;
  adminInvitations: AdminInvitationTable;
  adminSessions: AdminSessionTable;
  contactChannels: ContactChannelTable;
  siteSettings: SiteSettingsTable;
  formerBrandNames: FormerBrandNameTable;
  contactInquiries: ContactInquiryTable;
  contactInquiryCounts: ContactInquiryCountTable;
  contactInquirySeqCounts: ContactInquirySeqCountTable;
  blogPosts: BlogPostTable;
  blogPostViews: BlogPostViewTable;
  blogPostRevisions: BlogPostRevisionTable;
  blogPostAutosaves: BlogPostAutosaveTable;
  blogPostDailyViews: BlogPostDailyViewTable;
  uploads: UploadTable;
  uploadFiles: UploadFileTable;
  channelClicks: ChannelClickTable;
  dutyMembers: DutyMemberTable;
  dutyClicks: DutyClickTable;
  posters: PosterTable;
  posterCounts: PosterCountTable;
  replyTemplates: ReplyTemplateTable;
  members: MemberTable;
  memberAuditLog: MemberAuditLogTable;
  notificationOutbox: NotificationOutboxTable;
  pushSubscriptions: PushSubscriptionTable;
  inquiryNotes: InquiryNoteTable;
  inquiryEvents: InquiryEventTable;
  auditLog: AuditLogTable;
  apiTokens: ApiTokenTable;
  webhookEndpoints: WebhookEndpointTable;
  webhookDeliveries: WebhookDeliveryTable;
  backupDestinations: BackupDestinationTable;
  backupCopies: BackupCopyTable;
}
