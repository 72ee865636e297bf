import client from 'prom-client';
import type { DatabaseHandle } from './db/connect.ts';

/**
 * What an operator watches (docs/operations.md): requests, the event loop, memory, the database's
 * connections, the reminder scheduler, rate-limit refusals and the group pages' live streams, in
 * Prometheus's text format at /metrics. One set per server; the process's own figures (event-loop
 * delay, heap, RSS) are shared by every server in a process, as they are the process's.
 */
export type Metrics = {
  /** One answered request: its route's pattern (never the path, which holds ids), status, time. */
  observeRequest: (method: string, route: string, status: number, seconds: number) => void;
  /** One reminder tick: how late it started, how long it ran, what it sent and whether it failed. */
  observeReminderTick: (tick: ReminderTick) => void;
  /** The database handle whose connections to report (set once it is open). */
  watchDatabase: (database: DatabaseHandle) => void;
  /** How many live event streams are open on this instance, read at each scrape. */
  watchEventStreams: (count: () => number) => void;
  /** Prometheus's text format of every figure. */
  render: () => Promise<string>;
  contentType: string;
};

export type ReminderTick = { lagSeconds: number; seconds: number; sent: number; failed: boolean };

const processRegistries = new Map<number, client.Registry>();

/**
 * The process's figures, collected once per process and event-loop period (a server has one):
 * prom-client's default collectors watch the event loop with a histogram of their own, and a
 * second set at the same period would only watch it twice.
 */
function processMetrics(eventLoopResolutionMs: number): client.Registry {
  let registry = processRegistries.get(eventLoopResolutionMs);
  if (!registry) {
    registry = new client.Registry();
    client.collectDefaultMetrics({
      register: registry,
      eventLoopMonitoringPrecision: eventLoopResolutionMs,
    });
    processRegistries.set(eventLoopResolutionMs, registry);
  }
  return registry;
}

/**
 * The app's figures. `eventLoopResolutionMs`: how often the event-loop histogram looks (the
 * configuration's METRICS_EVENT_LOOP_RESOLUTION_MS).
 */
export function createMetrics({ eventLoopResolutionMs = 10 } = {}): Metrics {
  const registry = new client.Registry();
  const requests = new client.Counter({
    name: 'grounded_http_requests_total',
    help: 'Requests answered, by method, route pattern and status.',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [registry],
  });
  const durations = new client.Histogram({
    name: 'grounded_http_request_duration_seconds',
    help: 'Time from a request’s arrival to its answer, by method, route pattern and status class.',
    labelNames: ['method', 'route', 'status_class'] as const,
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const refusals = new client.Counter({
    name: 'grounded_rate_limit_refusals_total',
    help: 'Requests refused with 429 because a rate limit was reached, by route pattern.',
    labelNames: ['route'] as const,
    registers: [registry],
  });
  const tickLag = new client.Gauge({
    name: 'grounded_reminder_tick_lag_seconds',
    help: 'How late the last reminder tick started after its minute began.',
    registers: [registry],
  });
  const tickDuration = new client.Histogram({
    name: 'grounded_reminder_tick_duration_seconds',
    help: 'How long each reminder tick ran.',
    buckets: [0.01, 0.05, 0.1, 0.5, 1, 5, 15, 30, 60],
    registers: [registry],
  });
  const remindersSent = new client.Counter({
    name: 'grounded_reminders_sent_total',
    help: 'Reminders and daily verses the scheduler created.',
    registers: [registry],
  });
  const ticksFailed = new client.Counter({
    name: 'grounded_reminder_ticks_failed_total',
    help: 'Reminder ticks that ended with an error (the next minute tries again).',
    registers: [registry],
  });
  let database: DatabaseHandle | undefined;
  new client.Gauge({
    name: 'grounded_db_connections',
    help: 'The database’s connections by state (in use, idle); SQLite has one, never seen busy.',
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      const pool = database?.pool();
      if (!pool) return;
      this.set({ state: 'in_use' }, pool.inUse);
      this.set({ state: 'idle' }, pool.idle);
    },
  });
  new client.Gauge({
    name: 'grounded_db_waiting_requests',
    help: 'Queries waiting for a free database connection.',
    registers: [registry],
    collect() {
      const pool = database?.pool();
      if (pool) this.set(pool.waiting);
    },
  });
  let streams: (() => number) | undefined;
  new client.Gauge({
    name: 'grounded_event_streams_open',
    help: 'Group pages’ live event streams open on this instance.',
    registers: [registry],
    collect() {
      this.set(streams?.() ?? 0);
    },
  });

  // Each series' counter and histogram, found once: prom-client would otherwise sort and join
  // the labels into a key again on every answer. As many as the series (routes × statuses).
  const seriesOfAnswers = new Map<
    string,
    {
      count: client.Counter.Internal;
      duration: client.Histogram.Internal<'method' | 'route' | 'status_class'>;
    }
  >();
  return {
    observeRequest(method, route, status, seconds) {
      const key = `${method} ${status} ${route}`;
      let series = seriesOfAnswers.get(key);
      if (!series) {
        series = {
          count: requests.labels({ method, route, status }),
          duration: durations.labels({
            method,
            route,
            status_class: `${Math.floor(status / 100)}xx`,
          }),
        };
        seriesOfAnswers.set(key, series);
      }
      series.count.inc();
      series.duration.observe(seconds);
      if (status === 429) refusals.inc({ route });
    },
    observeReminderTick(tick) {
      tickLag.set(tick.lagSeconds);
      tickDuration.observe(tick.seconds);
      remindersSent.inc(tick.sent);
      if (tick.failed) ticksFailed.inc();
    },
    watchDatabase(handle) {
      database = handle;
    },
    watchEventStreams(count) {
      streams = count;
    },
    async render() {
      const merged = client.Registry.merge([processMetrics(eventLoopResolutionMs), registry]);
      return merged.metrics();
    },
    contentType: client.Registry.PROMETHEUS_CONTENT_TYPE,
  };
}
