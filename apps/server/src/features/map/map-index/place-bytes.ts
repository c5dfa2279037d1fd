/**
 * Map answers written as JSON bytes straight from the place store's typed arrays (issue 43):
 * no place object, no JSON.stringify and no Buffer per marker on a read, the same bytes as
 * JSON.stringify of index-reader.ts's mapPointOf and summaryOf. Places with public events or
 * live conditions (their answer moves with the clock, about 2 % of places) are left to the
 * caller, which serialises their object.
 */
import { roundDistanceKm } from '@playspot/core';
import { factFiltersOfMask, unpackAgeRanges } from './map-place.ts';
import { freeState, indoorState, type PlaceStore } from './place-store.ts';

const HEX = Buffer.from('0123456789abcdef', 'latin1');
const TRI_STATE_JSON = ['null', 'false', 'true'] as const;
/** JSON arrays of packed age ranges and fact masks: few distinct values, each made once. */
const ageRangesJson = new Map<number, string>();
const factsJson = new Map<number, string>();

function ageRangesJsonOf(packed: number): string {
  let json = ageRangesJson.get(packed);
  if (json === undefined) {
    json = JSON.stringify(unpackAgeRanges(packed));
    ageRangesJson.set(packed, json);
  }
  return json;
}

function factsJsonOf(mask: number): string {
  let json = factsJson.get(mask);
  if (json === undefined) {
    json = JSON.stringify(factFiltersOfMask(mask));
    factsJson.set(mask, json);
  }
  return json;
}

/** One answer's bytes, written into a buffer kept between answers and copied out once. */
export class AnswerBytes {
  private buffer = Buffer.allocUnsafe(1 << 16);
  private length = 0;

  private room(extra: number): void {
    if (this.length + extra <= this.buffer.length) return;
    const grown = Buffer.allocUnsafe(Math.max(this.buffer.length * 2, this.length + extra));
    this.buffer.copy(grown, 0, 0, this.length);
    this.buffer = grown;
  }

  /** Text of one byte a character (JSON punctuation, numbers, literals). */
  ascii(text: string): void {
    this.room(text.length);
    this.length += this.buffer.write(text, this.length, 'latin1');
  }

  /** Pre-encoded bytes, copied one by one (faster than a native call for a few bytes). */
  constant(source: Uint8Array): void {
    this.room(source.length);
    const { buffer } = this;
    let at = this.length;
    for (let i = 0; i < source.length; i++) buffer[at++] = source[i] ?? 0;
    this.length = at;
  }

  /** Bytes `start` to `end` of `source`, copied one by one (a number's text). */
  slice(source: Uint8Array, start: number, end: number): void {
    this.room(end - start);
    const { buffer } = this;
    let at = this.length;
    for (let i = start; i < end; i++) buffer[at++] = source[i] ?? 0;
    this.length = at;
  }

  utf8(text: string): void {
    this.room(text.length * 3);
    this.length += this.buffer.write(text, this.length, 'utf8');
  }

  bytes(source: Uint8Array): void {
    this.room(source.length);
    this.buffer.set(source, this.length);
    this.length += source.length;
  }

  /** A number as JSON writes it; small non-negative integers digit by digit (no string). */
  number(value: number): void {
    if (!Number.isInteger(value) || value < 0 || value > 0x7fffffff) {
      this.ascii(String(value));
      return;
    }
    let digits = 1;
    for (let rest = value; rest >= 10; rest = Math.floor(rest / 10)) digits++;
    this.room(digits);
    let at = this.length + digits;
    let rest = value;
    do {
      this.buffer[--at] = 48 + (rest % 10);
      rest = Math.floor(rest / 10);
    } while (rest > 0);
    this.length += digits;
  }

  /** A place's uuid in quotes, from its four id words. */
  uuid(store: PlaceStore, slot: number): void {
    this.room(38);
    const { buffer, length } = this;
    buffer[length] = 34;
    let at = length + 1;
    for (let word = 0; word < 4; word++) {
      const value = store.idWords[slot * 4 + word] ?? 0;
      for (let nibble = 0; nibble < 8; nibble++) {
        const digit = word * 8 + nibble;
        // Dashes before the 9th, 13th, 17th and 21st digits.
        if (digit === 8 || digit === 12 || digit === 16 || digit === 20) buffer[at++] = 45;
        buffer[at++] = HEX[(value >>> (28 - nibble * 4)) & 15] ?? 48;
      }
    }
    buffer[at++] = 34;
    this.length = at;
  }

  /** A place's name as a JSON string: its stored UTF-8 copied when nothing in it needs escaping. */
  name(store: PlaceStore, slot: number): void {
    if (store.isRenamed(slot)) {
      this.utf8(JSON.stringify(store.nameOf(slot)));
      return;
    }
    const names = store.baseNameBytes;
    const start = slot === 0 ? 0 : (store.nameEnds[slot - 1] ?? 0);
    const end = store.nameEnds[slot] ?? 0;
    this.room(end - start + 2);
    const { buffer } = this;
    let at = this.length;
    buffer[at++] = 34;
    for (let i = start; i < end; i++) {
      const byte = names[i] ?? 0;
      // A quote, a backslash or a control character: JSON.stringify's escapes.
      if (byte < 0x20 || byte === 0x22 || byte === 0x5c) {
        this.utf8(JSON.stringify(store.nameOf(slot)));
        return;
      }
      buffer[at++] = byte;
    }
    buffer[at++] = 34;
    this.length = at;
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
 * The base places' coordinates as JSON writes them (latitude, longitude), made once per build:
 * a double's shortest text is the costliest part of a marker to write. Overlay slots (added
 * or moved since) have none and are written from the number.
 */
export class CoordinateText {
  private readonly text: Buffer;
  private readonly ends: Uint32Array;
  private readonly count: number;

  constructor(store: PlaceStore) {
    this.count = store.baseCount;
    this.ends = new Uint32Array(this.count * 2);
    let text = Buffer.allocUnsafe(this.count * 24 + 64);
    let at = 0;
    for (let index = 0; index < this.count * 2; index++) {
      const slot = index >> 1;
      const value = (index & 1) === 0 ? store.latitudes[slot] : store.longitudes[slot];
      if (at + 32 > text.length) {
        const grown = Buffer.allocUnsafe(text.length * 2);
        text.copy(grown, 0, 0, at);
        text = grown;
      }
      at += text.write(String(value ?? 0), at, 'latin1');
      this.ends[index] = at;
    }
    this.text = Buffer.from(text.subarray(0, at));
  }

  /** Writes the slot's latitude (column 0) or longitude (1), from its text when there is one. */
  write(out: AnswerBytes, slot: number, column: 0 | 1, value: number): void {
    if (slot >= this.count) {
      out.number(value);
      return;
    }
    const index = slot * 2 + column;
    out.slice(this.text, index === 0 ? 0 : (this.ends[index - 1] ?? 0), this.ends[index] ?? 0);
  }

  get byteLength(): number {
    return this.text.byteLength + this.ends.byteLength;
  }
}

const bytesOf = (text: string) => Buffer.from(text, 'latin1');
const TRI_STATE_BYTES = TRI_STATE_JSON.map(bytesOf);
const MARKER = {
  id: bytesOf('{"id":'),
  name: bytesOf(',"name":'),
  latitude: bytesOf(',"latitude":'),
  longitude: bytesOf(',"longitude":'),
  up: bytesOf(',"votes":{"up":'),
  down: bytesOf(',"down":'),
  end: bytesOf('}}'),
};
const SUMMARY = {
  lat: bytesOf(',"lat":'),
  lng: bytesOf(',"lng":'),
  distanceKm: bytesOf(',"distanceKm":'),
  upVotes: bytesOf(',"upVotes":'),
  thumbnailUrl: bytesOf(',"thumbnailUrl":'),
  facts: bytesOf(',"facts":'),
  comma: bytesOf(','),
  end: bytesOf('}'),
};
const KINDS = {
  indoor: bytesOf(',"indoor":'),
  free: bytesOf(',"free":'),
  ageRanges: bytesOf(',"ageRanges":'),
};

/** What both shapes share after the coordinates: `"indoor":…,"free":…,"ageRanges":[…]`. */
function writeKinds(out: AnswerBytes, store: PlaceStore, slot: number): void {
  const attributes = store.attributes[slot] ?? 0;
  out.constant(KINDS.indoor);
  out.constant(TRI_STATE_BYTES[indoorState(attributes)] ?? MARKER.end);
  out.constant(KINDS.free);
  out.constant(TRI_STATE_BYTES[freeState(attributes)] ?? MARKER.end);
  out.constant(KINDS.ageRanges);
  out.ascii(ageRangesJsonOf(store.agePacked[slot] ?? 0));
}

/** A marker (MapPoint) of a place without live state; false (nothing written) for one with it. */
export function writeMarker(
  out: AnswerBytes,
  store: PlaceStore,
  coordinates: CoordinateText,
  slot: number,
): boolean {
  if (store.liveOf(slot) !== null) return false;
  out.constant(MARKER.id);
  out.uuid(store, slot);
  out.constant(MARKER.name);
  out.name(store, slot);
  out.constant(MARKER.latitude);
  coordinates.write(out, slot, 0, store.latitudes[slot] ?? 0);
  out.constant(MARKER.longitude);
  coordinates.write(out, slot, 1, store.longitudes[slot] ?? 0);
  writeKinds(out, store, slot);
  out.constant(MARKER.up);
  out.number(store.upVotes[slot] ?? 0);
  out.constant(MARKER.down);
  out.number(store.downVotes[slot] ?? 0);
  out.constant(MARKER.end);
  return true;
}

/** A list summary (LocationSummary) of a place without live state; false for one with it. */
export function writeSummary(
  out: AnswerBytes,
  store: PlaceStore,
  coordinates: CoordinateText,
  near: { slot: number; distanceKm: number | null },
  urlFor: (storageKey: string) => string,
): boolean {
  const { slot, distanceKm } = near;
  if (store.liveOf(slot) !== null) return false;
  out.constant(MARKER.id);
  out.uuid(store, slot);
  out.constant(MARKER.name);
  out.name(store, slot);
  out.constant(SUMMARY.lat);
  coordinates.write(out, slot, 0, store.latitudes[slot] ?? 0);
  out.constant(SUMMARY.lng);
  coordinates.write(out, slot, 1, store.longitudes[slot] ?? 0);
  if (distanceKm !== null) {
    out.constant(SUMMARY.distanceKm);
    out.number(roundDistanceKm(distanceKm));
  }
  writeKinds(out, store, slot);
  out.constant(SUMMARY.upVotes);
  out.number(store.upVotes[slot] ?? 0);
  const thumbnail = store.thumbnailOf(slot);
  if (thumbnail !== null) {
    out.constant(SUMMARY.thumbnailUrl);
    out.utf8(JSON.stringify(urlFor(thumbnail)));
  }
  const factMask = store.factMasks[slot] ?? 0;
  if (factMask !== 0) {
    out.constant(SUMMARY.facts);
    out.utf8(factsJsonOf(factMask));
  }
  const schedule = store.scheduleIds[slot] ?? 0;
  if (schedule !== 0) {
    out.constant(SUMMARY.comma);
    out.utf8(store.schedules.summaryJsonOf(schedule));
  }
  out.constant(SUMMARY.end);
  return true;
}
