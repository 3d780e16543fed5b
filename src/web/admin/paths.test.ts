import { describe, expect, it } from 'vitest';
import { loginPageState, loginPathFor, safeNextPath } from './paths.ts';

describe('safeNextPath', () => {
  it.each(['/admin/contact', '/admin/inquiries?q=ravi', '/ContactAdmin', '/UserManagement', '/admin'])(
    'keeps the admin path %s',
    (path) => expect(safeNextPath(path)).toBe(path),
  );

  it.each([
    null,
    '',
    'https://evil.example/admin',
    '//evil.example/admin',
    '/\\evil.example',
    '/blog',
    '/',
    '/administrator',
    '/admin/login',
    '/admin/login?next=%2Fadmin',
    '/admin/invitation',
    'javascript:alert(1)',
  ])('refuses %s', (path) => expect(safeNextPath(path)).toBeNull());
});

describe('loginPathFor', () => {
  it('remembers the wanted screen', () => {
    expect(loginPathFor('/admin/contact')).toBe('/admin/login?next=%2Fadmin%2Fcontact');
  });

  it('leaves out the dashboard, where signing in goes anyway, and foreign paths', () => {
    expect(loginPathFor('/admin/dashboard')).toBe('/admin/login');
    expect(loginPathFor('//evil.example')).toBe('/admin/login');
  });
});

describe('loginPageState', () => {
  it('takes the email and the notice another screen left', () => {
    const state = { email: 'asha@example.com', notice: 'Your password is set.' };
    expect(loginPageState(state)).toEqual(state);
  });

  it.each([null, undefined, 'asha@example.com', { email: 'asha@example.com' }, { email: 1, notice: 'x' }])(
    'ignores %j',
    (state) => expect(loginPageState(state)).toBeNull(),
  );
});
