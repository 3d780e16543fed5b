import type { FastifyInstance } from 'fastify';
import { type DashboardDeps, dashboardRoutes } from './routes.ts';

/** The dashboard: figures read from other features, through the narrow ports it declares (routes.ts). */
export function createDashboardModule(deps: DashboardDeps) {
  return {
    async register(app: FastifyInstance) {
      await app.register(dashboardRoutes, deps);
    },
  };
}
