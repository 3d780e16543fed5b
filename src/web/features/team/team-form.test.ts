import { describe, expect, it } from 'vitest';
import { TeamMemberCreateFormSchema, teamUserCreateBody } from './team-form.ts';

const createForm = (overrides: Record<string, unknown> = {}) => ({
  email: 'asha@example.com',
  name: 'Asha Rao',
  role: 'agent',
  passwordChoice: 'generate',
  password: '',
  ...overrides,
});

const messages = (result: { error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  (result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]);

describe('the Add user form', () => {
  it('sends no password for a generated one', () => {
    const values = TeamMemberCreateFormSchema.parse(createForm({ password: 'typed-then-given-up' }));
    expect(teamUserCreateBody(values)).toEqual({
      email: 'asha@example.com',
      name: 'Asha Rao',
      role: 'agent',
    });
  });

  it('sends the typed password when the administrator types one', () => {
    const values = TeamMemberCreateFormSchema.parse(
      createForm({ passwordChoice: 'type', password: 'agreed-password-1' }),
    );
    expect(teamUserCreateBody(values)).toEqual({
      email: 'asha@example.com',
      name: 'Asha Rao',
      role: 'agent',
      password: 'agreed-password-1',
    });
  });

  it('asks for an invitation link, without a password, for "Send an invitation link"', () => {
    const values = TeamMemberCreateFormSchema.parse(createForm({ passwordChoice: 'invite', role: 'editor' }));
    expect(teamUserCreateBody(values)).toEqual({
      email: 'asha@example.com',
      name: 'Asha Rao',
      role: 'editor',
      invite: true,
    });
  });

  it('requires a typed password only when typing one, with the other messages at once', () => {
    expect(
      messages(TeamMemberCreateFormSchema.safeParse(createForm({ passwordChoice: 'type', email: 'nope' }))),
    ).toEqual(
      expect.arrayContaining([
        ['password', 'Password is required'],
        ['email', expect.any(String)],
      ]),
    );
    expect(TeamMemberCreateFormSchema.safeParse(createForm({ passwordChoice: 'invite' })).success).toBe(true);
  });

  it('holds a typed password to the back office rule: at least 10 characters', () => {
    expect(
      messages(
        TeamMemberCreateFormSchema.safeParse(createForm({ passwordChoice: 'type', password: 'short' })),
      ),
    ).toEqual([['password', 'Use at least 10 characters']]);
  });

  it('requires a name and one of the three roles', () => {
    const result = TeamMemberCreateFormSchema.safeParse(createForm({ name: '', role: 'owner' }));
    expect(messages(result).map(([path]) => path)).toEqual(expect.arrayContaining(['name', 'role']));
  });
});
