import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { REPORT_NOTE_MAX_LENGTH } from '../reports.ts';
import { auditEntrySchema } from './moderation.ts';
import { createReportSchema, reportDecisionBodySchema } from './report.ts';

const uuid = '3f1c1f0e-8a53-4c55-9a39-8d1d2f0c6b11';
const fails = (schema: z.ZodType, input: unknown) => !schema.safeParse(input).success;

describe('createReportSchema', () => {
  it('reads a photo report, the note trimmed and an empty one read as none', () => {
    expect(
      createReportSchema.parse({
        targetType: 'photo',
        targetId: uuid,
        reason: 'child-face',
        note: '  my child ',
      }),
    ).toEqual({ targetType: 'photo', targetId: uuid, reason: 'child-face', note: 'my child' });
    expect(
      createReportSchema.parse({
        targetType: 'comment',
        targetId: uuid,
        reason: 'spam-or-abuse',
        note: '   ',
      }),
    ).toMatchObject({ note: null });
    expect(
      createReportSchema.parse({ targetType: 'location', targetId: uuid, reason: 'closed-or-unsafe' }),
    ).toMatchObject({ note: null });
  });

  it.each([
    ['an unknown reason', { targetType: 'photo', targetId: uuid, reason: 'ugly' }],
    [
      'a reason that does not fit the target',
      { targetType: 'photo', targetId: uuid, reason: 'closed-or-unsafe' },
    ],
    ['an unknown target type', { targetType: 'event', targetId: uuid, reason: 'other' }],
    ['a bad id', { targetType: 'photo', targetId: 'photo-1', reason: 'other' }],
    ['an unknown field', { targetType: 'photo', targetId: uuid, reason: 'other', email: 'a@b.c' }],
    [
      'a note that is too long',
      { targetType: 'photo', targetId: uuid, reason: 'other', note: 'x'.repeat(REPORT_NOTE_MAX_LENGTH + 1) },
    ],
    ['no reason', { targetType: 'photo', targetId: uuid }],
  ])('refuses %s', (_case, input) => {
    expect(fails(createReportSchema, input)).toBe(true);
  });

  it('names the field at fault for a reason that does not fit', () => {
    const result = createReportSchema.safeParse({
      targetType: 'location',
      targetId: uuid,
      reason: 'child-face',
    });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual(['reason']);
  });
});

describe('reportDecisionBodySchema', () => {
  it.each([
    ['photo', 'hide'],
    ['photo', 'delete'],
    ['comment', 'dismiss'],
    ['location', 'delete'],
    ['location', 'dismiss'],
  ])('accepts %s → %s', (targetType, decision) => {
    expect(reportDecisionBodySchema.parse({ targetType, targetId: uuid, decision })).toMatchObject({
      decision,
      note: null,
    });
  });

  it.each([
    ['hiding a place', { targetType: 'location', targetId: uuid, decision: 'hide' }],
    ['an unknown decision', { targetType: 'photo', targetId: uuid, decision: 'approve' }],
    ['an unknown field', { targetType: 'photo', targetId: uuid, decision: 'hide', reporter: 'x' }],
  ])('refuses %s', (_case, input) => {
    expect(fails(reportDecisionBodySchema, input)).toBe(true);
  });
});

describe('auditEntrySchema', () => {
  it('holds a report decision about a photo', () => {
    expect(
      auditEntrySchema.parse({
        id: uuid,
        origin: 'report',
        removalRequestId: null,
        requestType: 'photo',
        decision: 'delete',
        note: null,
        subject: 'Kauri Glen Playground',
        subjectId: uuid,
        moderatorUserName: 'mo',
        createdAt: '2026-04-05T02:30:00.000Z',
      }),
    ).toMatchObject({ origin: 'report', decision: 'delete' });
  });
});
