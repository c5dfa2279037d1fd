import { describe, expect, it, vi } from 'vitest';
import { keepEarlyText, restoreEarlyText } from './early-taps.ts';

const SCREEN =
  '<header><a href="/">PlaySpot</a></header><main><form><input type="search" aria-label="Search" /><textarea aria-label="Tip"></textarea></form></main>';

describe('text typed before the app takes over', () => {
  it('is typed again into the same fields of the new screen, with an input event, focus kept', () => {
    const root = document.createElement('div');
    document.body.append(root);
    root.innerHTML = SCREEN;
    const drawn = root.querySelector('input') as HTMLInputElement;
    drawn.value = 'Christ';
    drawn.focus();
    const kept = keepEarlyText(root);
    expect(kept).toEqual([{ path: [1, 0, 0], value: 'Christ', focused: true }]);

    root.innerHTML = SCREEN; // the app's identical screen replaces the server's
    const fresh = root.querySelector('input') as HTMLInputElement;
    const heard = vi.fn();
    fresh.addEventListener('input', heard);
    restoreEarlyText(root, kept);
    expect(fresh.value).toBe('Christ');
    expect(heard).toHaveBeenCalledOnce();
    expect(document.activeElement).toBe(fresh);
    expect((root.querySelector('textarea') as HTMLTextAreaElement).value).toBe('');
    root.remove();
  });

  it('keeps nothing from untouched fields and never overwrites what the app already shows', () => {
    const root = document.createElement('div');
    root.innerHTML = SCREEN;
    expect(keepEarlyText(root)).toEqual([]);
    const input = root.querySelector('input') as HTMLInputElement;
    input.value = 'Zürich';
    restoreEarlyText(root, [{ path: [1, 0, 0], value: 'Christ', focused: false }]);
    expect(input.value).toBe('Zürich');
  });
});
