import path from 'node:path';

export type Config = {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  publicUrl: string;
  clientDir: string;
  logLevel: string;
  trustProxy: boolean;
  isProduction: boolean;
  smtpUrl: string | undefined;
  googleClientId: string | undefined;
  googleClientSecret: string | undefined;
  /** The OpenID Connect issuer for Google sign-in; tests point it at a mock provider. */
  googleIssuer: string;
  /** From address of the e-mails we send. */
  mailFrom: string;
  /** E-mails (lower-case) that may moderate testimonies, from MODERATOR_EMAILS (comma-separated). */
  moderatorEmails: string[];
  /** Web Push (VAPID) keys from VAPID_PUBLIC_KEY / VAPID_PRIVATE_KEY; push is off without both. */
  vapidPublicKey: string | undefined;
  vapidPrivateKey: string | undefined;
  /** Who push services may contact about our pushes: VAPID_SUBJECT, a mailto: or https: URL. */
  vapidSubject: string;
  /**
   * Development helpers (create a test notification, run the reminder tick at a given time):
   * on unless NODE_ENV=production, which `npm start` sets.
   */
  devEndpoints: boolean;
  /**
   * WRITE_LIMIT_SCALE multiplies the per-person write limits and sign-ups and sign-ins per
   * address (security/rate-limits.ts); 1 unless a load test or the browser suite, which play many
   * people writing far faster than anyone does, raises it.
   */
  writeLimitScale: number;
  /**
   * Where the limits per address and per person count requests (RATE_LIMIT_STORE):
   * 'database' (attempt_counters, the same for every instance on one database; decision 012)
   * or 'memory' (per instance). See readRateLimitStore for the default.
   */
  rateLimitStore: RateLimitStore;
  /**
   * How long a request may take to arrive, headers and body (REQUEST_TIMEOUT_SECONDS, 30 by
   * default); a slower one is answered 408 and its connection closed.
   */
  requestTimeoutMs: number;
  /**
   * How often a group page's live stream gets a heartbeat, and its session is checked again
   * (25 s; decision 028). Not read from the environment: tests shorten it.
   */
  liveHeartbeatMs: number;
  /**
   * The bearer token that opens /metrics to other machines (METRICS_TOKEN, at least 32
   * characters). Without it, /metrics answers only requests made on this machine, not through a
   * proxy (docs/operations.md).
   */
  metricsToken: string | undefined;
  /**
   * How often /metrics' event-loop histogram looks at the loop, in ms
   * (METRICS_EVENT_LOOP_RESOLUTION_MS, 10 by default). Each reading includes this period, so an
   * idle loop reads it; 1 ms reads the delay itself, for 1–1.5% more of a core at rest.
   */
  eventLoopResolutionMs: number;
};

function readPort(value: string | undefined): number {
  if (value === undefined || value === '') return 3000;
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new Error(`PORT must be a whole number from 0 to 65535, got "${value}"`);
  }
  return port;
}

function readWriteLimitScale(value: string | undefined): number {
  if (value === undefined || value === '') return 1;
  const scale = Number(value);
  if (!Number.isFinite(scale) || scale < 1) {
    throw new Error(`WRITE_LIMIT_SCALE must be a number of at least 1, got "${value}"`);
  }
  return scale;
}

export type RateLimitStore = 'database' | 'memory';

/**
 * 'database' with DATABASE_URL (PostgreSQL: several instances share the limits), 'memory' on
 * SQLite, which is one process: there, counting every write in the database as well cost about
 * a third of a write route's throughput (decision 012; README.md, scale-out).
 */
function readRateLimitStore(
  value: string | undefined,
  databaseUrl: string | undefined,
): RateLimitStore {
  if (value === undefined || value === '') return databaseUrl ? 'database' : 'memory';
  if (value === 'database' || value === 'memory') return value;
  throw new Error(`RATE_LIMIT_STORE must be "database" or "memory", got "${value}"`);
}

function readRequestTimeoutMs(value: string | undefined): number {
  if (value === undefined || value === '') return 30_000;
  const seconds = Number(value);
  if (!Number.isFinite(seconds) || seconds < 1 || seconds > 3600) {
    throw new Error(`REQUEST_TIMEOUT_SECONDS must be a number from 1 to 3600, got "${value}"`);
  }
  return Math.round(seconds * 1000);
}

function readMetricsToken(value: string | undefined): string | undefined {
  if (value === undefined || value === '') return undefined;
  if (value.length < 32) {
    throw new Error(
      'METRICS_TOKEN must be at least 32 characters (openssl rand -hex 32 makes one)',
    );
  }
  return value;
}

function readEventLoopResolutionMs(value: string | undefined): number {
  if (value === undefined || value === '') return 10;
  const ms = Number(value);
  if (!Number.isInteger(ms) || ms < 1 || ms > 1000) {
    throw new Error(
      `METRICS_EVENT_LOOP_RESOLUTION_MS must be a whole number from 1 to 1000, got "${value}"`,
    );
  }
  return ms;
}

/** Reads the configuration from the environment; every setting is documented in README.md. */
export function readConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const port = readPort(env.PORT);
  const root = process.cwd();
  return {
    port,
    host: env.HOST || 'localhost',
    dataDir: path.resolve(root, env.DATA_DIR || 'data'),
    databaseUrl: env.DATABASE_URL || undefined,
    publicUrl: (env.PUBLIC_URL || `http://localhost:${port}`).replace(/\/+$/, ''),
    clientDir: path.resolve(root, env.CLIENT_DIR || 'dist/client'),
    logLevel: env.LOG_LEVEL || 'info',
    trustProxy: env.TRUST_PROXY === 'true' || env.TRUST_PROXY === '1',
    isProduction: env.NODE_ENV === 'production',
    smtpUrl: env.SMTP_URL || undefined,
    googleClientId: env.GOOGLE_CLIENT_ID || undefined,
    googleClientSecret: env.GOOGLE_CLIENT_SECRET || undefined,
    googleIssuer: env.GOOGLE_ISSUER || 'https://accounts.google.com',
    mailFrom: env.MAIL_FROM || 'Grounded <no-reply@grounded.app>',
    moderatorEmails: (env.MODERATOR_EMAILS ?? '')
      .split(',')
      .map((email) => email.trim().toLowerCase())
      .filter((email) => email !== ''),
    vapidPublicKey: env.VAPID_PUBLIC_KEY || undefined,
    vapidPrivateKey: env.VAPID_PRIVATE_KEY || undefined,
    vapidSubject: env.VAPID_SUBJECT || 'mailto:no-reply@grounded.app',
    devEndpoints: env.NODE_ENV !== 'production',
    writeLimitScale: readWriteLimitScale(env.WRITE_LIMIT_SCALE),
    rateLimitStore: readRateLimitStore(env.RATE_LIMIT_STORE, env.DATABASE_URL || undefined),
    requestTimeoutMs: readRequestTimeoutMs(env.REQUEST_TIMEOUT_SECONDS),
    liveHeartbeatMs: 25_000,
    metricsToken: readMetricsToken(env.METRICS_TOKEN),
    eventLoopResolutionMs: readEventLoopResolutionMs(env.METRICS_EVENT_LOOP_RESOLUTION_MS),
  };
}
