import { describe, expect, it, vi } from 'vitest';
import { restoreEarlyText, watchEarlyText } from './early-taps.ts';

const SCREEN =
  '<header><a href="/">PlaySpot</a></header><main><form><input type="search" aria-label="Search" /><textarea aria-label="Tip"></textarea></form></main>';

function serverScreen(): HTMLElement {
  const root = document.createElement('div');
  document.body.append(root);
  root.innerHTML = SCREEN;
  return root;
}

describe('text typed before the app takes over', () => {
  it('typed before and while the app starts, is typed again into the new screen, focus kept', () => {
    const root = serverScreen();
    const drawn = root.querySelector('input') as HTMLInputElement;
    drawn.value = 'Chr'; // before the scripts ran
    const stop = watchEarlyText(root);
    drawn.value = 'Christchurch'; // while the app's first render is under way
    drawn.focus();
    drawn.dispatchEvent(new Event('input', { bubbles: true }));

    root.innerHTML = SCREEN; // the app's identical screen replaces the server's
    const kept = stop();
    expect(kept).toEqual([{ path: [1, 0, 0], value: 'Christchurch', focused: true }]);
    const fresh = root.querySelector('input') as HTMLInputElement;
    const heard = vi.fn();
    fresh.addEventListener('input', heard);
    restoreEarlyText(root, kept);
    expect(fresh.value).toBe('Christchurch');
    expect(heard).toHaveBeenCalledOnce();
    expect(document.activeElement).toBe(fresh);
    expect((root.querySelector('textarea') as HTMLTextAreaElement).value).toBe('');
    // Typing into the app's own fields is no longer followed.
    fresh.value = 'Zürich';
    fresh.dispatchEvent(new Event('input', { bubbles: true }));
    expect(stop()).toEqual(kept);
    root.remove();
  });

  it('keeps nothing from untouched fields and never overwrites what the app already shows', () => {
    const root = serverScreen();
    expect(watchEarlyText(root)()).toEqual([]);
    const input = root.querySelector('input') as HTMLInputElement;
    input.value = 'Zürich';
    restoreEarlyText(root, [{ path: [1, 0, 0], value: 'Christ', focused: false }]);
    expect(input.value).toBe('Zürich');
    root.remove();
  });
});
