import { createHash, randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';
import { sql } from 'kysely';
import type pg from 'pg';
import type { DatabaseHandle } from '#server/db/connect.ts';
import { groupEventSchema, type GroupEvent } from '#shared/schemas/groups.ts';

/**
 * What happened in a group, for the group page's live stream (decision 028). `user_id` names the
 * one person an event is for (`removed`: that member's streams close); a `removed` without it is
 * for everyone (the group was deleted). Events carry ids and a kind, never content: the page
 * refetches through the scoped routes.
 */
export type GroupEventMessage = GroupEvent & { group_id: string; user_id?: string };

export type GroupEventListener = (message: GroupEventMessage) => void;

/** Carries group events to every open stream, on this instance and (PostgreSQL) every other. */
export type GroupEventBus = {
  /**
   * Sends an event, after the change it names has committed. Fire and forget: a lost event costs
   * a client one refetch (its page also refetches while its stream is down), never an error.
   */
  publish: (message: GroupEventMessage) => void;
  /** Listens to one group's events; returns the function that stops listening. */
  subscribe: (groupId: string, listener: GroupEventListener) => () => void;
  close: () => Promise<void>;
};

declare module 'fastify' {
  interface FastifyInstance {
    /** The app's group event bus (the app context's), for its tests and jobs. */
    groupEvents: GroupEventBus;
  }
}

type Log = { warn: (object: object, message: string) => void };

/** The bus within one process: the SQLite default, and each instance's local delivery. */
export function createLocalGroupEventBus(): GroupEventBus {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  return {
    publish: (message) => {
      emitter.emit(message.group_id, message);
    },
    subscribe: (groupId, listener) => {
      emitter.on(groupId, listener);
      return () => emitter.off(groupId, listener);
    },
    close: async () => {
      emitter.removeAllListeners();
    },
  };
}

/** A notification's payload back to the event and the instance that sent it; null if malformed. */
function parseWire(payload: string): { message: GroupEventMessage; from: string } | null {
  try {
    const value = JSON.parse(payload) as Record<string, unknown>;
    const event = groupEventSchema.safeParse(value);
    if (!event.success || typeof value.group_id !== 'string' || typeof value.from !== 'string')
      return null;
    const message: GroupEventMessage = { ...event.data, group_id: value.group_id };
    if (typeof value.user_id === 'string') message.user_id = value.user_id;
    return { message, from: value.from };
  } catch {
    return null;
  }
}

/** The channel of one database schema, so schemas sharing a server (tests) never hear each other. */
export function groupEventChannel(schema: string): string {
  return `grounded_groups_${createHash('sha256').update(schema).digest('hex').slice(0, 16)}`;
}

const reconnectDelaysMs = [500, 1000, 2000, 5000, 10_000, 30_000];

/**
 * The bus across instances on PostgreSQL (decision 028): each instance keeps one connection of
 * its own that LISTENs on the schema's channel; publish delivers to this instance's streams at
 * once and sends `pg_notify` for the others, which ignore their own echo by the instance id. If
 * the listening connection drops, it reconnects with backoff; meanwhile this instance's own
 * events still reach its streams, and the pages of the others refetch on their own.
 */
export async function createPostgresGroupEventBus(
  database: Pick<DatabaseHandle, 'db' | 'newClient'>,
  log: Log,
): Promise<GroupEventBus> {
  const { newClient } = database;
  if (!newClient) throw new Error('The PostgreSQL group event bus needs a PostgreSQL database.');
  const local = createLocalGroupEventBus();
  const instance = randomUUID();
  let channel: string | null = null;
  let client: pg.Client | null = null;
  let closed = false;
  let attempt = 0;
  let retry: NodeJS.Timeout | undefined;

  const scheduleReconnect = () => {
    if (closed || retry) return;
    const delay = reconnectDelaysMs[Math.min(attempt, reconnectDelaysMs.length - 1)] ?? 30_000;
    attempt += 1;
    retry = setTimeout(() => {
      retry = undefined;
      void listen();
    }, delay);
    retry.unref();
  };

  const listen = async (): Promise<void> => {
    if (closed) return;
    const next = newClient();
    next.on('error', (error) => {
      log.warn({ err: error }, 'group events: the listening connection failed');
      if (client === next) client = null;
      void next.end().catch(() => {});
      scheduleReconnect();
    });
    next.on('end', () => {
      if (client === next) {
        client = null;
        scheduleReconnect();
      }
    });
    next.on('notification', (notice) => {
      if (notice.channel !== channel || !notice.payload) return;
      const wire = parseWire(notice.payload);
      if (wire && wire.from !== instance) local.publish(wire.message);
    });
    try {
      await next.connect();
      const { rows } = await next.query<{ schema: string }>('select current_schema() as schema');
      channel = groupEventChannel(rows[0]?.schema ?? 'public');
      await next.query(`listen ${channel}`);
      if (closed) {
        await next.end();
        return;
      }
      client = next;
      attempt = 0;
    } catch (error) {
      log.warn({ err: error }, 'group events: could not listen; trying again');
      await next.end().catch(() => {});
      scheduleReconnect();
    }
  };

  await listen();

  return {
    publish: (message) => {
      local.publish(message);
      if (!channel || closed) return;
      const payload = JSON.stringify({ ...message, from: instance });
      sql`select pg_notify(${channel}, ${payload})`.execute(database.db).catch((error: unknown) => {
        log.warn({ err: error }, 'group events: could not notify the other instances');
      });
    },
    subscribe: local.subscribe,
    close: async () => {
      closed = true;
      clearTimeout(retry);
      const current = client;
      client = null;
      await current?.end().catch(() => {});
      await local.close();
    },
  };
}
