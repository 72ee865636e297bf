import type { FastifyInstance } from 'fastify';
import type { AppContext } from '#server/app-context.ts';

export function groupEventRoutes(app: FastifyInstance, ctx: AppContext): void {
  void app;
  void ctx;
}
