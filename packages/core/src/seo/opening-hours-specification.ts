/**
 * schema.org `openingHoursSpecification` from an OpenStreetMap `opening_hours` value (issue
 * 47). Only the plain weekly form is translated ("Mo-Fr 08:00-18:00; Sa,Su 10:00-16:00",
 * "24/7"): anything richer (public holidays, months, sunrise, "off", comments) gives null, and
 * the page says nothing rather than something a search engine would show as wrong.
 */
import type { DayOfWeek } from 'schema-dts';

const DAYS = ['Mo', 'Tu', 'We', 'Th', 'Fr', 'Sa', 'Su'] as const;
type OsmDay = (typeof DAYS)[number];

const SCHEMA_DAYS: Record<OsmDay, DayOfWeek & string> = {
  Mo: 'https://schema.org/Monday',
  Tu: 'https://schema.org/Tuesday',
  We: 'https://schema.org/Wednesday',
  Th: 'https://schema.org/Thursday',
  Fr: 'https://schema.org/Friday',
  Sa: 'https://schema.org/Saturday',
  Su: 'https://schema.org/Sunday',
};

/** One span of days and hours; a schema-dts `OpeningHoursSpecification` (checked where used). */
export interface OpeningHoursSpecificationEntry {
  readonly '@type': 'OpeningHoursSpecification';
  readonly dayOfWeek: (DayOfWeek & string)[];
  /** 'HH:MM'. */
  readonly opens: string;
  /** 'HH:MM'; '23:59' stands for midnight at the end of the day. */
  readonly closes: string;
}

const TIME = /^([01]\d|2[0-4]):([0-5]\d)$/u;
const DAY_RANGE = /^(Mo|Tu|We|Th|Fr|Sa|Su)(?:-(Mo|Tu|We|Th|Fr|Sa|Su))?$/u;

function daysOf(selector: string): OsmDay[] | null {
  const days: OsmDay[] = [];
  for (const part of selector.split(',')) {
    const range = DAY_RANGE.exec(part.trim());
    if (!range) return null;
    const from = DAYS.indexOf(range[1] as OsmDay);
    const to = range[2] === undefined ? from : DAYS.indexOf(range[2] as OsmDay);
    // A range through the week's end ("Sa-Mo") wraps round.
    for (let day = from; ; day = (day + 1) % 7) {
      const name = DAYS[day];
      if (name !== undefined && !days.includes(name)) days.push(name);
      if (day === to) break;
    }
  }
  return days;
}

function minutes(time: string): number | null {
  const match = TIME.exec(time);
  if (!match) return null;
  const value = Number(match[1]) * 60 + Number(match[2]);
  return value <= 24 * 60 ? value : null;
}

/** Closing at 24:00 is written 23:59: schema.org's times are times of one day. */
const endOfDay = (time: string) => (time === '24:00' ? '23:59' : time);

/**
 * The weekly schedule of `value`, or null when it is not one this module translates. As in
 * OpenStreetMap, a later rule replaces an earlier one's hours on the days it names
 * ("Mo-Su 10:00-18:00; Su 12:00-16:00": Sunday 12 to 4 only).
 */
export function openingHoursSpecification(value: string): OpeningHoursSpecificationEntry[] | null {
  const text = value.trim();
  if (text === '24/7')
    return [
      {
        '@type': 'OpeningHoursSpecification',
        dayOfWeek: Object.values(SCHEMA_DAYS),
        opens: '00:00',
        closes: '23:59',
      },
    ];
  const hours = new Map<OsmDay, string[]>();
  for (const rule of text.split(';')) {
    const trimmed = rule.trim();
    if (trimmed === '') continue;
    const [selector = '', spans = '', ...rest] = trimmed.split(/\s+/u);
    const days = daysOf(selector);
    if (rest.length > 0 || days === null || spans === '') return null;
    const daySpans: string[] = [];
    for (const span of spans.split(',')) {
      const [opens = '', closes = '', ...more] = span.split('-');
      const from = minutes(opens);
      const to = minutes(closes);
      // Past midnight ("20:00-02:00") or empty spans are not plain weekly hours.
      if (more.length > 0 || from === null || to === null || to <= from) return null;
      daySpans.push(`${opens}-${endOfDay(closes)}`);
    }
    for (const day of days) hours.set(day, daySpans);
  }
  if (hours.size === 0) return null;
  // Days with the same hours share an entry, in the week's order.
  const groups = new Map<string, OsmDay[]>();
  for (const day of DAYS) {
    const spans = hours.get(day);
    if (spans === undefined) continue;
    const key = spans.join(',');
    groups.set(key, [...(groups.get(key) ?? []), day]);
  }
  return [...groups].flatMap(([key, days]) =>
    key.split(',').map((span) => {
      const [opens = '', closes = ''] = span.split('-');
      return {
        '@type': 'OpeningHoursSpecification' as const,
        dayOfWeek: days.map((day) => SCHEMA_DAYS[day]),
        opens,
        closes,
      };
    }),
  );
}
