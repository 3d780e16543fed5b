import type { FastifyInstance } from 'fastify';
import { encapsulated } from '../../lib/encapsulated.ts';
import { type FirstResponseDeps, firstResponseRoutes } from './first-response-routes.ts';
import { type DashboardDeps, dashboardRoutes } from './routes.ts';

/** The dashboard: figures read from other features, through the narrow ports it declares (routes.ts). */
export function createDashboardModule(deps: DashboardDeps & FirstResponseDeps) {
  return {
    async register(app: FastifyInstance) {
      await app.register(encapsulated(dashboardRoutes), deps);
      await app.register(encapsulated(firstResponseRoutes), deps);
    },
  };
}
