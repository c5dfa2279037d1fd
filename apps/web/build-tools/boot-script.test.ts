import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../src/lib/i18n/languages.ts';
import { BOOT_LANGUAGES, bootScript } from './boot-script.ts';

describe('the boot script', () => {
  it('picks among the languages the app speaks (issue 46)', () => {
    expect(BOOT_LANGUAGES).toEqual([...LANGUAGES]);
  });

  it('sets the page language and mirrors it for Arabic before the first paint', () => {
    expect(bootScript).toContain('h.lang=l');
    expect(bootScript).toContain(`["ar"].indexOf(l)<0?'ltr':'rtl'`);
  });
});
