import { z } from 'zod';

export const healthResponseSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.enum(['up', 'down']),
  dialect: z.enum(['sqlite', 'postgres']),
  uptime_seconds: z.number(),
});
export type HealthResponse = z.infer<typeof healthResponseSchema>;

/** Whether this instance should be sent requests: the database answers, its schema is current,
 * and the Bible text (every translation, the study data) is loaded. */
export const readyResponseSchema = z.object({
  status: z.enum(['ready', 'not_ready']),
  database: z.enum(['up', 'down']),
  migrations: z.enum(['done', 'pending']),
  bible: z.enum(['loaded', 'loading']),
});
export type ReadyResponse = z.infer<typeof readyResponseSchema>;

/** What the browser may report to the server log: a small, bounded record, never free-form blobs. */
export const clientLogSchema = z.object({
  level: z.enum(['info', 'warn', 'error']),
  event: z.enum(['not_found', 'client_error']),
  path: z.string().trim().min(1).max(2048),
  message: z.string().trim().max(1000).optional(),
});
export type ClientLog = z.infer<typeof clientLogSchema>;
