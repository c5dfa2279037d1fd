/**
 * The map index's opening hours: each distinct (value, time zone) parsed once, when the
 * index loads or a change brings a new one, and referred to by a small number per place.
 * Nothing here reads the clock: a query asks `isOpenAt` with its own `now`.
 */
import { isOpenAt, parseOpeningHours, type OpeningHours } from '@playspot/core/opening-hours';

interface Schedule {
  hours: OpeningHours;
  timeZone: string;
}

export class OpeningSchedules {
  /** Schedule i + 1 is `schedules[i]`; 0 stands for "no hours". */
  private readonly schedules: Schedule[] = [];
  private readonly ids = new Map<string, number>();
  /** Each schedule's `"openingHours":{…}` JSON, made on first use (a schedule never changes). */
  private readonly json: string[] = [];

  /** The number of this schedule (parsed on first sight); 0 when there are no hours. */
  idOf(value: string | null, timeZone: string): number {
    if (value === null) return 0;
    const key = `${timeZone}\u0000${value}`;
    let id = this.ids.get(key);
    if (id === undefined) {
      this.schedules.push({ hours: parseOpeningHours(value), timeZone });
      id = this.schedules.length;
      this.ids.set(key, id);
    }
    return id;
  }

  valueOf(id: number): string | null {
    return this.schedules[id - 1]?.hours.value ?? null;
  }

  timeZoneOf(id: number): string | null {
    return this.schedules[id - 1]?.timeZone ?? null;
  }

  /** A summary's `"openingHours"` member for schedule `id` (≠ 0), as JSON.stringify writes it. */
  summaryJsonOf(id: number): string {
    let json = this.json[id - 1];
    if (json === undefined) {
      json = `"openingHours":${JSON.stringify({ value: this.valueOf(id), timeZone: this.timeZoneOf(id) })}`;
      this.json[id - 1] = json;
    }
    return json;
  }

  /** Whether schedule `id` is open at `at` (remembered in `known` for the rest of a query). */
  isOpen(id: number, at: Date, known: Map<number, boolean>): boolean {
    if (id === 0) return false;
    let open = known.get(id);
    if (open === undefined) {
      const schedule = this.schedules[id - 1];
      open = schedule !== undefined && isOpenAt(schedule.hours, schedule.timeZone, at);
      known.set(id, open);
    }
    return open;
  }

  /** Distinct schedules held. */
  get size(): number {
    return this.schedules.length;
  }
}
