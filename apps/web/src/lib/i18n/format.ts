/**
 * Numbers in the reader's language. Distances are core's formatDistance, given the reader's
 * language (issue 45: one function for every distance on every screen).
 */

/** A count as the language writes it ('1.234' in German); English as the spec prints it. */
export function localNumber(value: number, language: string): string {
  return language === 'en' ? String(value) : new Intl.NumberFormat(language).format(value);
}
