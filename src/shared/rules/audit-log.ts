/** The back office's audit log: what is recorded and how it reads (contracts in contracts/audit-log.ts). */

/** Each kind of entry and how the log screen names it. */
export const AUDIT_ACTION_LABELS = {
  'sign-in': 'Signed in',
  'sign-in.failed': 'Sign-in failed',
  'sign-out': 'Signed out',
  'password.change': 'Changed own password',
  'profile.notifications': 'Changed own notifications',
  'profile.duty': 'Changed own duty hours or numbers',
  'device.add': 'Turned on push on a device',
  'device.remove': 'Removed a push device',
  'api-token.create': 'Created an API token',
  'api-token.revoke': 'Revoked an API token',
  'two-factor.enable': 'Turned on two-factor sign-in',
  'two-factor.disable': 'Turned off two-factor sign-in',
  'two-factor.recovery-codes': 'Made new recovery codes',
  'two-factor.reset': "Reset a user's two-factor sign-in",
  'inquiry.status': 'Changed an inquiry’s status',
  'inquiry.read': 'Marked an inquiry read',
  'inquiry.unread': 'Marked an inquiry unread',
  'inquiry.assign': 'Assigned an inquiry',
  'inquiry.note.add': 'Added a note',
  'inquiry.note.edit': 'Edited a note',
  'inquiry.note.delete': 'Deleted a note',
  'inquiry.delete': 'Deleted an inquiry',
  'inquiry.export': 'Exported inquiries (CSV)',
  'template.create': 'Added a reply template',
  'template.update': 'Changed a reply template',
  'template.delete': 'Deleted a reply template',
  'channel.create': 'Added a contact channel',
  'channel.update': 'Changed a contact channel',
  'channel.delete': 'Deleted a contact channel',
  'channel-clicks.reset': 'Reset click counts',
  'post.create': 'Created a post',
  'post.update': 'Changed a post',
  'post.delete': 'Deleted a post',
  'post.restore': 'Restored a post revision',
  'image.upload': 'Uploaded an image',
  'image.delete': 'Deleted an image',
  'member.create': 'Created a member',
  'member.update': 'Changed a member',
  'member.password-reset': "Reset a member's password",
  'member.delete': 'Deleted a member',
  'settings.update': 'Changed the site settings',
  'poster.create': 'Made a poster',
  'poster.update': 'Changed a poster',
  'poster.delete': 'Deleted a poster',
  'backup.create': 'Took a backup',
  'backup.download': 'Downloaded a backup',
  'backup.destination-update': 'Set where backups are copied',
  'backup.destination-delete': 'Turned off copying backups off the machine',
  'backup.copy': 'Copied the latest backup off the machine',
  'user.create': 'Added a team member',
  'user.update': 'Changed a team member',
  'user.duty-weight': "Changed a team member's share of visitors",
  'user.delete': 'Deleted a team member',
  'user.password-reset': "Reset a team member's password",
  'user.invitation': 'Made an invitation link',
  'user.invitation-accepted': 'Accepted an invitation',
  'webhook.create': 'Added a webhook',
  'webhook.update': 'Changed a webhook',
  'webhook.delete': 'Deleted a webhook',
  'webhook.redeliver': 'Sent a webhook delivery again',
} as const;

export type AuditAction = keyof typeof AUDIT_ACTION_LABELS;
export const AUDIT_ACTIONS = Object.keys(AUDIT_ACTION_LABELS) as [AuditAction, ...AuditAction[]];

export const AUDIT_LOG_PAGE_SIZE = 50;
export const AUDIT_LOG_PAGE_SIZE_MAX = 200;
/** How long entries are kept unless AUDIT_LOG_KEEP_DAYS says otherwise. */
export const AUDIT_LOG_KEEP_DAYS_DEFAULT = 365;

/**
 * The entries every administrator is told of by email and sees on the dashboard (issue 35): a new way into
 * the business (a token, a webhook, an administrator, a new device signed in), its data carried off (a backup)
 * or a second factor gone. Changes of this kind by a thief should not go unnoticed for long.
 */
export const SECURITY_NOTICE_ACTIONS = [
  'sign-in',
  'api-token.create',
  'webhook.create',
  'backup.download',
  'backup.destination-update',
  'user.create',
  'user.update',
  'two-factor.disable',
  'two-factor.reset',
] as const satisfies readonly AuditAction[];

export type SecurityNoticeAction = (typeof SECURITY_NOTICE_ACTIONS)[number];

/** Whether an entry is a security notice: of SECURITY_NOTICE_ACTIONS, and for some only in the cases named. */
export function isSecurityNotice<
  Entry extends { action: AuditAction; detail?: Record<string, unknown> | null },
>(entry: Entry): entry is Entry & { action: SecurityNoticeAction } {
  if (!(SECURITY_NOTICE_ACTIONS as readonly AuditAction[]).includes(entry.action)) return false;
  // A sign-in from a browser that never signed in to the account before; an administrator added or made one.
  if (entry.action === 'sign-in') return entry.detail?.newDevice === true;
  if (entry.action === 'user.create' || entry.action === 'user.update') {
    return entry.detail?.role === 'administrator';
  }
  return true;
}

/** The dashboard shows the security notices of this many days. */
export const SECURITY_NOTICE_DAYS = 14;

/** How a security notice names what happened, e.g. "A new API token was created". */
export const SECURITY_NOTICE_LABELS: Record<SecurityNoticeAction, string> = {
  'sign-in': 'A sign-in from a new device',
  'api-token.create': 'A new API token',
  'webhook.create': 'A new webhook',
  'backup.download': 'A backup was downloaded',
  'backup.destination-update': 'Backups are now copied to a new place',
  'user.create': 'A new administrator',
  'user.update': 'A team member was made an administrator',
  'two-factor.disable': 'Two-factor sign-in was turned off',
  'two-factor.reset': "A team member's two-factor sign-in was reset",
};
