// The page's main-thread work during a load, from a Chromium trace (categories devtools.timeline,
// disabled-by-default-devtools.timeline, toplevel, blink.user_timing). Each traced event's self
// time (its duration less its children's) goes to the kind of work its name says; an event of a
// name not listed takes its parent's kind, a top-level one 'other' (as Lighthouse's
// mainthread-work-breakdown groups its tasks).

export type TraceEvent = {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  /** Microseconds. */
  ts: number;
  dur?: number;
  cat?: string;
  args?: Record<string, unknown>;
};

export type WorkKind = 'scripting' | 'style' | 'layout' | 'other';
export type MainThreadWork = Record<WorkKind | 'total', number>;

/**
 * Running the page's JavaScript: evaluating and compiling it, the callbacks it set up (timers,
 * events, microtasks, animation frames) and the garbage collection it causes.
 */
const scripting = [
  'EvaluateScript',
  'v8.evaluateModule',
  'FunctionCall',
  'V8.Execute',
  'v8.run',
  'v8.compile',
  'v8.compileModule',
  'V8.CompileCode',
  'v8.produceCache',
  'v8.produceModuleCache',
  'v8.deserializeOnBackground',
  'TimerFire',
  'TimerInstall',
  'TimerRemove',
  'EventDispatch',
  'RunMicrotasks',
  'FireAnimationFrame',
  'RequestAnimationFrame',
  'CancelAnimationFrame',
  'FireIdleCallback',
  'RequestIdleCallback',
  'CancelIdleCallback',
  'XHRReadyStateChange',
  'XHRLoad',
  'MinorGC',
  'MajorGC',
  'GCEvent',
  'BlinkGC.AtomicPhase',
  'ThreadState::performIdleLazySweep',
  'ThreadState::completeSweep',
];
const style = ['UpdateLayoutTree', 'RecalculateStyles', 'ScheduleStyleRecalculation'];
const layout = ['Layout', 'InvalidateLayout'];

const kindOfName = new Map<string, WorkKind>([
  ...scripting.map((name) => [name, 'scripting'] as const),
  ...style.map((name) => [name, 'style'] as const),
  ...layout.map((name) => [name, 'layout'] as const),
]);

/** The kind of work an event of this name is, if its name says. */
export function kindOf(name: string): WorkKind | undefined {
  return kindOfName.get(name);
}

type Span = { name: string; start: number; end: number };

/** The thread's timed events as spans: complete events, and begin/end pairs. */
function spansOf(events: readonly TraceEvent[]): Span[] {
  const spans: Span[] = [];
  const open: TraceEvent[] = [];
  for (const event of [...events].sort((a, b) => a.ts - b.ts)) {
    if (event.ph === 'X' && typeof event.dur === 'number') {
      spans.push({ name: event.name, start: event.ts, end: event.ts + event.dur });
    } else if (event.ph === 'B') open.push(event);
    else if (event.ph === 'E') {
      const begun = open.pop();
      if (begun) spans.push({ name: begun.name, start: begun.ts, end: event.ts });
    }
  }
  // Parents first: by start, and the longer of two that start together.
  return spans.sort((a, b) => a.start - b.start || b.end - a.end);
}

/** The self time of each kind of work, in milliseconds, over spans starting at or after `from`. */
export function sumWork(events: readonly TraceEvent[], from = -Infinity): MainThreadWork {
  const work: MainThreadWork = { scripting: 0, style: 0, layout: 0, other: 0, total: 0 };
  // A task begun before `from` is left out whole, with what runs inside it.
  const stack: { span: Span; kind: WorkKind; self: number; counted: boolean }[] = [];
  const close = (entry: { kind: WorkKind; self: number; counted: boolean }) => {
    if (entry.counted) work[entry.kind] += entry.self / 1000;
  };
  for (const span of spansOf(events)) {
    while (stack.length > 0 && (stack.at(-1)?.span.end ?? 0) <= span.start) {
      const done = stack.pop();
      if (done) close(done);
    }
    const parent = stack.at(-1);
    // An event that overlaps its parent without nesting in it (its end cut short) is left out.
    if (parent && span.end > parent.span.end) continue;
    const counted = parent ? parent.counted : span.start >= from;
    const duration = span.end - span.start;
    if (parent) parent.self -= duration;
    else if (counted) work.total += duration / 1000;
    stack.push({
      span,
      kind: kindOf(span.name) ?? parent?.kind ?? 'other',
      self: duration,
      counted,
    });
  }
  for (const entry of stack) close(entry);
  return work;
}

/**
 * The main thread of the renderer that drew the page at `pageUrl` (the process the browser
 * committed its frame to), or the busiest renderer main thread when the trace does not say.
 */
export function pageMainThread(
  events: readonly TraceEvent[],
  pageUrl: string,
): { pid: number; tid: number } | undefined {
  const origin = new URL(pageUrl).origin;
  const mains = events.filter(
    (event) =>
      event.ph === 'M' &&
      event.name === 'thread_name' &&
      (event.args as { name?: string } | undefined)?.name === 'CrRendererMain',
  );
  const committed = new Set<number>();
  for (const event of events) {
    const data = (event.args as { data?: Record<string, unknown> } | undefined)?.data;
    if (!data) continue;
    const frames =
      event.name === 'TracingStartedInBrowser'
        ? ((data.frames as Record<string, unknown>[] | undefined) ?? [])
        : event.name === 'FrameCommittedInBrowser'
          ? [data]
          : [];
    for (const frame of frames) {
      const url = typeof frame.url === 'string' ? frame.url : '';
      if (url.startsWith(origin) && typeof frame.processId === 'number') {
        committed.add(frame.processId);
      }
    }
  }
  const candidates = mains.filter((main) => committed.has(main.pid));
  const busiest = (threads: readonly TraceEvent[]) =>
    threads
      .map((main) => ({
        main,
        total: sumWork(events.filter((e) => e.pid === main.pid && e.tid === main.tid)).total,
      }))
      .sort((a, b) => b.total - a.total)[0]?.main;
  const main = busiest(candidates.length > 0 ? candidates : mains);
  return main ? { pid: main.pid, tid: main.tid } : undefined;
}

/**
 * The page's main-thread work from its navigation start (the `navigationStart` mark of the page's
 * document; the thread's first event when the trace has none) to the end of the trace.
 */
export function mainThreadWork(events: readonly TraceEvent[], pageUrl: string): MainThreadWork {
  const main = pageMainThread(events, pageUrl);
  if (!main) throw new Error('The trace has no renderer main thread');
  const navigationStarts = events
    .filter(
      (event) =>
        event.name === 'navigationStart' &&
        event.pid === main.pid &&
        String(
          (event.args as { data?: { documentLoaderURL?: string } } | undefined)?.data
            ?.documentLoaderURL ?? '',
        ).startsWith(new URL(pageUrl).origin),
    )
    .map((event) => event.ts);
  const from = navigationStarts.length > 0 ? Math.min(...navigationStarts) : -Infinity;
  return sumWork(
    events.filter((event) => event.pid === main.pid && event.tid === main.tid),
    from,
  );
}
