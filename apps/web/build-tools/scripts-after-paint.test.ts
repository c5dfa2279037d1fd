import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { loaderScript } from './scripts-after-paint.ts';

/** Runs the loader with a fake document; `paint` runs the frame callback, `wait` the timers. */
function runLoader() {
  const appended: { tag: string; rel?: string; src?: string; href?: string; type?: string }[] = [];
  const frames: (() => void)[] = [];
  const timers: (() => void)[] = [];
  const document = {
    head: { appendChild: (element: (typeof appended)[number]) => appended.push(element) },
    createElement: (tag: string) => ({ tag }),
  };
  runInNewContext(loaderScript('/assets/index.js', ['/assets/framework.js', '/assets/shared.js']), {
    document,
    requestAnimationFrame: (callback: () => void) => frames.push(callback),
    setTimeout: (callback: () => void) => timers.push(callback),
  });
  return { appended, frames, timers };
}

describe('the scripts after the first paint (issue 42)', () => {
  it('adds nothing before a frame, then the preloads and the entry once', () => {
    const { appended, frames, timers } = runLoader();
    expect(appended).toEqual([]);
    // The frame's callback sets a timer: the scripts come after that frame is painted.
    frames.forEach((callback) => {
      callback();
    });
    expect(appended).toEqual([]);
    timers.forEach((callback) => {
      callback();
    });
    expect(appended.map((element) => element.href ?? element.src)).toEqual([
      '/assets/framework.js',
      '/assets/shared.js',
      '/assets/index.js',
    ]);
    expect(appended.at(-1)).toMatchObject({ tag: 'script', type: 'module' });
    expect(appended[0]).toMatchObject({ tag: 'link', rel: 'modulepreload' });
  });

  it('still loads where no frame is painted (a background tab)', () => {
    const { appended, timers } = runLoader();
    timers[0]?.();
    expect(appended).toHaveLength(3);
  });
});
