/**
 * A person's answers to several facts of a place at once: what the tags they chose on the add
 * or edit form state (core splitFactTags). The creator counts as one parent answering.
 */
import type { AnswerFacts } from '../../lib/capabilities.ts';
import { saveAnswer } from './facts.repository.ts';
import { refreshShownFacts } from './shown-facts.ts';

export const answerFacts: AnswerFacts = async (tx, { locationId, userId, facts, now }) => {
  let first = 0;
  for (const fact of facts) {
    if (await saveAnswer(tx, { locationId, key: fact.key, userId, value: fact.value, now })) first += 1;
  }
  if (facts.length > 0) await refreshShownFacts(tx, [locationId]);
  return first;
};
