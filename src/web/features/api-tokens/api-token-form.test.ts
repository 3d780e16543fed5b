import { describe, expect, it } from 'vitest';
import { ApiTokenCreateSchema } from '../../../shared/contracts/api-tokens.ts';
import {
  API_TOKEN_EXPIRY_CHOICES,
  apiTokenFormDefaults,
  apiTokenRoleChoices,
  bearerHeader,
  curlExample,
  isExpired,
} from './api-token-form.ts';

describe('the Create token form', () => {
  it("opens with the user's own role, read only, once a name is typed it is what the API takes", () => {
    const defaults = apiTokenFormDefaults('agent');
    expect(defaults).toEqual({ name: '', role: 'agent', access: 'read', expiresInDays: 90 });
    expect(ApiTokenCreateSchema.safeParse(defaults).success).toBe(false);
    expect(ApiTokenCreateSchema.parse({ ...defaults, name: 'Sheet sync' })).toEqual({
      ...defaults,
      name: 'Sheet sync',
    });
  });

  it('offers only the roles a token of this user may have, their own first', () => {
    expect(apiTokenRoleChoices('agent')).toEqual(['agent']);
    expect(apiTokenRoleChoices('editor')).toEqual(['editor']);
    expect(apiTokenRoleChoices('administrator')).toEqual(['administrator', 'agent', 'editor']);
  });

  it('offers expiries the API accepts, in words', () => {
    expect(API_TOKEN_EXPIRY_CHOICES).toEqual([
      { days: 7, label: '7 days' },
      { days: 30, label: '30 days' },
      { days: 90, label: '90 days' },
      { days: 365, label: '1 year' },
    ]);
    for (const { days } of API_TOKEN_EXPIRY_CHOICES) {
      expect(
        ApiTokenCreateSchema.safeParse({ ...apiTokenFormDefaults('editor'), name: 'x', expiresInDays: days })
          .success,
      ).toBe(true);
    }
  });
});

describe('a token', () => {
  it('is used in a Bearer header', () => {
    expect(bearerHeader('smpk_abc')).toBe('Authorization: Bearer smpk_abc');
    expect(curlExample('https://support.example.in', 'smpk_abc')).toBe(
      'curl -H "Authorization: Bearer smpk_abc" https://support.example.in/api/contact-inquiries',
    );
  });

  it('has expired from its expiry on', () => {
    const token = { expiresAt: '2026-11-25T12:00:00.000Z' };
    expect(isExpired(token, new Date('2026-11-25T11:59:59.999Z'))).toBe(false);
    expect(isExpired(token, new Date('2026-11-25T12:00:00.000Z'))).toBe(true);
  });
});
