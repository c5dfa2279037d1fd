/** Events with an end (issue 45): the length between two wall times, the end of a length, the file name. */
import { describe, expect, it } from 'vitest';
import { createEventSchema, updateEventSchema } from './schemas/event.ts';
import { calendarFileName, eventDurationMinutes, eventEndTime } from './events.ts';

describe('eventDurationMinutes', () => {
  it.each([
    ['10:00', '11:30', 90],
    ['09:15', '09:16', 1],
    ['00:00', '23:59', 1439],
    ['10:00', '10:00', null],
    ['10:00', '09:00', null],
    ['23:30', '00:30', null],
    ['10:00', '24:00', null],
    ['1000', '11:00', null],
  ])('%s to %s → %s', (start, end, minutes) => {
    expect(eventDurationMinutes(start, end)).toBe(minutes);
  });
});

describe('eventEndTime', () => {
  it.each([
    ['10:00', 60, '11:00'],
    ['10:00', 90, '11:30'],
    ['09:45', 30, '10:15'],
    // An event made before ends were stored keeps its hour, past midnight too.
    ['23:30', 60, '00:30'],
    ['00:00', 1439, '23:59'],
  ])('%s + %i min → %s', (start, minutes, end) => {
    expect(eventEndTime(start, minutes)).toBe(end);
  });

  it('lasts an hour when given no length', () => {
    expect(eventEndTime('16:00')).toBe('17:00');
  });
});

describe('calendarFileName', () => {
  it.each([
    ['Krabbeltreff im Bauhof', 'krabbeltreff-im-bauhof.ics'],
    ['Café im Park!', 'café-im-park.ics'],
    ['  "Laternen"/Basteln\\..  ', 'laternen-basteln.ics'],
    ['Детский клуб', 'детский-клуб.ics'],
    ['公園で遊ぼう', '公園で遊ぼう.ics'],
    ['🎈🎈', 'event.ics'],
    ['', 'event.ics'],
    ['a'.repeat(100), `${'a'.repeat(60)}.ics`],
  ])('%j → %s', (title, file) => {
    expect(calendarFileName(title)).toBe(file);
  });

  it('never keeps a separator, quote or control character', () => {
    expect(calendarFileName('a/b\\c"d\r\ne;f')).toMatch(/^[\p{L}\p{M}\p{N}-]+\.ics$/u);
  });
});

describe('an event body with an end', () => {
  const body = {
    locationId: '00000000-0000-4000-8000-000000000000',
    title: 'Krabbeltreff',
    dayOfWeek: 'Tuesday',
    time: '10:00',
    repeatPattern: 'Week',
  };

  it('takes an end after the start, or none', () => {
    expect(createEventSchema.safeParse({ ...body, endTime: '11:30' }).success).toBe(true);
    expect(createEventSchema.safeParse(body).success).toBe(true);
  });

  it.each(['10:00', '09:59', '25:00', ''])('refuses the end %j, on endTime', (endTime) => {
    const result = createEventSchema.safeParse({ ...body, endTime });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual(['endTime']);
  });

  it('refuses unknown fields, such as an end under another name', () => {
    expect(createEventSchema.safeParse({ ...body, end: '11:00' }).success).toBe(false);
    expect(updateEventSchema.safeParse({ durationMinutes: 30 }).success).toBe(false);
  });

  it('checks an edit that gives both start and end; an end alone is checked against the stored start', () => {
    expect(updateEventSchema.safeParse({ time: '12:00', endTime: '11:00' }).success).toBe(false);
    expect(updateEventSchema.safeParse({ endTime: '11:00' }).success).toBe(true);
  });
});
