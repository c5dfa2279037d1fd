import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { calendarText, spreadsheetSafeCell } from './export-text.ts';

describe('spreadsheetSafeCell', () => {
  it.each<[unknown, unknown]>([
    ["=cmd|' /C calc'!A0", "'=cmd|' /C calc'!A0"],
    ['+1+1', "'+1+1"],
    ['-2+3', "'-2+3"],
    ['@SUM(A1:A2)', "'@SUM(A1:A2)"],
    ['\t=1', "'\t=1"],
    ['\r=1', "'\r=1"],
    ['Stadt Lübeck', 'Stadt Lübeck'],
    ['a=b', 'a=b'],
    ['', ''],
    [-36.85, -36.85],
    [3, 3],
    [null, null],
  ])('%j → %j', (value, cell) => {
    expect(spreadsheetSafeCell(value)).toEqual(cell);
  });

  it('never leaves a string that starts like a formula, and keeps everything after it', () => {
    fc.assert(
      fc.property(fc.string(), (text) => {
        const cell = spreadsheetSafeCell(text);
        expect(/^[=+\-@\t\r]/u.test(cell)).toBe(false);
        expect(cell.endsWith(text)).toBe(true);
      }),
    );
  });
});

describe('calendarText', () => {
  it.each<[string, string]>([
    ['T3\rX-INJ-CR:1', 'T3X-INJ-CR:1'],
    ['a\u000Bb\u000Cc', 'abc'],
    ['a\u0085b', 'ab'],
    ['line\u2028separator\u2029paragraph', 'line separator paragraph'],
    ['two\r\nlines', 'two\nlines'],
    ['tab\tstays', 'tab\tstays'],
    ['Krabbeltreff im Bauhof', 'Krabbeltreff im Bauhof'],
  ])('%j → %j', (text, clean) => {
    expect(calendarText(text)).toBe(clean);
  });

  it('leaves no character RFC 5545 forbids in TEXT, whatever was typed', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (text) => {
        // eslint-disable-next-line no-control-regex -- checking for control characters
        expect(calendarText(text)).not.toMatch(/[\u0000-\u0008\u000B-\u001F\u007F-\u009F\u2028\u2029]/u);
      }),
    );
  });
});
