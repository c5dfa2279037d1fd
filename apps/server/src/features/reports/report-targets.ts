/** What reports name, in words (the reports service and its decisions). */
import type { ReportTargetType } from '@playspot/core';
import { notFound } from '../../lib/errors.ts';

export const TARGET_WORDS: Record<ReportTargetType, string> = {
  photo: 'photo',
  comment: 'comment',
  location: 'place',
};

export const targetNotFound = (targetType: ReportTargetType) =>
  notFound(`There is no such ${TARGET_WORDS[targetType]}.`);
