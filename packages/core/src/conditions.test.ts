import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  closedUntil,
  CONDITION_KINDS,
  CONDITIONS,
  conditionExpiresAt,
  decideReport,
  EQUIPMENT,
  isConditionActive,
  MAX_ACTIVE_CONDITIONS,
  checkConditionWrite,
  CONDITION_ENDS_PER_DAY,
  CONDITION_VISIT_WINDOW_MS,
  publicExpiresAt,
  publicReportedAt,
  REPORTED_AT_STEP_MS,
  type ActiveCondition,
  type ConditionKind,
  type ConditionWrite,
  type ConditionWriteCheck,
} from './conditions.ts';
import { conditionAnswerRequestSchema, conditionReportRequestSchema } from './schemas/conditions.ts';
import { MS_PER_DAY, MS_PER_HOUR, MS_PER_MINUTE } from './time.ts';

const at = new Date('2026-11-24T10:00:00Z');
const later = (ms: number) => new Date(at.getTime() + ms);

describe('condition lifetimes', () => {
  it.each<[ConditionKind, number]>([
    ['busy', 2 * MS_PER_HOUR],
    ['quiet', 2 * MS_PER_HOUR],
    ['wet', 12 * MS_PER_HOUR],
    ['icy', 12 * MS_PER_HOUR],
    ['too_hot', 3 * MS_PER_HOUR],
    ['closed', 14 * MS_PER_DAY],
    ['broken', 14 * MS_PER_DAY],
    ['ice_cream_van', MS_PER_HOUR],
    ['event', 3 * MS_PER_HOUR],
  ])('%s lasts %d ms after the last confirmation', (kind, lifetime) => {
    const expiresAt = conditionExpiresAt(kind, at);
    expect(expiresAt.getTime() - at.getTime()).toBe(lifetime);
    expect(isConditionActive({ expiresAt, clearedAt: null }, later(lifetime - 1))).toBe(true);
    expect(isConditionActive({ expiresAt, clearedAt: null }, later(lifetime))).toBe(false);
  });

  it('only broken equipment and closures wait for someone to say they are fixed', () => {
    const untilFixed = CONDITION_KINDS.filter((kind) => CONDITIONS[kind].untilFixed);
    expect(untilFixed).toEqual(['closed', 'broken']);
  });

  it('a cleared report is over at once, whatever its lifetime', () => {
    const expiresAt = conditionExpiresAt('closed', at);
    expect(isConditionActive({ expiresAt, clearedAt: later(MS_PER_MINUTE) }, later(2 * MS_PER_MINUTE))).toBe(
      false,
    );
  });

  it('a confirmation later keeps it longer (property)', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...CONDITION_KINDS),
        fc.integer({ min: 1, max: 30 * MS_PER_DAY }),
        (kind, gap) => {
          expect(conditionExpiresAt(kind, later(gap)).getTime()).toBeGreaterThan(
            conditionExpiresAt(kind, at).getTime(),
          );
        },
      ),
    );
  });
});

describe('decideReport', () => {
  const wet: ActiveCondition = { id: 'w', kind: 'wet', equipment: null };
  const busy: ActiveCondition = { id: 'b', kind: 'busy', equipment: null };
  const swing: ActiveCondition = { id: 's', kind: 'broken', equipment: 'swing' };

  it.each<[string, readonly ActiveCondition[], ConditionKind, (typeof EQUIPMENT)[number] | null, unknown]>([
    ['a first report creates one', [], 'wet', null, { action: 'create', ends: [] }],
    ['the same condition confirms it', [wet, busy], 'wet', null, { action: 'confirm', reportId: 'w' }],
    ['quiet ends busy', [wet, busy], 'quiet', null, { action: 'create', ends: ['b'] }],
    ['busy again confirms busy', [busy], 'busy', null, { action: 'confirm', reportId: 'b' }],
    ['the same broken swing confirms it', [swing], 'broken', 'swing', { action: 'confirm', reportId: 's' }],
    ['a broken slide is another report', [swing], 'broken', 'slide', { action: 'create', ends: [] }],
  ])('%s', (_name, active, kind, equipment, expected) => {
    expect(decideReport(active, kind, equipment)).toEqual(expected);
  });

  it('never lists one condition twice and never ends the kind reported (property)', () => {
    const activeArb = fc.uniqueArray(
      fc.record({
        id: fc.uuid(),
        kind: fc.constantFrom(...CONDITION_KINDS),
        equipment: fc.constantFrom(...EQUIPMENT),
      }),
      {
        selector: (report) => `${report.kind}:${report.kind === 'broken' ? report.equipment : ''}`,
        maxLength: 12,
      },
    );
    fc.assert(
      fc.property(
        activeArb,
        fc.constantFrom(...CONDITION_KINDS),
        fc.constantFrom(...EQUIPMENT),
        (raw, kind, equipment) => {
          const active = raw.map((report) => ({
            ...report,
            equipment: report.kind === 'broken' ? report.equipment : null,
          }));
          const decision = decideReport(active, kind, kind === 'broken' ? equipment : null);
          const existing = active.some(
            (report) => report.kind === kind && (kind !== 'broken' || report.equipment === equipment),
          );
          expect(decision.action).toBe(existing ? 'confirm' : 'create');
          if (decision.action === 'create') {
            for (const id of decision.ends)
              expect(active.find((report) => report.id === id)?.kind).not.toBe(kind);
          }
        },
      ),
    );
  });
});

describe('MAX_ACTIVE_CONDITIONS', () => {
  it('is never exceeded by any run of reports that decideReport settles', () => {
    const reports = fc.array(
      fc.record({ kind: fc.constantFrom(...CONDITION_KINDS), equipment: fc.constantFrom(...EQUIPMENT) }),
      { maxLength: 200 },
    );
    fc.assert(
      fc.property(reports, (run) => {
        let active: ActiveCondition[] = [];
        run.forEach(({ kind, equipment }, index) => {
          const piece = kind === 'broken' ? equipment : null;
          const decision = decideReport(active, kind, piece);
          if (decision.action === 'create') {
            active = active.filter((report) => !decision.ends.includes(report.id));
            active.push({ id: String(index), kind, equipment: piece });
          }
          expect(active.length).toBeLessThanOrEqual(MAX_ACTIVE_CONDITIONS);
        });
      }),
    );
  });
});

describe('closedUntil', () => {
  it('is the latest end of the active closure reports, null when none', () => {
    const first = { kind: 'closed' as const, expiresAt: later(MS_PER_DAY), clearedAt: null };
    const second = { kind: 'closed' as const, expiresAt: later(3 * MS_PER_DAY), clearedAt: null };
    const cleared = { kind: 'closed' as const, expiresAt: later(9 * MS_PER_DAY), clearedAt: at };
    const wet = { kind: 'wet' as const, expiresAt: later(5 * MS_PER_DAY), clearedAt: null };
    expect(closedUntil([first, second, cleared, wet], at)).toEqual(second.expiresAt);
    expect(closedUntil([cleared, wet], at)).toBeNull();
    expect(closedUntil([first], later(2 * MS_PER_DAY))).toBeNull();
  });
});

describe('conditionReportRequestSchema', () => {
  it.each([
    [{ kind: 'wet' }, true],
    [{ kind: 'broken', equipment: 'swing' }, true],
    [{ kind: 'broken' }, false],
    [{ kind: 'wet', equipment: 'swing' }, false],
    [{ kind: 'sunny' }, false],
    // Coordinates are not taken any more (issue 30): the visit logged at the place is what counts.
    [{ kind: 'wet', lat: -36.85, lng: 174.76, accuracy: 20 }, false],
    [{ kind: 'wet', note: 'x' }, false],
  ])('%o valid: %s', (body, valid) => {
    expect(conditionReportRequestSchema.safeParse(body).success).toBe(valid);
  });
});

describe('conditionAnswerRequestSchema', () => {
  it.each([
    [{ answer: 'still' }, true],
    [{ answer: 'gone' }, true],
    [{ answer: 'maybe' }, false],
    [{ answer: 'gone', lat: -36.85, lng: 174.76, accuracy: 5 }, false],
  ])('%o valid: %s', (body, valid) => {
    expect(conditionAnswerRequestSchema.safeParse(body).success).toBe(valid);
  });
});

describe('publicExpiresAt', () => {
  it.each([
    ['2026-11-24T10:00:00.000Z', '2026-11-24T10:00:00.000Z'],
    ['2026-11-24T10:00:00.001Z', '2026-11-24T10:05:00.000Z'],
    ['2026-11-24T13:07:31.517Z', '2026-11-24T13:10:00.000Z'],
    ['2026-11-24T23:59:59.999Z', '2026-11-25T00:00:00.000Z'],
  ])('%s → %s', (at, rounded) => {
    expect(publicExpiresAt(new Date(at)).toISOString()).toBe(rounded);
  });

  it('is on the 5-minute step, never earlier, at most 5 minutes later (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e13, max: 1e13 }), (ms) => {
        const rounded = publicExpiresAt(new Date(ms)).getTime();
        expect(rounded % REPORTED_AT_STEP_MS === 0).toBe(true);
        expect(rounded).toBeGreaterThanOrEqual(ms);
        expect(rounded - ms).toBeLessThan(REPORTED_AT_STEP_MS);
      }),
    );
  });
});

describe('publicReportedAt', () => {
  it.each([
    ['2026-11-24T10:00:00.000Z', '2026-11-24T10:00:00.000Z'],
    ['2026-11-24T10:00:00.001Z', '2026-11-24T10:00:00.000Z'],
    ['2026-11-24T10:04:59.999Z', '2026-11-24T10:00:00.000Z'],
    ['2026-11-24T10:05:00.000Z', '2026-11-24T10:05:00.000Z'],
    ['2026-11-24T10:07:31.517Z', '2026-11-24T10:05:00.000Z'],
    ['2026-11-24T23:59:59.999Z', '2026-11-24T23:55:00.000Z'],
    ['1969-12-31T23:58:00.000Z', '1969-12-31T23:55:00.000Z'],
  ])('%s → %s', (at, rounded) => {
    expect(publicReportedAt(new Date(at)).toISOString()).toBe(rounded);
  });

  it('is on the 5-minute step, at most 5 minutes earlier, never later, and idempotent (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e13, max: 1e13 }), (ms) => {
        const rounded = publicReportedAt(new Date(ms)).getTime();
        expect(rounded % REPORTED_AT_STEP_MS === 0).toBe(true);
        expect(rounded).toBeLessThanOrEqual(ms);
        expect(ms - rounded).toBeLessThan(REPORTED_AT_STEP_MS);
        expect(publicReportedAt(new Date(rounded)).getTime()).toBe(rounded);
      }),
    );
  });

  it('keeps order: a later report never shows an earlier time (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 4e12 }), fc.integer({ min: 0, max: 1e9 }), (ms, gap) => {
        expect(publicReportedAt(new Date(ms + gap)).getTime()).toBeGreaterThanOrEqual(
          publicReportedAt(new Date(ms)).getTime(),
        );
      }),
    );
  });
});

describe('checkConditionWrite', () => {
  const base = { moderator: false, lastVisitAt: later(-10 * MS_PER_MINUTE), endsToday: 0, now: at };
  it.each<[string, Partial<Parameters<typeof checkConditionWrite>[0]>, ConditionWriteCheck]>([
    ['a report after a visit 10 min ago', { write: 'report' }, { ok: true }],
    ['a confirmation after a visit 10 min ago', { write: 'still' }, { ok: true }],
    ['an end after a visit 10 min ago', { write: 'gone' }, { ok: true }],
    ['a visit 59:59 ago', { write: 'gone', lastVisitAt: later(-(MS_PER_HOUR - 1000)) }, { ok: true }],
    [
      'a visit logged just after now (clock skew)',
      { write: 'still', lastVisitAt: later(2000) },
      { ok: true },
    ],
    [
      'no visit ever',
      { write: 'report', lastVisitAt: null },
      expect.objectContaining({ code: 'visit_needed' }),
    ],
    [
      'a visit an hour ago',
      { write: 'still', lastVisitAt: later(-MS_PER_HOUR) },
      expect.objectContaining({ status: 403 }),
    ],
    [
      'an end with no visit',
      { write: 'gone', lastVisitAt: null },
      expect.objectContaining({ code: 'visit_needed' }),
    ],
    ['the 10th end of the day', { write: 'gone', endsToday: CONDITION_ENDS_PER_DAY - 1 }, { ok: true }],
    [
      'the 11th end of the day',
      { write: 'gone', endsToday: CONDITION_ENDS_PER_DAY },
      expect.objectContaining({ status: 429, code: 'condition_quota' }),
    ],
    ['a report after 10 ends (ends only are counted)', { write: 'report', endsToday: 50 }, { ok: true }],
    [
      'a moderator ending from anywhere',
      { write: 'gone', moderator: true, lastVisitAt: null, endsToday: 99 },
      { ok: true },
    ],
    [
      'a moderator reporting without a visit',
      { write: 'report', moderator: true, lastVisitAt: null },
      expect.objectContaining({ code: 'visit_needed' }),
    ],
    [
      'a moderator confirming without a visit',
      { write: 'still', moderator: true, lastVisitAt: null },
      expect.objectContaining({ code: 'visit_needed' }),
    ],
  ])('%s', (_name, overrides, expected) => {
    expect(checkConditionWrite({ write: 'report', ...base, ...overrides })).toEqual(expected);
  });

  it('allows nobody without a recent visit but moderators ending (property)', () => {
    fc.assert(
      fc.property(
        fc.constantFrom<ConditionWrite>('report', 'still', 'gone'),
        fc.boolean(),
        fc.option(fc.integer({ min: -3 * MS_PER_DAY, max: MS_PER_MINUTE })),
        fc.nat(30),
        (write, moderator, visitOffset, endsToday) => {
          const lastVisitAt = visitOffset === null ? null : later(visitOffset);
          const result = checkConditionWrite({ write, moderator, lastVisitAt, endsToday, now: at });
          const recent = visitOffset !== null && -visitOffset < CONDITION_VISIT_WINDOW_MS;
          if (write === 'gone' && moderator) expect(result.ok).toBe(true);
          else if (!recent) expect(result).toMatchObject({ ok: false, code: 'visit_needed' });
          else expect(result.ok).toBe(write !== 'gone' || endsToday < CONDITION_ENDS_PER_DAY);
        },
      ),
    );
  });
});
