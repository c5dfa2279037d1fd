/** Throws while rendering, on purpose, so the error page can be seen and tested (dev / opt-in builds only). */
export function CrashTest(): never {
  throw new Error('Crash test: this page throws on purpose to show the error page.');
}
