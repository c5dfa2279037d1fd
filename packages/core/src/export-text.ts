/**
 * Text written into files other programs open (issue 44): spreadsheets run a cell that looks
 * like a formula, and calendar apps read control characters as line structure. What parents
 * and imports typed is kept, made inert for the program that opens it.
 */

/** A spreadsheet reads a cell starting with one of these as a formula (or a DDE command). */
const FORMULA_START = /^[=+\-@\t\r]/u;

/**
 * A CSV cell a spreadsheet shows as text, never runs: OWASP's advice, a leading apostrophe
 * before a value that starts with =, +, -, @, a tab or a carriage return. Numbers are numbers
 * (a negative longitude is data, not a formula), so only strings are changed.
 */
export function spreadsheetSafeCell<T>(value: T): T | string {
  if (typeof value !== 'string') return value;
  return FORMULA_START.test(value) ? `'${value}` : value;
}

/**
 * C0 controls but tab and line feed, DEL and C1 controls (NEL, U+0085, among them): RFC 5545
 * allows none of them in a TEXT value; a lone CR would end the line and start a property.
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F]/gu;
/** Line and paragraph separators: some readers split lines on them. */
const SEPARATOR = /[\u2028\u2029]/gu;

/**
 * A TEXT value for iCalendar: control characters removed, U+2028/2029 made spaces. Line
 * feeds stay (the writer escapes them as `\n`); a CR LF pair becomes one line feed.
 */
export function calendarText(text: string): string {
  return text.replace(/\r\n/gu, '\n').replace(CONTROL, '').replace(SEPARATOR, ' ');
}
