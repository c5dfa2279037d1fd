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
  type ActiveCondition,
  type ConditionKind,
} from './conditions.ts';
import { conditionReportRequestSchema } from './schemas/conditions.ts';
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
  const reading = { lat: -36.85, lng: 174.76, accuracy: 20 };
  it.each([
    [{ kind: 'wet', ...reading }, true],
    [{ kind: 'broken', equipment: 'swing', ...reading }, true],
    [{ kind: 'broken', ...reading }, false],
    [{ kind: 'wet', equipment: 'swing', ...reading }, false],
    [{ kind: 'sunny', ...reading }, false],
    [{ kind: 'wet', lat: -36.85, lng: 174.76 }, false],
    [{ kind: 'wet', ...reading, note: 'x' }, false],
  ])('%o valid: %s', (body, valid) => {
    expect(conditionReportRequestSchema.safeParse(body).success).toBe(valid);
  });
});
