import { z } from 'zod';
import type { Clock } from '#server/clock.ts';
import {
  startReminderScheduler,
  type ReminderDeps,
  type ReminderScheduler,
  type SchedulerLog,
} from '#server/jobs/reminder-scheduler.ts';
import type { PushSender } from '#server/push.ts';

/**
 * REMINDER_SIMULATION (development only; docs/reliability.md, several instances): the reminder scheduler's clock runs `speed`
 * times faster than real time, so that `npm run test:reliability` can play a whole day of
 * reminders across time zones on several instances in half a minute. The rest of the server keeps
 * the real clock. The value is JSON:
 *   {"from":"2025-03-08T22:00:00Z","to":"2025-03-09T22:00:00Z","startsAt":"<real ISO time>","speed":2880}
 * Until `startsAt` (real time) the simulated clock reads `from`; from then on it runs `speed` times
 * faster, and it stops at `to`. Every instance given the same value reads the same simulated time.
 */
export type ReminderSimulation = {
  from: Date;
  to: Date;
  startsAt: Date;
  /** Simulated milliseconds per real millisecond. */
  speed: number;
};

export const reminderSimulationVariable = 'REMINDER_SIMULATION';

const simulationSchema = z
  .object({
    from: z.iso.datetime({ offset: true }),
    to: z.iso.datetime({ offset: true }),
    startsAt: z.iso.datetime({ offset: true }),
    // A simulated minute takes at least 10 ms: faster, a tick could not finish in one.
    speed: z.number().min(1).max(6000),
  })
  .strict()
  .refine((value) => Date.parse(value.from) < Date.parse(value.to), '"to" must be after "from"');

/**
 * The simulation asked for in the environment, or undefined. Refused (the server does not start)
 * when the value is not what the comment above describes. Production never gets here: it does
 * not load src/server/dev, and refuses the variable itself (src/server/load-dev-tools.ts).
 */
export function readReminderSimulation(env: NodeJS.ProcessEnv): ReminderSimulation | undefined {
  const value = env[reminderSimulationVariable];
  if (value === undefined || value === '') return undefined;
  let json: unknown;
  try {
    json = JSON.parse(value);
  } catch {
    json = undefined;
  }
  const parsed = simulationSchema.safeParse(json);
  if (!parsed.success) {
    throw new Error(
      `${reminderSimulationVariable} must be JSON {"from","to","startsAt" (ISO times),"speed" ` +
        `(1 to 6000)}: ${parsed.error.issues.map((issue) => issue.message).join('; ')}`,
    );
  }
  return {
    from: new Date(parsed.data.from),
    to: new Date(parsed.data.to),
    startsAt: new Date(parsed.data.startsAt),
    speed: parsed.data.speed,
  };
}

/** The simulated clock, driven by the real one. */
export function simulatedClock(simulation: ReminderSimulation, real: Clock): Clock {
  const { from, to, startsAt, speed } = simulation;
  return {
    now: () => {
      const elapsed = Math.max(0, real.now().getTime() - startsAt.getTime());
      return new Date(Math.min(to.getTime(), from.getTime() + elapsed * speed));
    },
  };
}

export type PushLog = { info: (object: object, message: string) => void };

/**
 * The push sender, logging each notification handed to it: in a simulation the run reads the
 * instances' logs to see that every reminder was pushed by exactly one instance.
 */
export function loggingPush(push: PushSender, log: PushLog): PushSender {
  return {
    enabled: push.enabled,
    publicKey: push.publicKey,
    sendToUser: async (userId, payload) => {
      log.info({ notification: payload.id, user: userId }, 'reminder pushed');
      await push.sendToUser(userId, payload);
    },
  };
}

/**
 * The reminder scheduler on the simulated clock, logging every push, for the reliability run's
 * simulated day on several instances (docs/reliability.md).
 */
export function startSimulatedReminderScheduler(
  deps: ReminderDeps & { clock: Clock },
  log: SchedulerLog,
  simulation: ReminderSimulation,
): ReminderScheduler {
  // A method call: pino's methods need their logger as `this`.
  const info = (object: object, message: string) => log.info?.(object, message);
  info(
    {
      from: simulation.from.toISOString(),
      to: simulation.to.toISOString(),
      startsAt: simulation.startsAt.toISOString(),
      speed: simulation.speed,
    },
    'reminder scheduler on a simulated clock',
  );
  return startReminderScheduler(
    {
      ...deps,
      clock: simulatedClock(simulation, deps.clock),
      push: loggingPush(deps.push, { info }),
    },
    log,
    simulation.speed,
  );
}
