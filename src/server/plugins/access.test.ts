import { describe, expect, it } from 'vitest';
import { withTestApp } from '../test-support/test-app.ts';

describe('access declarations', () => {
  it('refuse to start with a route that declares no access', async () => {
    await withTestApp('sqlite', {}, async (t) => {
      await expect(
        t.app.register(async (scope) => {
          scope.get('/api/undeclared', async () => ({ ok: true }));
        }),
      ).rejects.toThrow('GET /api/undeclared declares no access: give it config.access (access.ts)');
    });
  });
});
