/**
 * A CPU profile of one stretch of a benchmark (the inspector's sampling profiler, in
 * process), summarised as its top frames by own time: what `--cpu-prof` gives, without the
 * build and warm-up mixed in.
 */
import { Session } from 'node:inspector/promises';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
}

export interface TopFrame {
  name: string;
  share: number;
}

/** A profile as the inspector and `--cpu-prof` write it (the fields read here). */
export interface CpuProfile {
  nodes: ProfileNode[];
  startTime?: number;
  /** Each sample's node and its time after the one before (µs), for a window of a profile. */
  samples?: number[];
  timeDeltas?: number[];
}

/** A stretch of a profile in the monotonic clock's microseconds (process.hrtime of any process). */
export interface ProfileWindow {
  fromUs: number;
  toUs: number;
}

/** Samples per node: all of them, or those taken within `window`. */
function hitsByNode(profile: CpuProfile, window: ProfileWindow | undefined): Map<number, number> {
  const hits = new Map<number, number>();
  if (!window || !profile.samples || !profile.timeDeltas || profile.startTime === undefined) {
    for (const node of profile.nodes) hits.set(node.id, node.hitCount ?? 0);
    return hits;
  }
  let at = profile.startTime;
  for (let i = 0; i < profile.samples.length; i++) {
    at += profile.timeDeltas[i] ?? 0;
    const node = profile.samples[i];
    if (node === undefined || at < window.fromUs || at > window.toUs) continue;
    hits.set(node, (hits.get(node) ?? 0) + 1);
  }
  return hits;
}

/** The `count` heaviest frames of a profile (or of a window of it) by own time, each as its share of the busy (not idle) samples. */
export function topFramesOf(profile: CpuProfile, count = 12, window?: ProfileWindow): TopFrame[] {
  const byFrame = new Map<string, number>();
  const nodeHits = hitsByNode(profile, window);
  let total = 0;
  for (const node of profile.nodes) {
    const hits = nodeHits.get(node.id) ?? 0;
    const { functionName, url, lineNumber } = node.callFrame;
    // A server waits most of the time: shares are of the busy samples.
    if (functionName === '(idle)') continue;
    total += hits;
    const file = url.slice(url.lastIndexOf('/') + 1);
    const name =
      file === ''
        ? functionName || '(anonymous)'
        : `${functionName || '(anonymous)'} ${file}:${String(lineNumber + 1)}`;
    byFrame.set(name, (byFrame.get(name) ?? 0) + hits);
  }
  return [...byFrame]
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([name, hits]) => ({ name, share: total > 0 ? hits / total : 0 }));
}

/** Runs `work` under the sampling profiler and returns its `count` heaviest frames by own time. */
export async function profiled(work: () => void, count = 12): Promise<TopFrame[]> {
  const session = new Session();
  session.connect();
  try {
    await session.post('Profiler.enable');
    await session.post('Profiler.setSamplingInterval', { interval: 100 });
    await session.post('Profiler.start');
    work();
    const { profile } = (await session.post('Profiler.stop')) as unknown as { profile: CpuProfile };
    return topFramesOf(profile, count);
  } finally {
    session.disconnect();
  }
}

export const formatFrames = (frames: TopFrame[]): string =>
  frames.map(({ name, share }) => `  ${(share * 100).toFixed(1).padStart(5)} %  ${name}`).join('\n');
