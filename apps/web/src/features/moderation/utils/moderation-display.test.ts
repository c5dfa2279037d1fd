import { AUDIT_DECISIONS, AUDIT_SUBJECT_TYPES } from '@playspot/core';
import { describe, expect, it } from 'vitest';
import { auditSentence } from './moderation-display.ts';

describe('auditSentence', () => {
  it.each([
    ['approve', 'location', 'approved removing the place'],
    ['reject', 'account', 'declined removing the account'],
    ['hide', 'photo', 'hid the photo at'],
    ['delete', 'comment', 'deleted the comment at'],
    ['delete', 'location', 'deleted the place'],
    ['dismiss', 'photo', 'dismissed the reports on the photo at'],
  ] as const)('%s on a %s reads "%s …"', (decision, requestType, words) => {
    const sentence = auditSentence({ decision, requestType });
    expect(`${sentence.verb} ${sentence.object}`).toBe(words);
  });

  it('has words for every decision about every subject', () => {
    for (const decision of AUDIT_DECISIONS) {
      for (const requestType of AUDIT_SUBJECT_TYPES) {
        expect(auditSentence({ decision, requestType }).verb.length).toBeGreaterThan(0);
      }
    }
  });
});
