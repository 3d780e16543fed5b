import Fastify, { type FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { encapsulated } from './encapsulated.ts';

async function secretRoutes(scope: FastifyInstance, { answer }: { answer: string }) {
  scope.decorate('secret', answer);
  scope.addHook('onRequest', async (_request, reply) => {
    reply.header('x-scoped', 'yes');
  });
  scope.get('/inside', async () => ({ answer }));
}

describe('an encapsulated plugin', () => {
  it('keeps its decorations and hooks to itself, as a plain function plugin does, and is named', async () => {
    const app = Fastify();
    await app.register(encapsulated(secretRoutes), { answer: '42' });
    app.get('/outside', async () => ({ ok: true }));
    await app.ready();

    const inside = await app.inject({ url: '/inside' });
    expect(inside.json()).toEqual({ answer: '42' });
    expect(inside.headers['x-scoped']).toBe('yes');
    const outside = await app.inject({ url: '/outside' });
    expect(outside.headers['x-scoped']).toBeUndefined();
    expect(app.hasDecorator('secret')).toBe(false);
    expect(app.printPlugins()).toContain('secretRoutes');
    await app.close();
  });

  it('refuses a plugin without a name', () => {
    expect(() => encapsulated(async () => {}, '')).toThrow('An encapsulated plugin needs a name');
  });
});
