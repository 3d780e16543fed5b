import { describe, expect, it } from 'vitest';
import { auditActionLabel, auditActor, auditChanges, auditChangeText, NO_VALUE } from './member-audit.ts';

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
    const changes = auditChanges({
      action: 'renamed',
      changes: { displayName: { from: null, to: 'Asha' } },
    });
    expect(changes).toEqual([{ field: 'Name', from: NO_VALUE, to: 'Asha' }]);
    expect(changes.map(auditChangeText)).toEqual(['Name: (none) → Asha']);
    expect(
      auditChanges({ action: 'disabled', changes: { status: { from: 'active', to: 'disabled' } } }).map(
        auditChangeText,
      ),
    ).toEqual(['Status: Active → Disabled']);
  });

  it('shows what an account was created with, without a "from"', () => {
    expect(
      auditChanges({
        action: 'created',
        changes: { mobile: { from: null, to: '+919876543210' }, displayName: { from: null, to: null } },
      }).map(auditChangeText),
    ).toEqual(['Mobile: +919876543210', `Name: ${NO_VALUE}`]);
  });

  it('keeps a field it does not know by its own name, and nothing for no changes', () => {
    expect(auditChanges({ action: 'renamed', changes: { note: { from: 'a', to: '' } } })).toEqual([
      { field: 'note', from: 'a', to: NO_VALUE },
    ]);
    expect(auditChanges({ action: 'deleted', changes: null })).toEqual([]);
  });
});
