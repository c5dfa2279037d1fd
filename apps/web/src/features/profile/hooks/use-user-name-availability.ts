/**
 * The live user-name check: core's validateUserName answers at once for malformed names;
 * a well-formed one is asked of the server after the typing pauses (debounced), and an
 * answer for an older text is never shown for a newer one.
 */
import { validateUserName, type UserNameAvailability } from '@playspot/core';
import { useEffect, useState } from 'react';
import { checkUserName } from '../api/user-name.ts';
import { userNameProblem } from '../../../lib/i18n/user-name-problem.ts';

export const AVAILABILITY_DEBOUNCE_MS = 400;

export type AvailabilityState =
  | { readonly kind: 'idle' }
  | { readonly kind: 'invalid'; readonly message: string }
  | { readonly kind: 'checking' }
  | { readonly kind: 'answered'; readonly answer: UserNameAvailability }
  | { readonly kind: 'failed' };

/** `current`: the person's name now; typing it again needs no check. */
export function useUserNameAvailability(text: string, current: string | null): AvailabilityState {
  const [state, setState] = useState<AvailabilityState>({ kind: 'idle' });
  const trimmed = text.trim();

  useEffect(() => {
    if (trimmed === '' || trimmed === current) {
      setState({ kind: 'idle' });
      return;
    }
    const local = validateUserName(trimmed);
    if (!local.ok) {
      setState({ kind: 'invalid', message: userNameProblem(local) });
      return;
    }
    setState({ kind: 'checking' });
    const abort = new AbortController();
    const timer = setTimeout(() => {
      checkUserName(trimmed, abort.signal)
        .then((answer) => {
          setState({ kind: 'answered', answer });
        })
        .catch(() => {
          if (!abort.signal.aborted) setState({ kind: 'failed' });
        });
    }, AVAILABILITY_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      abort.abort();
    };
  }, [trimmed, current]);

  return state;
}
