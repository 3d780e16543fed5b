import { describe, expect, it } from 'vitest';
import { ADMIN_SCREENS, type AdminScreenId } from '../../shared/pages/admin-paths.ts';
import type { ROLES } from '../../shared/rules/roles.ts';
import { canOpen, isPublicScreen, type SignedInScreen } from './access.ts';

const signedInScreens = (Object.keys(ADMIN_SCREENS) as AdminScreenId[]).filter(
  (screen): screen is SignedInScreen => !isPublicScreen(screen),
);
const openable = (role: (typeof ROLES)[number]) => signedInScreens.filter((screen) => canOpen(role, screen));

describe('canOpen', () => {
  it('lets an administrator open every screen', () => {
    expect(openable('administrator')).toEqual(signedInScreens);
  });

  it('lets an agent open the dashboard, the inquiries, the reply templates and their own profile', () => {
    expect(openable('agent').sort()).toEqual(['dashboard', 'inquiries', 'profile', 'templates']);
  });

  it('lets an editor open the dashboard, the blog and their own profile', () => {
    expect(openable('editor').sort()).toEqual(['blog', 'dashboard', 'profile']);
  });
});

describe('isPublicScreen', () => {
  it('opens only signing in and accepting an invitation without a session', () => {
    expect((Object.keys(ADMIN_SCREENS) as AdminScreenId[]).filter(isPublicScreen)).toEqual([
      'login',
      'invitation',
    ]);
  });
});
