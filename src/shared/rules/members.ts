/** Member accounts' values, limits and texts without zod (the API's schemas are in contracts/members.ts). */
import { MOBILE_MAX_LENGTH } from './mobile-numbers.ts';

export const MEMBER_STATUSES = ['active', 'disabled'] as const;
export type MemberStatus = (typeof MEMBER_STATUSES)[number];
export const MEMBER_STATUS_LABELS: Record<MemberStatus, string> = { active: 'Active', disabled: 'Disabled' };

export const MEMBER_LIMITS = { mobile: MOBILE_MAX_LENGTH, displayName: 100, search: 100 } as const;
export const MEMBER_PASSWORD_MIN_LENGTH = 8;
export const GENERATED_PASSWORD_LENGTH = 12;
export const MEMBER_PAGE_SIZE = 20;
export const MEMBER_PAGE_SIZE_MAX = 100;

export const MEMBER_AUDIT_ACTIONS = [
  'created',
  'password_reset',
  'renamed',
  'disabled',
  'enabled',
  'deleted',
  'self_deleted',
] as const;
export type MemberAuditAction = (typeof MEMBER_AUDIT_ACTIONS)[number];
export const MEMBER_AUDIT_LABELS: Record<MemberAuditAction, string> = {
  created: 'Member created',
  password_reset: 'Password reset',
  renamed: 'Name changed',
  disabled: 'Disabled',
  enabled: 'Enabled',
  deleted: 'Deleted by an admin',
  self_deleted: 'Member deleted their own account',
};

export const MEMBER_MESSAGES = {
  created: 'Member created successfully',
  updated: 'Member updated successfully',
  passwordReset: 'Password reset successfully',
  deleted: 'Member deleted successfully',
  notFound: 'Member not found',
  mobileTaken: 'A member with this mobile number already exists',
  invalidMobile: 'Enter a valid mobile number',
  deleteConfirm: 'Are you sure you want to delete this member?',
} as const;

/** The message sent by WhatsApp to give a member their ID; `wa.me` takes the digits of the E.164 number. */
function memberCredentialsMessage(brand: string, mobileDisplay: string, password: string): string {
  return `Your ${brand} ID\nMobile: ${mobileDisplay}\nPassword: ${password}\nPlease keep it private.`;
}

export function memberWhatsAppLink(
  member: { mobile: string; mobileDisplay: string },
  brand: string,
  password: string,
): string {
  const text = memberCredentialsMessage(brand, member.mobileDisplay, password);
  return `https://wa.me/${member.mobile.replace(/\D/g, '')}?text=${encodeURIComponent(text)}`;
}
