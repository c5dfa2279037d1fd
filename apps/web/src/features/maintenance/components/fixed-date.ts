/** "24 Nov 2026": the day a fix was given, in the reader's language and time zone. */
export function fixedDay(iso: string, language: string): string {
  return new Intl.DateTimeFormat(language, { dateStyle: 'medium' }).format(new Date(iso));
}
