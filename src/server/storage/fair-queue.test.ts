import { describe, expect, it } from 'vitest';
import { fairQueue, type FairQueueLimits } from './fair-queue.ts';

/** The queue of picture decoding: two at once, two waiting a person, sixteen in all. */
const limits: FairQueueLimits = { running: 2, waitingPerPerson: 2, waitingInAll: 16 };

class Full extends Error {}

/**
 * A queue whose work ends only when the test says so: `started` lists the work in the order it
 * began, `finish(name)` ends it.
 */
function controlledQueue(given: FairQueueLimits = limits) {
  const queue = fairQueue(given, () => new Full('full'));
  const started: string[] = [];
  const enders = new Map<string, { end: () => void; fail: (error: Error) => void }>();
  const outcomes = new Map<string, Promise<string>>();
  const add = (person: string, name: string) => {
    const outcome = queue.run(
      person,
      () =>
        new Promise<string>((resolve, reject) => {
          started.push(name);
          enders.set(name, { end: () => resolve(name), fail: reject });
        }),
    );
    // Awaited by the test when it cares; never an unhandled rejection meanwhile.
    outcome.catch(() => undefined);
    outcomes.set(name, outcome);
    return outcome;
  };
  const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
  const finish = async (name: string) => {
    enders.get(name)?.end();
    await settle();
  };
  const fail = async (name: string, error: Error) => {
    enders.get(name)?.fail(error);
    await settle();
  };
  return { queue, started, add, finish, fail, outcomes, settle };
}

describe('fairQueue', () => {
  it('runs at most two at once, the rest when a place is free', async () => {
    const q = controlledQueue();
    q.add('alice', 'a1');
    q.add('bob', 'b1');
    q.add('carol', 'c1');
    await q.settle();
    expect(q.started).toEqual(['a1', 'b1']);
    expect(q.queue.stats()).toEqual({ running: 2, waiting: 1, started: 2 });
    await q.finish('b1');
    expect(q.started).toEqual(['a1', 'b1', 'c1']);
    await expect(q.outcomes.get('b1')).resolves.toBe('b1');
    expect(q.queue.stats()).toEqual({ running: 2, waiting: 0, started: 3 });
  });

  it("puts a newcomer's first before the backlog of someone already running", async () => {
    const q = controlledQueue();
    for (const name of ['a1', 'a2', 'a3', 'a4']) q.add('alice', name);
    await q.settle();
    q.add('bob', 'b1');
    q.add('carol', 'c1');
    await q.settle();
    expect(q.started).toEqual(['a1', 'a2']);
    expect(q.queue.of('alice')).toEqual({ running: 2, waiting: 2 });
    // Each place Alice frees goes to someone with nothing running, Bob then Carol.
    await q.finish('a1');
    expect(q.started).toEqual(['a1', 'a2', 'b1']);
    await q.finish('a2');
    expect(q.started).toEqual(['a1', 'a2', 'b1', 'c1']);
    await q.finish('b1');
    await q.finish('c1');
    expect(q.started).toEqual(['a1', 'a2', 'b1', 'c1', 'a3', 'a4']);
  });

  it('takes turns between people who each have a backlog', async () => {
    const q = controlledQueue({ running: 1, waitingPerPerson: 3, waitingInAll: 16 });
    q.add('alice', 'a1');
    for (const name of ['a2', 'a3', 'a4']) q.add('alice', name);
    for (const name of ['b1', 'b2', 'b3']) q.add('bob', name);
    for (const name of ['c1', 'c2']) q.add('carol', name);
    await q.settle();
    for (const name of ['a1', 'b1', 'c1', 'a2', 'b2', 'c2', 'a3', 'b3']) await q.finish(name);
    expect(q.started).toEqual(['a1', 'b1', 'c1', 'a2', 'b2', 'c2', 'a3', 'b3', 'a4']);
  });

  it('refuses at once past what one person may have waiting, and no one else', async () => {
    const q = controlledQueue();
    for (const name of ['a1', 'a2', 'a3', 'a4']) q.add('alice', name);
    await expect(q.add('alice', 'a5')).rejects.toBeInstanceOf(Full);
    expect(q.queue.stats()).toEqual({ running: 2, waiting: 2, started: 2 });
    q.add('bob', 'b1');
    q.add('bob', 'b2');
    await expect(q.add('bob', 'b3')).rejects.toBeInstanceOf(Full);
    // A place Alice frees goes to Bob: she still has two waiting, and may not add a third.
    await q.finish('a1');
    expect(q.started).toEqual(['a1', 'a2', 'b1']);
    expect(q.queue.of('alice')).toEqual({ running: 1, waiting: 2 });
    await expect(q.add('alice', 'a6')).rejects.toBeInstanceOf(Full);
    // Once one of her waiting ones has started, she may put another in line.
    await q.finish('a2');
    expect(q.started).toEqual(['a1', 'a2', 'b1', 'a3']);
    expect(q.queue.of('alice')).toEqual({ running: 1, waiting: 1 });
    q.add('alice', 'a7');
    expect(q.queue.of('alice')).toEqual({ running: 1, waiting: 2 });
  });

  it('refuses at once past sixteen waiting in all', async () => {
    const q = controlledQueue();
    q.add('runner', 'r1');
    q.add('runner', 'r2');
    for (let person = 0; person < 8; person += 1) {
      q.add(`person ${person}`, `p${person}-1`);
      q.add(`person ${person}`, `p${person}-2`);
    }
    expect(q.queue.stats()).toEqual({ running: 2, waiting: 16, started: 2 });
    await expect(q.add('newcomer', 'n1')).rejects.toBeInstanceOf(Full);
    await q.finish('r1');
    expect(q.queue.stats()).toEqual({ running: 2, waiting: 15, started: 3 });
    q.add('newcomer', 'n1');
    expect(q.queue.stats().waiting).toBe(16);
  });

  it('frees the place of work that fails, and hands its caller the error', async () => {
    const q = controlledQueue({ running: 1, waitingPerPerson: 2, waitingInAll: 16 });
    q.add('alice', 'a1');
    q.add('bob', 'b1');
    await q.fail('a1', new Error('damaged'));
    await expect(q.outcomes.get('a1')).rejects.toThrow('damaged');
    expect(q.started).toEqual(['a1', 'b1']);

    // Work that throws before it returns a promise, too.
    const thrown = q.queue.run('carol', () => {
      throw new Error('at once');
    });
    thrown.catch(() => undefined);
    await q.finish('b1');
    await expect(thrown).rejects.toThrow('at once');
    expect(q.queue.stats()).toEqual({ running: 0, waiting: 0, started: 3 });
    expect(q.queue.of('carol')).toEqual({ running: 0, waiting: 0 });
  });
});
