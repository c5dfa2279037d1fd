/**
 * Map answers written as JSON bytes straight from the place store's typed arrays (issue 43):
 * no place object, no JSON.stringify and no Buffer per marker on a read, the same bytes as
 * JSON.stringify of index-reader.ts's mapPointOf and summaryOf. A marker or summary is
 * written into the answer's buffer with one room check, from local variables: its fixed
 * parts are bytes made once, its id's hex digits come from the stored words, its name is the
 * stored UTF-8, its coordinates the text made once per build, its kinds (indoor, free, ages)
 * one of a few hundred byte strings made on first use. Places with public events or live
 * conditions (about 3 %) add what they say about now from their few objects.
 */
import { isEventOnToday } from '@playspot/core';
import { factFiltersOfMask, unpackAgeRanges, type PlaceLive } from './map-place.ts';
import type { PlaceStore } from './place-store.ts';
import { freeState, indoorState } from './slot-attributes.ts';

const HEX = Buffer.from('0123456789abcdef', 'latin1');
const TRI_STATE_JSON = ['null', 'false', 'true'] as const;
export const QUOTE = 0x22;
export const BACKSLASH = 0x5c;
/**
 * Room for what a marker or summary writes between its name and its variable tails (id,
 * keys, coordinates, kinds, numbers): a generous bound, checked once per place.
 */
export const FIXED_ROOM = 512;

/** `source[start…end)` into `buffer` at `at`, byte by byte (faster than a native call for a few bytes). */
function copy(buffer: Buffer, at: number, source: Uint8Array, start: number, end: number): number {
  let to = at;
  for (let i = start; i < end; i++) buffer[to++] = source[i] ?? 0;
  return to;
}

export const put = (buffer: Buffer, at: number, source: Uint8Array): number =>
  copy(buffer, at, source, 0, source.length);

/** An integer as JSON writes it, digit by digit (no string); others through String. */
export function putNumber(buffer: Buffer, at: number, value: number): number {
  if (!Number.isSafeInteger(value) || value < 0) return at + buffer.write(String(value), at, 'latin1');
  let digits = 1;
  for (let rest = value; rest >= 10; rest = Math.floor(rest / 10)) digits++;
  let to = at + digits;
  let rest = value;
  do {
    buffer[--to] = 48 + (rest % 10);
    rest = Math.floor(rest / 10);
  } while (rest > 0);
  return at + digits;
}

/**
 * core's roundDistanceKm (Math.round(km * 1000) / 1000) as JSON writes it: the whole
 * kilometres, then up to three decimals without trailing zeros. The double nearest k / 1000
 * has that text as its shortest form, which is what String gives.
 */
function putDistance(buffer: Buffer, at: number, km: number): number {
  const metres = Math.round(km * 1000);
  if (!Number.isSafeInteger(metres) || metres < 0)
    return at + buffer.write(String(metres / 1000), at, 'latin1');
  let to = putNumber(buffer, at, Math.floor(metres / 1000));
  let fraction = metres % 1000;
  if (fraction === 0) return to;
  buffer[to++] = 0x2e;
  for (let divisor = 100; fraction !== 0; divisor /= 10) {
    const digit = Math.floor(fraction / divisor);
    buffer[to++] = 48 + digit;
    fraction -= digit * divisor;
  }
  return to;
}

/** Each byte's two hex digits, as the bytes to write. */
const HEX_PAIRS = Uint8Array.from(
  { length: 512 },
  (_, i) => HEX[i % 2 === 0 ? (i >> 5) & 15 : (i >> 1) & 15] ?? 48,
);

/** A word's four bytes as eight hex digits, a dash after the fourth when asked. */
function putWord(buffer: Buffer, at: number, value: number, dash: boolean): number {
  let to = at;
  for (let shift = 24; shift >= 0; shift -= 8) {
    const pair = ((value >>> shift) & 255) * 2;
    buffer[to++] = HEX_PAIRS[pair] ?? 48;
    buffer[to++] = HEX_PAIRS[pair + 1] ?? 48;
    if (dash && shift === 16) buffer[to++] = 45;
  }
  return to;
}

/** A place's uuid (8-4-4-4-12 hex digits) from its four id words. */
export function putUuid(buffer: Buffer, at: number, words: Uint32Array, first: number): number {
  let to = putWord(buffer, at, words[first] ?? 0, false);
  buffer[to++] = 45;
  to = putWord(buffer, to, words[first + 1] ?? 0, true);
  buffer[to++] = 45;
  to = putWord(buffer, to, words[first + 2] ?? 0, true);
  return putWord(buffer, to, words[first + 3] ?? 0, false);
}

/** One answer's bytes, written into a buffer kept between answers and copied out once. */
export class AnswerBytes {
  buffer = Buffer.allocUnsafe(1 << 16);
  length = 0;

  /** Makes room for `extra` more bytes; returns the buffer to write them into. */
  room(extra: number): Buffer {
    if (this.length + extra > this.buffer.length) {
      const grown = Buffer.allocUnsafe(Math.max(this.buffer.length * 2, this.length + extra));
      this.buffer.copy(grown, 0, 0, this.length);
      this.buffer = grown;
    }
    return this.buffer;
  }

  byte(value: number): void {
    this.room(1)[this.length++] = value;
  }

  /** Text of one byte a character (JSON punctuation, numbers, literals). */
  ascii(text: string): void {
    this.room(text.length);
    this.length += this.buffer.write(text, this.length, 'latin1');
  }

  utf8(text: string): void {
    this.room(text.length * 3);
    this.length += this.buffer.write(text, this.length, 'utf8');
  }

  /** The bytes written since the last take, as a buffer of their own; the writer starts over. */
  take(): Buffer {
    const answer = Buffer.allocUnsafe(this.length);
    this.buffer.copy(answer, 0, 0, this.length);
    this.length = 0;
    return answer;
  }
}

/**
 * The base places' coordinates as JSON writes them (latitude, longitude): the text the store
 * made as each was added, after its name (place-store.ts `headBytes`); a double's shortest
 * text is the costliest part of a marker to write. Overlay slots (added or moved since) have
 * none and are written from the number.
 */
export class CoordinateText {
  private readonly store: PlaceStore;
  /** Slots with a text (the base). */
  readonly count: number;

  constructor(store: PlaceStore) {
    this.store = store;
    this.count = store.baseCount;
  }

  /** Writes the slot's latitude (column 0) or longitude (1) at `at`, from its text when there is one. */
  put(buffer: Buffer, at: number, slot: number, column: 0 | 1, value: number): number {
    if (slot >= this.count) return at + buffer.write(String(value), at, 'latin1');
    const { headEnds } = this.store;
    const end = slot * 3 + 1 + column;
    return copy(buffer, at, this.store.baseHeadBytes, headEnds[end - 1] ?? 0, headEnds[end] ?? 0);
  }
}

const bytesOf = (text: string) => Buffer.from(text, 'latin1');
export const MARKER = {
  id: bytesOf('{"id":"'),
  name: bytesOf('","name":'),
  latitude: bytesOf(',"latitude":'),
  longitude: bytesOf(',"longitude":'),
  up: bytesOf(',"votes":{"up":'),
  down: bytesOf(',"down":'),
  conditions: bytesOf(',"conditions":'),
};
const SUMMARY = {
  lat: bytesOf(',"lat":'),
  lng: bytesOf(',"lng":'),
  distanceKm: bytesOf(',"distanceKm":'),
  upVotes: bytesOf(',"upVotes":'),
};

/**
 * `,"indoor":…,"free":…,"ageRanges":[…]` by indoor and free states and packed age ranges:
 * few distinct values, each made on first use.
 */
const kindsBytes: (Buffer | undefined)[] = [];

export function kindsOf(attributes: number, agePacked: number): Buffer {
  const key = agePacked * 16 + indoorState(attributes) * 4 + freeState(attributes);
  let bytes = kindsBytes[key];
  if (bytes === undefined) {
    bytes = Buffer.from(
      `,"indoor":${TRI_STATE_JSON[indoorState(attributes)] ?? 'null'},"free":${TRI_STATE_JSON[freeState(attributes)] ?? 'null'},"ageRanges":${JSON.stringify(unpackAgeRanges(agePacked))}`,
      'latin1',
    );
    kindsBytes[key] = bytes;
  }
  return bytes;
}

/** `,"facts":[…]` by fact mask, made on first use. */
const factsJson = new Map<number, string>();

function factsJsonOf(mask: number): string {
  let json = factsJson.get(mask);
  if (json === undefined) {
    json = `,"facts":${JSON.stringify(factFiltersOfMask(mask))}`;
    factsJson.set(mask, json);
  }
  return json;
}

/**
 * `{"id":"…","name":"…",<latitude key>…,<longitude key>…` of a slot; returns where it ends,
 * with room for FIXED_ROOM more bytes in `out.buffer`. A name that needs escaping (a quote,
 * a backslash, a control character) or was renamed since the build is written by
 * JSON.stringify.
 */
function putHead(
  out: AnswerBytes,
  store: PlaceStore,
  coordinates: CoordinateText,
  slot: number,
  latitudeKey: Buffer,
  longitudeKey: Buffer,
): number {
  const names = store.baseHeadBytes;
  const start = store.headStart(slot);
  const end = store.headEnds[slot * 3] ?? 0;
  const renamed = store.isRenamed(slot);
  let buffer = out.room((renamed ? 0 : end - start) + 2 * FIXED_ROOM);
  let at = put(buffer, out.length, MARKER.id);
  at = putUuid(buffer, at, store.idWords, slot * 4);
  at = put(buffer, at, MARKER.name);
  const nameAt = at;
  let plain = !renamed;
  if (plain) {
    buffer[at++] = QUOTE;
    for (let i = start; i < end; i++) {
      const byte = names[i] ?? 0;
      if (byte < 0x20 || byte === QUOTE || byte === BACKSLASH) {
        plain = false;
        break;
      }
      buffer[at++] = byte;
    }
    buffer[at++] = QUOTE;
  }
  if (!plain) {
    out.length = nameAt;
    out.utf8(JSON.stringify(store.nameOf(slot)));
    buffer = out.room(FIXED_ROOM);
    at = out.length;
  }
  at = put(buffer, at, latitudeKey);
  at = coordinates.put(buffer, at, slot, 0, store.latitudes[slot] ?? 0);
  at = put(buffer, at, longitudeKey);
  return coordinates.put(buffer, at, slot, 1, store.longitudes[slot] ?? 0);
}

/** Its live conditions at `nowMs`, newest confirmation first (ended ones left out by their end). */
export const conditionsAt = (live: PlaceLive | null, nowMs: number) =>
  live === null || live.conditions.length === 0
    ? []
    : live.conditions.filter((condition) => condition.expiresAtMs > nowMs).map(({ brief }) => brief);

/**
 * Whether one of its public events is on today in its own zone, remembered per place for the
 * rest of the minute: a start, a day's end and an event's live end fall on whole minutes of
 * every zone's time, so the answer is the same at every instant strictly inside a minute
 * (the answer cache keeps answers for the minute too). The first millisecond of a minute,
 * when a live end can fall, is always computed. Keyed by the PlaceLive object, which a change
 * replaces and nothing edits.
 */
class EventsToday {
  private minute = -1;
  private known = new WeakMap<PlaceLive, boolean>();

  of(live: PlaceLive | null, now: Date): boolean {
    if (live === null || live.events.length === 0) return false;
    const nowMs = now.getTime();
    const onToday = () => live.events.some((event) => isEventOnToday(event, now, live.timeZone));
    if (nowMs % 60_000 === 0) return onToday();
    const minute = Math.floor(nowMs / 60_000);
    if (minute !== this.minute) {
      this.minute = minute;
      this.known = new WeakMap();
    }
    let today = this.known.get(live);
    if (today === undefined) {
      today = onToday();
      this.known.set(live, today);
    }
    return today;
  }
}

export const eventsToday = new EventsToday();

/** A marker (MapPoint) of a place, its conditions' kinds (a badge on the pin) included. */
export function writeMarker(
  out: AnswerBytes,
  store: PlaceStore,
  coordinates: CoordinateText,
  slot: number,
  nowMs: number,
): void {
  const attributes = store.attributes[slot] ?? 0;
  let at = putHead(out, store, coordinates, slot, MARKER.latitude, MARKER.longitude);
  const { buffer } = out;
  at = put(buffer, at, kindsOf(attributes, store.agePacked[slot] ?? 0));
  at = put(buffer, at, MARKER.up);
  at = putNumber(buffer, at, store.upVotes[slot] ?? 0);
  at = put(buffer, at, MARKER.down);
  at = putNumber(buffer, at, store.downVotes[slot] ?? 0);
  buffer[at++] = 0x7d;
  out.length = at;
  const live = store.liveOf(slot);
  if (live !== null && live.conditions.length > 0) {
    const kinds = [...new Set(conditionsAt(live, nowMs).map((condition) => condition.kind))];
    if (kinds.length > 0) out.ascii(`,"conditions":${JSON.stringify(kinds)}`);
  }
  out.ascii('}');
}

/** A list summary (PlaceSummary) of a place, what it says about now included. */
export function writeSummary(
  out: AnswerBytes,
  store: PlaceStore,
  coordinates: CoordinateText,
  near: { slot: number; distanceKm: number | null },
  urlFor: (storageKey: string) => string,
  now: Date,
): void {
  const { slot, distanceKm } = near;
  const attributes = store.attributes[slot] ?? 0;
  let at = putHead(out, store, coordinates, slot, SUMMARY.lat, SUMMARY.lng);
  const { buffer } = out;
  if (distanceKm !== null) {
    at = put(buffer, at, SUMMARY.distanceKm);
    at = putDistance(buffer, at, distanceKm);
  }
  at = put(buffer, at, kindsOf(attributes, store.agePacked[slot] ?? 0));
  at = put(buffer, at, SUMMARY.upVotes);
  out.length = putNumber(buffer, at, store.upVotes[slot] ?? 0);
  const thumbnail = store.thumbnailOf(slot);
  if (thumbnail !== null) out.utf8(`,"thumbnailUrl":${JSON.stringify(urlFor(thumbnail))}`);
  const factMask = store.factMasks[slot] ?? 0;
  if (factMask !== 0) out.ascii(factsJsonOf(factMask));
  const live = store.liveOf(slot);
  if (live !== null) {
    if (eventsToday.of(live, now)) out.ascii(',"hasEventToday":true');
    const conditions = conditionsAt(live, now.getTime());
    if (conditions.length > 0) out.utf8(`,"conditions":${JSON.stringify(conditions)}`);
  }
  const schedule = store.scheduleIds[slot] ?? 0;
  if (schedule !== 0) out.utf8(`,${store.schedules.summaryJsonOf(schedule)}`);
  const names = store.namesOf(slot);
  if (names !== null) out.utf8(`,"names":${JSON.stringify(names)}`);
  out.ascii('}');
}
