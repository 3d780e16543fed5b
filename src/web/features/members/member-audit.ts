import type { MemberAuditEntry } from '../../../shared/contracts/members.ts';
import { MEMBER_AUDIT_LABELS, MEMBER_STATUS_LABELS } from '../../../shared/rules/members.ts';
import { isMemberStatus } from './members-params.ts';

/** The product's words for the fields an audit entry may name. */
const FIELD_LABELS: Record<string, string> = {
  displayName: 'Name',
  status: 'Status',
  mobile: 'Mobile',
};

/** Shown for a value that was not set (a member without a name). */
export const NO_VALUE = '(none)';

/** Who did it: the admin's email, or the member (who deleted their own account). */
export function auditActor(entry: Pick<MemberAuditEntry, 'adminEmail'>): string {
  return entry.adminEmail ?? 'The member';
}

export function auditActionLabel(entry: Pick<MemberAuditEntry, 'action'>): string {
  return MEMBER_AUDIT_LABELS[entry.action];
}

function shownValue(field: string, value: string | null): string {
  if (value === null || value === '') return NO_VALUE;
  if (field === 'status' && isMemberStatus(value)) return MEMBER_STATUS_LABELS[value];
  return value;
}

export interface AuditChange {
  field: string;
  /** Null for an account just created: there was nothing before. */
  from: string | null;
  to: string;
}

/** What changed, one line per field, e.g. {field: 'Status', from: 'Active', to: 'Disabled'}. */
export function auditChanges(entry: Pick<MemberAuditEntry, 'action' | 'changes'>): AuditChange[] {
  if (!entry.changes) return [];
  return Object.entries(entry.changes).map(([field, { from, to }]) => ({
    field: FIELD_LABELS[field] ?? field,
    from: entry.action === 'created' && from === null ? null : shownValue(field, from),
    to: shownValue(field, to),
  }));
}

/** "Status: Active → Disabled", or "Name: Asha" for a value the account was created with. */
export function auditChangeText({ field, from, to }: AuditChange): string {
  return from === null ? `${field}: ${to}` : `${field}: ${from} → ${to}`;
}
