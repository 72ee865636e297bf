/*
 * A queue that takes turns between people. Decoding a picture takes the memory and CPU of a
 * large one (a 50-megapixel picture is 200 MB while it is decoded), so only a few run at once;
 * with one first-come line for everyone, one person sending four heavy pictures made another's
 * small one wait behind all four (95 s in the security review). Here each person has a line of
 * their own, and a free place goes to whoever has the least running (a newcomer first), taking
 * turns among equals: one person's backlog never delays another's first picture by more than
 * the work already running. What waits is bounded, per person and in all; past that the queue
 * refuses at once rather than letting requests pile up behind it.
 */

export type FairQueueLimits = {
  /** Work that runs at once. */
  running: number;
  /** Work one person may have waiting, besides what runs. */
  waitingPerPerson: number;
  /** Work waiting in all. */
  waitingInAll: number;
};

export type FairQueueStats = {
  running: number;
  waiting: number;
  /** Work started since the queue was made: a test can see that nothing was decoded. */
  started: number;
};

export type FairQueue = {
  /**
   * Runs `work` for `person` when its turn comes; rejects at once with `full()` when that
   * person, or everyone, already has as much waiting as the limits allow.
   */
  run<T>(person: string, work: () => Promise<T>): Promise<T>;
  stats(): FairQueueStats;
  /** What one person has running and waiting. */
  of(person: string): { running: number; waiting: number };
};

export function fairQueue(limits: FairQueueLimits, full: () => Error): FairQueue {
  let running = 0;
  let waiting = 0;
  let started = 0;
  const runningOf = new Map<string, number>();
  // When each person with work here last had some started (a count, not a time): turns go to
  // whoever waited longest since. Forgotten when they have nothing running or waiting.
  const servedAt = new Map<string, number>();
  // Each person's waiting work, first in first out; people in the order they first waited.
  const lines = new Map<string, (() => void)[]>();

  /** The person with the least running; among equals, the one served longest ago (or never). */
  function nextPerson(): string | undefined {
    let chosen: string | undefined;
    let best: [number, number] = [Infinity, Infinity];
    for (const person of lines.keys()) {
      const rank: [number, number] = [runningOf.get(person) ?? 0, servedAt.get(person) ?? 0];
      if (rank[0] < best[0] || (rank[0] === best[0] && rank[1] < best[1])) {
        best = rank;
        chosen = person;
      }
    }
    return chosen;
  }

  function startWaiting(): void {
    while (running < limits.running && waiting > 0) {
      const person = nextPerson();
      if (person === undefined) return;
      const line = lines.get(person) ?? [];
      const start = line.shift();
      if (line.length === 0) lines.delete(person);
      waiting -= 1;
      start?.();
    }
  }

  function run<T>(person: string, work: () => Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      const start = () => {
        running += 1;
        started += 1;
        servedAt.set(person, started);
        runningOf.set(person, (runningOf.get(person) ?? 0) + 1);
        new Promise<T>((done) => done(work())).then(resolve, reject).finally(() => {
          running -= 1;
          const left = (runningOf.get(person) ?? 1) - 1;
          if (left > 0) runningOf.set(person, left);
          else runningOf.delete(person);
          if (left === 0 && !lines.has(person)) servedAt.delete(person);
          startWaiting();
        });
      };
      if (running < limits.running && waiting === 0) {
        start();
        return;
      }
      const line = lines.get(person);
      if ((line?.length ?? 0) >= limits.waitingPerPerson || waiting >= limits.waitingInAll) {
        reject(full());
        return;
      }
      if (line) line.push(start);
      else lines.set(person, [start]);
      waiting += 1;
    });
  }

  return {
    run,
    stats: () => ({ running, waiting, started }),
    of: (person) => ({
      running: runningOf.get(person) ?? 0,
      waiting: lines.get(person)?.length ?? 0,
    }),
  };
}
