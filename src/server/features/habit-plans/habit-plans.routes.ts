import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context.ts';

/** Issue 26. */
export function habitPlanRoutes(app: FastifyInstance, ctx: AppContext): void {
  void app;
  void ctx;
}
