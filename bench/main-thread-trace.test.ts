import { describe, expect, it } from 'vitest';
import { mainThreadWork, sumWork, type TraceEvent } from './main-thread-trace.ts';

const page = 'http://127.0.0.1:4000/feeling';
const pid = 20;
const tid = 1;
const x = (name: string, ts: number, dur: number, at = { pid, tid }): TraceEvent => ({
  name,
  ph: 'X',
  ts,
  dur,
  ...at,
});

// Times in microseconds: a task before navigation, then a script that calls a function, forces
// a style recalculation and a layout, a microtask checkpoint, and a paint (other work).
const fixture: TraceEvent[] = [
  { name: 'thread_name', ph: 'M', pid, tid, ts: 0, args: { name: 'CrRendererMain' } },
  { name: 'thread_name', ph: 'M', pid: 30, tid: 1, ts: 0, args: { name: 'CrRendererMain' } },
  {
    name: 'TracingStartedInBrowser',
    ph: 'I',
    pid: 1,
    tid: 1,
    ts: 0,
    args: { data: { frames: [{ url: 'about:blank', processId: 30 }] } },
  },
  {
    name: 'FrameCommittedInBrowser',
    ph: 'I',
    pid: 1,
    tid: 1,
    ts: 900,
    args: { data: { url: page, processId: pid } },
  },
  // The about:blank renderer is busier, but is not the page's.
  x('RunTask', 0, 50_000, { pid: 30, tid: 1 }),
  x('RunTask', 100, 400),
  x('EvaluateScript', 150, 300),
  {
    name: 'navigationStart',
    ph: 'R',
    pid,
    tid,
    ts: 1000,
    args: { data: { documentLoaderURL: page } },
  },
  x('RunTask', 2000, 10_000),
  x('EvaluateScript', 2000, 9000),
  x('v8.compile', 2100, 900),
  x('FunctionCall', 3000, 7000),
  x('UpdateLayoutTree', 4000, 1000),
  x('Layout', 5000, 2000),
  // An event of no listed kind inside a script counts as scripting.
  x('SomethingInternal', 8000, 500),
  { name: 'RunMicrotasks', ph: 'B', pid, tid, ts: 20_000 },
  { name: 'RunMicrotasks', ph: 'E', pid, tid, ts: 21_500 },
  x('Paint', 30_000, 2500),
];

describe('sumWork', () => {
  it('sums self time by kind, in milliseconds', () => {
    const work = sumWork(
      fixture.filter((event) => event.pid === pid),
      1000,
    );
    // RunTask 10 ms: EvaluateScript 9 (of which 0.9 compile, 7 FunctionCall with 1 style and 2
    // layout inside); 1.5 ms of microtasks; 2.5 ms of paint.
    expect(work.total).toBeCloseTo(14);
    expect(work.style).toBeCloseTo(1);
    expect(work.layout).toBeCloseTo(2);
    expect(work.scripting).toBeCloseTo(9 - 1 - 2 + 1.5);
    expect(work.other).toBeCloseTo(1 + 2.5);
    expect(work.scripting + work.style + work.layout + work.other).toBeCloseTo(work.total);
  });

  it('counts everything without a start', () => {
    expect(sumWork(fixture.filter((event) => event.pid === pid)).total).toBeCloseTo(14.4);
  });
});

describe('mainThreadWork', () => {
  it('takes the page’s renderer from its navigation start', () => {
    expect(mainThreadWork(fixture, page).total).toBeCloseTo(14);
  });
});
