/**
 * BENCH_PROFILE=1 of the first-paint bench: where the renderer's main thread spends a first load, up
 * to the first card or button. Two views of the same load:
 * - the trace's main-thread tasks by kind (parsing, compiling and evaluating modules, timers and
 *   frames, style, layout, paint, GC), in time slices after navigation start;
 * - the V8 sampling profile's self time by package or app folder, mapped through the build's
 *   (hidden) source maps, and the heaviest functions.
 * All times are as measured under the bench's CPU throttling (×4 of the machine's real CPU time).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

export interface TraceEvent {
  name: string;
  cat: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: { name?: string; data?: { documentLoaderURL?: string; isOutermostMainFrame?: boolean } };
}

interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
  columnNumber: number;
}

export interface CpuProfile {
  nodes: { id: number; callFrame: CallFrame }[];
  startTime: number;
  samples: number[];
  timeDeltas: number[];
}

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/** A source map's `mappings`: per generated line, [column, source index] runs (VLQ decoded). */
function decodeMappings(mappings: string): [number, number][][] {
  const lines: [number, number][][] = [];
  let source = 0;
  for (const line of mappings.split(';')) {
    const runs: [number, number][] = [];
    let column = 0;
    for (const segment of line.split(',')) {
      if (!segment) continue;
      const fields: number[] = [];
      let value = 0;
      let shift = 0;
      for (const char of segment) {
        const digit = BASE64.indexOf(char);
        value += (digit & 31) << shift;
        if (digit & 32) shift += 5;
        else {
          fields.push(value & 1 ? -(value >>> 1) : value >>> 1);
          value = 0;
          shift = 0;
        }
      }
      column += fields[0]!;
      if (fields.length > 1) {
        source += fields[1]!;
        runs.push([column, source]);
      }
    }
    lines.push(runs);
  }
  return lines;
}

/** `node_modules/<package>` or the app's `src/<folder>` a source path belongs to. */
function owner(source: string): string {
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(source);
  if (pkg) return pkg[1]!;
  const app = /(?:^|\/)(src\/[^/]+(?:\/[^/.]+(?=\/))?)/.exec(source);
  return app ? app[1]! : source;
}

/** Maps a built file's (line, column) to the package or app folder it came from. */
function sourceMapper(distDir: string) {
  const maps = new Map<string, { lines: [number, number][][]; sources: string[] } | null>();
  return (url: string, line: number, column: number): string => {
    let path: string;
    try {
      path = new URL(url).pathname;
    } catch {
      return url || '(native)';
    }
    if (!path.endsWith('.js')) return path;
    if (!maps.has(path)) {
      try {
        const map = JSON.parse(readFileSync(join(distDir, `${path}.map`), 'utf8')) as {
          mappings: string;
          sources: string[];
        };
        maps.set(path, { lines: decodeMappings(map.mappings), sources: map.sources });
      } catch {
        maps.set(path, null);
      }
    }
    const map = maps.get(path);
    const runs = map?.lines[line];
    if (!map || !runs?.length) return path;
    let found = runs[0]![1];
    for (const [start, source] of runs) {
      if (start > column) break;
      found = source;
    }
    return owner(map.sources[found] ?? path);
  };
}

const sum = (map: Map<string, number>, key: string, value: number) =>
  map.set(key, (map.get(key) ?? 0) + value);

const table = (map: Map<string, number>, limit: number, total?: number) =>
  [...map]
    .sort((a, b) => b[1] - a[1])
    .slice(0, limit)
    .map(
      ([key, ms]) =>
        `  ${ms.toFixed(0).padStart(6)} ms${total ? ` ${((100 * ms) / total).toFixed(0).padStart(3)}%` : ''}  ${key}`,
    )
    .join('\n');

/** The JavaScript self time (ms) until `endUs` by package or app folder, and the heaviest functions. */
export function summariseProfile(profile: CpuProfile, endUs: number, distDir: string): string {
  const map = sourceMapper(distDir);
  const nodes = new Map(profile.nodes.map((node) => [node.id, node.callFrame]));
  const byOwner = new Map<string, number>();
  const byFunction = new Map<string, number>();
  let time = profile.startTime;
  let total = 0;
  for (let i = 0; i < profile.samples.length; i++) {
    time += profile.timeDeltas[i]!;
    if (time > endUs) break;
    const ms = (profile.timeDeltas[i + 1] ?? 0) / 1000;
    const frame = nodes.get(profile.samples[i]!)!;
    if (frame.functionName === '(idle)') continue;
    total += ms;
    const where = frame.url ? map(frame.url, frame.lineNumber, frame.columnNumber) : frame.functionName;
    sum(byOwner, where, ms);
    if (frame.url) sum(byFunction, `${frame.functionName || '(anonymous)'}  ${where}`, ms);
  }
  return (
    `JavaScript and engine self time until the button (sampling profile, ${total.toFixed(0)} ms not idle), by source:\n` +
    `${table(byOwner, 22, total)}\nHeaviest functions (self time):\n${table(byFunction, 12)}`
  );
}

/** The page's navigation (the renderer's main thread and time zero of the page's own timings). */
export function navigationStart(events: TraceEvent[]): TraceEvent | undefined {
  return events.find(
    (event) =>
      event.name === 'navigationStart' &&
      event.args?.data?.isOutermostMainFrame &&
      event.args.data.documentLoaderURL?.startsWith('http'),
  );
}

/** Event names grouped into what a reader of the profile asks about. */
const KIND: Record<string, string> = {
  ParseHTML: 'parse HTML',
  ParseAuthorStyleSheet: 'parse CSS',
  'v8.compile': 'compile (script)',
  'v8.compileModule': 'compile (modules)',
  'V8.CompileCode': 'compile (lazy functions)',
  'v8.produceModuleCache': 'compile (modules)',
  EvaluateScript: 'evaluate script',
  'v8.evaluateModule': 'evaluate modules',
  FunctionCall: 'callbacks (tasks, events, promises)',
  TimerFire: 'callbacks (tasks, events, promises)',
  EventDispatch: 'callbacks (tasks, events, promises)',
  FireAnimationFrame: 'animation frames (rAF)',
  RunMicrotasks: 'microtasks',
  UpdateLayoutTree: 'style',
  Layout: 'layout',
  PrePaint: 'paint',
  Paint: 'paint',
  Layerize: 'paint',
  UpdateLayer: 'paint',
  Commit: 'paint',
  MajorGC: 'GC',
  MinorGC: 'GC',
  'V8.GC_SCAVENGER': 'GC',
};

/**
 * The main thread's busy time between navigation start and `endMs` (ms after it), by kind of work,
 * in slices of `sliceMs`: each task's time goes to its deepest known kind (a module evaluation inside
 * a task counts as evaluation; its GC as GC).
 */
export function summariseTrace(events: TraceEvent[], endMs: number, sliceMs = 250): string {
  const navigation = navigationStart(events);
  if (!navigation) return '(no navigation in the trace)';
  const thread = events
    .filter((e) => e.pid === navigation.pid && e.tid === navigation.tid && e.ph === 'X' && e.dur)
    .sort((a, b) => a.ts - b.ts || b.dur! - a.dur!);
  const start = navigation.ts;
  const end = start + endMs * 1000;
  // Self time per event: its duration minus its children's (events nest on one thread).
  const slices = new Map<number, Map<string, number>>();
  const total = new Map<string, number>();
  const stack: { event: TraceEvent; kind: string }[] = [];
  const credit = (from: number, to: number, kind: string) => {
    const a = Math.max(from, start);
    const b = Math.min(to, end);
    for (let t = a; t < b;) {
      const slice = Math.floor((t - start) / 1000 / sliceMs);
      const sliceEnd = start + (slice + 1) * sliceMs * 1000;
      const upTo = Math.min(b, sliceEnd);
      const ms = (upTo - t) / 1000;
      sum(slices.get(slice) ?? slices.set(slice, new Map()).get(slice)!, kind, ms);
      sum(total, kind, ms);
      t = upTo;
    }
  };
  // Walk the nesting: each gap of an event not covered by a child is that event's own time.
  const cursor: number[] = [];
  const close = (upTo: number) => {
    while (stack.length && stack.at(-1)!.event.ts + stack.at(-1)!.event.dur! <= upTo) {
      const { event, kind } = stack.pop()!;
      credit(cursor.pop()!, event.ts + event.dur!, kind);
      if (cursor.length) cursor[cursor.length - 1] = event.ts + event.dur!;
    }
  };
  for (const event of thread) {
    if (event.ts > end) break;
    close(event.ts);
    const parent = stack.at(-1);
    if (parent) {
      credit(cursor[cursor.length - 1]!, event.ts, parent.kind);
    }
    const kind =
      KIND[event.name] ?? (parent ? parent.kind : "other (the browser's own tasks: navigation, messages)");
    stack.push({ event, kind });
    cursor.push(event.ts);
  }
  close(Infinity);
  const busy = [...total.values()].reduce((a, b) => a + b, 0);
  const lines = [...slices]
    .sort((a, b) => a[0] - b[0])
    .map(([slice, kinds]) => {
      const ms = [...kinds.values()].reduce((a, b) => a + b, 0);
      const top = [...kinds]
        .sort((a, b) => b[1] - a[1])
        .slice(0, 3)
        .map(([kind, t]) => `${kind} ${t.toFixed(0)}`)
        .join(', ');
      return `  ${String(slice * sliceMs).padStart(5)}–${String((slice + 1) * sliceMs).padEnd(5)} busy ${ms.toFixed(0).padStart(4)} ms: ${top}`;
    });
  return (
    `Main thread until the button (${endMs.toFixed(0)} ms): busy ${busy.toFixed(0)} ms, by kind:\n` +
    `${table(total, 14, busy)}\nBy ${sliceMs} ms slice after navigation start:\n${lines.join('\n')}`
  );
}
