import { describe, expect, it, vi } from 'vitest';
import { listenForSignInOutcome, SIGN_IN_MESSAGE_TYPE } from './sign-in-window.ts';

function post(data: unknown, origin = window.location.origin) {
  window.dispatchEvent(new MessageEvent('message', { data, origin }));
}

describe('listenForSignInOutcome', () => {
  it('takes the first report from this origin and then stops listening', () => {
    const onOutcome = vi.fn();
    listenForSignInOutcome(onOutcome);
    post({ type: SIGN_IN_MESSAGE_TYPE, ok: true, message: 'You are signed in.' });
    post({ type: SIGN_IN_MESSAGE_TYPE, ok: false, message: 'again' });
    expect(onOutcome.mock.calls).toEqual([[{ ok: true, message: 'You are signed in.' }]]);
  });

  it('ignores other origins and other messages', () => {
    const onOutcome = vi.fn();
    const stop = listenForSignInOutcome(onOutcome);
    post({ type: SIGN_IN_MESSAGE_TYPE, ok: true, message: '' }, 'https://evil.example');
    post({ type: 'something-else', ok: true });
    post('playspot:sign-in');
    stop();
    expect(onOutcome).not.toHaveBeenCalled();
  });
});
