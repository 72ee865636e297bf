import type { Bible } from './bible/bible.ts';
import type { Translations } from './bible/translations.ts';
import type { Clock } from './clock.ts';
import type { Config } from './config.ts';
import type { DatabaseHandle } from './db/connect.ts';
import type { PageCursors } from './db/keyset.ts';
import type { GroupEventBus } from './features/groups/group-events.ts';
import type { Mailer } from './mailer.ts';
import type { Metrics } from './metrics.ts';
import type { PushSender } from './push.ts';
import type { RateLimits } from './security/rate-limits.ts';

/** What every feature's routes receive: the app's dependencies, injected so tests can swap them. */
export type AppContext = {
  config: Config;
  database: DatabaseHandle;
  clock: Clock;
  /** The KJV: the default translation, and the one the spec's features read. */
  bible: Bible;
  /** Every translation the reader offers, the KJV included (decision 015). */
  translations: Translations;
  mailer: Mailer;
  /** Web Push to the user's subscribed browsers (disabled without VAPID keys). */
  push: PushSender;
  rateLimits: RateLimits;
  /** Signs and reads the lists' page cursors (db/keyset.ts). */
  cursors: PageCursors;
  startedAt: number;
  /** Carries group events to the group pages' live streams (decision 028). */
  groupEvents: GroupEventBus;
  /** What an operator watches at /metrics (docs/operations.md). */
  metrics: Metrics;
};
