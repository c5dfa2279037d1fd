/**
 * What is wrong with a user name (core's validateUserName), in the reader's language: English
 * keeps core's own sentence, other languages word its issue code.
 */
import { USER_NAME_MAX_LENGTH, USER_NAME_MIN_LENGTH, type UserNameIssueCode } from '@playspot/core';
import { i18n } from './i18n.ts';

export function userNameProblem(problem: {
  readonly code: UserNameIssueCode;
  readonly message: string;
}): string {
  if (i18n.language === 'en') return problem.message;
  return i18n.t(`common:userName.${problem.code}`, { min: USER_NAME_MIN_LENGTH, max: USER_NAME_MAX_LENGTH });
}
