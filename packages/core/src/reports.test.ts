import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  hiddenAfterDecision,
  hiddenByReports,
  REPORT_DECISIONS,
  REPORT_REASON_LABELS,
  REPORT_REASONS,
  REPORT_TARGET_TYPES,
  REPORTERS_TO_HIDE,
  reportDecisionsFor,
  reportReasonsFor,
} from './reports.ts';

describe('hiddenByReports', () => {
  it('hides at three different people', () => {
    expect(REPORTERS_TO_HIDE).toBe(3);
  });

  it.each([
    ['photo', 0, false],
    ['photo', 1, false],
    ['photo', 2, false],
    ['photo', 3, true],
    ['photo', 10, true],
    ['comment', 2, false],
    ['comment', 3, true],
    ['location', 3, false],
    ['location', 100, false],
  ] as const)('%s reported by %i people: hidden %s', (targetType, reporters, expected) => {
    expect(hiddenByReports(targetType, reporters)).toBe(expected);
  });

  it('one more reporter never un-hides', () => {
    fc.assert(
      fc.property(fc.constantFrom(...REPORT_TARGET_TYPES), fc.nat(1000), (targetType, reporters) => {
        expect(!hiddenByReports(targetType, reporters) || hiddenByReports(targetType, reporters + 1)).toBe(
          true,
        );
      }),
    );
  });
});

describe('reportReasonsFor', () => {
  it.each([
    ['photo', 'child-face'],
    ['comment', 'spam-or-abuse'],
    ['location', 'closed-or-unsafe'],
  ] as const)('offers a %s the most likely reason (%s) first', (targetType, first) => {
    expect(reportReasonsFor(targetType)[0]).toBe(first);
  });

  it('offers only known reasons, each once, always with "other" last', () => {
    for (const targetType of REPORT_TARGET_TYPES) {
      const reasons = reportReasonsFor(targetType);
      expect(new Set(reasons).size).toBe(reasons.length);
      for (const reason of reasons) expect(REPORT_REASONS).toContain(reason);
      expect(reasons.at(-1)).toBe('other');
    }
  });

  it('names every reason in words', () => {
    expect(REPORT_REASON_LABELS['child-face']).toBe("Shows a child's face");
    for (const reason of REPORT_REASONS) expect(REPORT_REASON_LABELS[reason].length).toBeGreaterThan(3);
  });
});

describe('reportDecisionsFor', () => {
  it.each([
    ['photo', ['hide', 'delete', 'dismiss']],
    ['comment', ['hide', 'delete', 'dismiss']],
    ['location', ['delete', 'dismiss']],
  ] as const)('a reported %s may be: %j', (targetType, decisions) => {
    expect(reportDecisionsFor(targetType)).toEqual(decisions);
  });

  it.each([
    ['hide', true],
    ['delete', true],
    ['dismiss', false],
  ] as const)('after %s the target is hidden: %s', (decision, hidden) => {
    expect(hiddenAfterDecision(decision)).toBe(hidden);
    expect(REPORT_DECISIONS).toContain(decision);
  });
});
