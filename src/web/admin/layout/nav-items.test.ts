import { describe, expect, it } from 'vitest';
import { ROLES } from '../../../shared/rules/roles.ts';
import { isCurrent, navItemsFor } from './nav-items.ts';

const labels = (role: (typeof ROLES)[number]) => navItemsFor(role).map((item) => item.label);

describe('navItemsFor', () => {
  it('gives an administrator every screen, the team and the audit log included', () => {
    expect(labels('administrator')).toEqual([
      'Dashboard',
      'Inquiries',
      'Reply templates',
      'Add Contact Info',
      'Add Blogs',
      'Members',
      'Team',
      'Audit log',
    ]);
  });

  it('gives an agent the dashboard, the inquiries and the reply templates only', () => {
    expect(labels('agent')).toEqual(['Dashboard', 'Inquiries', 'Reply templates']);
  });

  it('gives an editor the dashboard and the blog only', () => {
    expect(labels('editor')).toEqual(['Dashboard', 'Add Blogs']);
  });

  it('keeps the unread badge on Inquiries wherever it is shown', () => {
    for (const role of ROLES) {
      const badged = navItemsFor(role).filter((item) => item.badge === 'unread-inquiries');
      expect(badged.map((item) => item.label)).toEqual(role === 'editor' ? [] : ['Inquiries']);
    }
  });
});

describe('isCurrent', () => {
  const [dashboard] = navItemsFor('administrator');

  it('knows a screen by any of its paths, in any letter case, with a trailing slash', () => {
    expect(dashboard && isCurrent(dashboard, '/admin')).toBe(true);
    expect(dashboard && isCurrent(dashboard, '/Admin/Dashboard/')).toBe(true);
    expect(dashboard && isCurrent(dashboard, '/admin/inquiries')).toBe(false);
  });
});
