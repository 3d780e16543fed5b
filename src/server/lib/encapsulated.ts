import type { FastifyPluginAsync } from 'fastify';
import fastifyPlugin from 'fastify-plugin';

/**
 * `plugin`, named for Fastify (by `name`, or its function's name) and still encapsulated: its routes, hooks
 * and decorations stay its own, as with a plain function. Fastify looks an unnamed plugin's name up by
 * searching every module loaded with `require` for it, at each registration: about a tenth of building the
 * app, which the tests do for nearly every test (decision 068).
 */
export function encapsulated<T extends (instance: never, options: never) => Promise<void>>(
  plugin: T,
  name = plugin.name,
): T {
  if (!name) throw new Error('An encapsulated plugin needs a name');
  return fastifyPlugin(plugin as unknown as FastifyPluginAsync, { name, encapsulate: true }) as unknown as T;
}
