import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEFAULT_UPLOAD_PACE, paceVerdict, type UploadPace } from './upload-pace.ts';

const pace: UploadPace = { graceMs: 5_000, minBytesPerSecond: 4_096, stallMs: 10_000, checkEveryMs: 500 };

describe('the pace an upload body must keep', () => {
  it.each([
    ['nothing yet, within the grace', { elapsedMs: 4_000, receivedBytes: 0, silentMs: 4_000 }, 'on_pace'],
    [
      'one byte every 2 s, past the grace',
      { elapsedMs: 6_000, receivedBytes: 3, silentMs: 1_000 },
      'too_slow',
    ],
    ['exactly the floor', { elapsedMs: 6_000, receivedBytes: 4_096, silentMs: 0 }, 'on_pace'],
    ['a byte short of the floor', { elapsedMs: 6_000, receivedBytes: 4_095, silentMs: 0 }, 'too_slow'],
    [
      'a fast start, then silence',
      { elapsedMs: 12_000, receivedBytes: 500_000, silentMs: 10_000 },
      'stalled',
    ],
    [
      'silent just under the limit',
      { elapsedMs: 12_000, receivedBytes: 500_000, silentMs: 9_999 },
      'on_pace',
    ],
    [
      'a 500 KB photo at 5 KB/s, near its end',
      { elapsedMs: 100_000, receivedBytes: 500_000, silentMs: 100 },
      'on_pace',
    ],
    [
      'nothing at all for the stall time',
      { elapsedMs: 10_000, receivedBytes: 0, silentMs: 10_000 },
      'stalled',
    ],
  ] as const)('%s: %s', (_name, progress, verdict) => {
    expect(paceVerdict(progress, pace)).toBe(verdict);
  });

  it('never fails a body that keeps at least the floor without going silent', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 600_000 }),
        fc.integer({ min: 0, max: 10 * 1024 * 1024 }),
        fc.integer({ min: 0, max: DEFAULT_UPLOAD_PACE.stallMs - 1 }),
        (elapsedMs, extraBytes, silentMs) => {
          const floor = Math.ceil(
            (DEFAULT_UPLOAD_PACE.minBytesPerSecond * Math.max(0, elapsedMs - DEFAULT_UPLOAD_PACE.graceMs)) /
              1000,
          );
          const progress = {
            elapsedMs,
            receivedBytes: floor + extraBytes,
            silentMs: Math.min(silentMs, elapsedMs),
          };
          return paceVerdict(progress, DEFAULT_UPLOAD_PACE) === 'on_pace';
        },
      ),
    );
  });

  it('fails every body below the floor once the grace is over, or silent for the stall time', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: DEFAULT_UPLOAD_PACE.graceMs + 1_000, max: 600_000 }),
        fc.double({ min: 0, max: 0.999, noNaN: true }),
        (elapsedMs, share) => {
          const floor =
            (DEFAULT_UPLOAD_PACE.minBytesPerSecond * (elapsedMs - DEFAULT_UPLOAD_PACE.graceMs)) / 1000;
          const slow = { elapsedMs, receivedBytes: Math.floor(floor * share), silentMs: 0 };
          const silent = { elapsedMs, receivedBytes: 10 * floor, silentMs: DEFAULT_UPLOAD_PACE.stallMs };
          return (
            paceVerdict(slow, DEFAULT_UPLOAD_PACE) === 'too_slow' &&
            paceVerdict(silent, DEFAULT_UPLOAD_PACE) === 'stalled'
          );
        },
      ),
    );
  });
});
