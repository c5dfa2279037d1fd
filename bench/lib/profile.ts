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

/** Runs `work` under the sampling profiler and returns its `count` heaviest frames by own time. */
export async function profiled(work: () => void, count = 12): Promise<TopFrame[]> {
  const session = new Session();
  session.connect();
  try {
    await session.post('Profiler.enable');
    await session.post('Profiler.setSamplingInterval', { interval: 100 });
    await session.post('Profiler.start');
    work();
    const { profile } = (await session.post('Profiler.stop')) as unknown as {
      profile: { nodes: ProfileNode[] };
    };
    const byFrame = new Map<string, number>();
    let total = 0;
    for (const node of profile.nodes) {
      const hits = node.hitCount ?? 0;
      total += hits;
      const { functionName, url, lineNumber } = node.callFrame;
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
  } finally {
    session.disconnect();
  }
}

export const formatFrames = (frames: TopFrame[]): string =>
  frames.map(({ name, share }) => `  ${(share * 100).toFixed(1).padStart(5)} %  ${name}`).join('\n');
