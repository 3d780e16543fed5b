import { describe, expect, it } from 'vitest';
import { auditActionLabel, auditActor, auditChanges, NO_VALUE } from './member-audit.ts';

describe('auditActor', () => {
  it('names the admin, or the member for a self-deletion', () => {
    expect(auditActor({ adminEmail: 'owner@example.com' })).toBe('owner@example.com');
    expect(auditActor({ adminEmail: null })).toBe('The member');
  });
});

describe('auditActionLabel', () => {
  it('uses the shared labels', () => {
    expect(auditActionLabel({ action: 'password_reset' })).toBe('Password reset');
    expect(auditActionLabel({ action: 'self_deleted' })).toBe('Member deleted their own account');
  });
});

describe('auditChanges', () => {
  it('shows each change as from and to, in the product’s words', () => {
    expect(
      auditChanges({
        status: { from: 'active', to: 'disabled' },
        displayName: { from: null, to: 'Asha' },
      }),
    ).toEqual([
      { field: 'Status', from: 'Active', to: 'Disabled' },
      { field: 'Name', from: NO_VALUE, to: 'Asha' },
    ]);
  });

  it('keeps a field it does not know by its own name, and nothing for no changes', () => {
    expect(auditChanges({ note: { from: 'a', to: '' } })).toEqual([
      { field: 'note', from: 'a', to: NO_VALUE },
    ]);
    expect(auditChanges(null)).toEqual([]);
  });
});
