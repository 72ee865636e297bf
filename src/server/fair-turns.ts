import type { IncomingMessage, ServerResponse } from 'node:http';

type Handler = (request: IncomingMessage, response: ServerResponse) => void;

/** How long requests may start one after another before the event loop gets a turn. */
export const defaultSliceMs = 4;

/** At most this many waiting requests are offered a place in one turn of the loop. */
const placesPerTurn = 64;

/**
 * Requests start in slices of the event loop's time (docs/decisions/030). Node reads every
 * socket that is ready in one pass and, on SQLite, each request runs to its answer at once: at
 * 50 connections one pass answered fifty requests, and timers (the reminder tick, time-outs,
 * event streams' heartbeats), new connections and upload bodies waited for all of them.
 *
 * Here a request that arrives once `sliceMs` of the pass is spent waits in line, first come
 * first served. The line moves in the loop's next turns, a slice at a time: each waiting request
 * starts in an immediate of its own, so the promises of the one before it have all settled and
 * the slice's clock sees their work. A server that is not busy makes no one wait: the first
 * request after the loop has turned always starts at once.
 */
export function fairTurns(
  handler: Handler,
  { sliceMs = defaultSliceMs, now = () => performance.now() } = {},
): Handler {
  const line: ([IncomingMessage, ServerResponse] | undefined)[] = [];
  let head = 0;
  let sliceStart = 0;
  // Whether a slice has begun since the loop last turned.
  let sliceOpen = false;
  let turnArmed = false;
  // Immediates on their way to offer a waiting request its start, and whether the next of them
  // begins a new slice.
  let places = 0;
  let freshSlice = false;

  const waiting = () => line.length - head;

  const turned = () => {
    turnArmed = false;
    sliceOpen = false;
  };
  const armTurn = () => {
    if (turnArmed) return;
    turnArmed = true;
    setImmediate(turned);
  };

  const offerPlaces = () => {
    const count = Math.min(waiting(), placesPerTurn);
    places += count;
    freshSlice = true;
    for (let index = 0; index < count; index += 1) setImmediate(takePlace);
  };

  function takePlace(): void {
    places -= 1;
    if (freshSlice) {
      freshSlice = false;
      sliceOpen = true;
      sliceStart = now();
    }
    if (head < line.length && now() - sliceStart < sliceMs) {
      const next = line[head];
      line[head] = undefined;
      head += 1;
      if (next) handler(next[0], next[1]);
    }
    if (places > 0) return;
    if (waiting() > 0) {
      if (head > 1024 && head * 2 > line.length) {
        line.splice(0, head);
        head = 0;
      }
      offerPlaces();
      return;
    }
    line.length = 0;
    head = 0;
    armTurn();
  }

  return (request, response) => {
    if (waiting() === 0) {
      if (!sliceOpen) {
        sliceOpen = true;
        sliceStart = now();
        armTurn();
        handler(request, response);
        return;
      }
      if (now() - sliceStart < sliceMs) {
        handler(request, response);
        return;
      }
    }
    line.push([request, response]);
    // A place for it in this pass's check phase, which begins a slice of its own.
    if (places === 0) freshSlice = true;
    if (places < placesPerTurn) {
      places += 1;
      setImmediate(takePlace);
    }
  };
}
