/**
 * The map index's places in typed arrays, one slot per place: about 90 bytes a place plus
 * its name, where a million JavaScript objects would take several hundred megabytes.
 *
 * Slots below `baseCount` sit in the kd-tree, numbered in its order (a box's places are side
 * by side in every array), and are found by id through `byId` (binary search);
 * places added or moved since the last build get slots after them (the overlay, searched
 * one by one) until the index is compacted. A removed slot stays, marked, until then.
 */
import { DEFAULT_TIME_ZONE, type PlaceNames } from '@playspot/core';
import KDBush from 'kdbush';
import { fromTriState, packAgeRanges, unpackAgeRanges, type MapPlace, type PlaceLive } from './map-place.ts';
import { OpeningSchedules } from './opening-schedules.ts';
import {
  attributesOf,
  freeState,
  HAS_EVENTS_BIT,
  indoorState,
  LIVE_BIT,
  REMOVED_BIT,
  THUMBNAIL_BIT,
} from './slot-attributes.ts';
import {
  appendHead,
  appendHeadOf,
  permute,
  permuteHeads,
  type Column,
  type CoordinatesText,
  type Heads,
} from './columns.ts';
import { compareIdWords, idFromWords, slotsOfEachId, writeIdWords } from './place-ids.ts';
import { countSlot, emptyChecksum, type PlaceChecksum } from './place-checksum.ts';

export class PlaceStore {
  readonly capacity: number;
  /** Slots in use, removed ones included. */
  size = 0;
  /** Slots sorted by id and held by the kd-tree. */
  baseCount = 0;
  /** Places present (not removed). */
  liveCount = 0;
  readonly idWords: Uint32Array;
  readonly latitudes: Float64Array;
  readonly longitudes: Float64Array;
  readonly changedAtMs: Float64Array;
  readonly upVotes: Int32Array;
  readonly downVotes: Int32Array;
  readonly visitCounts: Int32Array;
  readonly commentCounts: Int32Array;
  readonly attributes: Uint16Array;
  readonly agePacked: Uint16Array;
  /** The fact filters that hold (bit i: FACT_FILTERS[i]). */
  readonly factMasks: Uint8Array;
  /** The play equipment shown as there (bit i: EQUIPMENT_KINDS[i]). */
  readonly equipmentMasks: Uint32Array;
  /** Until when (ms) each place is reported closed for works; 0 when not. */
  readonly closedUntilMs: Float64Array;
  /** Each place's opening hours as a number in `schedules` (0: none). */
  readonly scheduleIds: Uint32Array;
  /** The distinct opening hours, parsed once (shared with the store a compaction makes). */
  readonly schedules: OpeningSchedules;
  /**
   * Base slots' heads back to back: the name's UTF-8, then the latitude's and longitude's JSON
   * text (String of the double, made as the place is added, so a marker's name and
   * coordinates are one run of bytes). Overlay slots' and renamed places' names are in `renamed`.
   */
  private readonly heads: Heads;
  /** Three ends a slot in `headBytes`: its name's, latitude's and longitude's (the next name starts there). */
  readonly headEnds: Uint32Array;
  private readonly renamed = new Map<number, string>();
  private readonly thumbnails = new Map<number, string>();
  /** Names in other languages (issue 46), of the few places that have any. */
  private readonly localNames = new Map<number, PlaceNames>();
  /** The few places with public events or live conditions. */
  private readonly lives = new Map<number, PlaceLive>();
  /** Overlay slots by id (present places only). */
  readonly overlay = new Map<string, number>();
  tree: KDBush | null = null;
  /** Base slots in id order. */
  private byId: Uint32Array<ArrayBuffer> = new Uint32Array(0);
  /** The checksum's sums over the present places, kept as they are written and removed. */
  private readonly sums: PlaceChecksum = emptyChecksum();

  constructor(capacity: number, schedules = new OpeningSchedules()) {
    this.capacity = capacity;
    this.schedules = schedules;
    this.scheduleIds = new Uint32Array(capacity);
    this.idWords = new Uint32Array(capacity * 4);
    this.latitudes = new Float64Array(capacity);
    this.longitudes = new Float64Array(capacity);
    this.changedAtMs = new Float64Array(capacity);
    this.upVotes = new Int32Array(capacity);
    this.downVotes = new Int32Array(capacity);
    this.visitCounts = new Int32Array(capacity);
    this.commentCounts = new Int32Array(capacity);
    this.attributes = new Uint16Array(capacity);
    this.agePacked = new Uint16Array(capacity);
    this.factMasks = new Uint8Array(capacity);
    this.equipmentMasks = new Uint32Array(capacity);
    this.closedUntilMs = new Float64Array(capacity);
    this.headEnds = new Uint32Array(capacity * 3);
    this.heads = { bytes: Buffer.alloc(0), ends: this.headEnds, used: 0 };
  }

  /** Adds a base place, in any order, before `seal` (with its coordinates' text if known). */
  addBase(place: MapPlace, coordinates?: CoordinatesText): number {
    const slot = this.size++;
    this.liveCount++;
    this.write(slot, place);
    const latitude = coordinates?.latitude ?? String(place.latitude);
    appendHead(this.heads, slot, place.name, latitude, coordinates?.longitude ?? String(place.longitude));
    countSlot(this.sums, this, slot, 1);
    return slot;
  }

  /**
   * Ends the base: builds the kd-tree over it and renumbers the slots in the tree's order, so
   * a read's places are neighbours in memory (issue 43: scattered slots made a marker cost
   * three times as much), then orders them by id for `find`. The base may come in any order
   * (a build reads the table as it lies on disk) and may hold a place twice (its row moved
   * while the build read the table): one copy is kept, the others removed (marked, as any
   * removed slot). Returns the base slot of each slot given before.
   */
  seal(): Int32Array {
    const count = (this.baseCount = this.size);
    const tree = new KDBush(count, 64, Float64Array);
    for (let slot = 0; slot < count; slot++) tree.add(this.longitudes[slot] ?? 0, this.latitudes[slot] ?? 0);
    tree.finish();
    const order = Uint32Array.from(tree.ids);
    const baseSlots = new Int32Array(count);
    for (let slot = 0; slot < count; slot++) baseSlots[order[slot] ?? 0] = slot;
    const columns: Column[] = [this.latitudes, this.longitudes, this.changedAtMs, this.closedUntilMs];
    columns.push(this.upVotes, this.downVotes, this.visitCounts, this.commentCounts, this.scheduleIds);
    columns.push(this.attributes, this.agePacked, this.factMasks, this.equipmentMasks);
    for (const column of columns) permute(column, order, 1);
    permute(this.idWords, order, 4);
    this.heads.bytes = permuteHeads(this.heads.bytes, this.headEnds, order, this.heads.used);
    this.heads.used = this.headEnds[count * 3 - 1] ?? 0;
    for (const slots of [this.thumbnails, this.lives, this.localNames] as Map<number, unknown>[]) {
      const entries = [...slots];
      slots.clear();
      for (const [added, value] of entries) slots.set(baseSlots[added] ?? added, value);
    }
    for (let slot = 0; slot < count; slot++) tree.ids[slot] = slot;
    this.tree = tree;
    this.orderById(count);
    return baseSlots;
  }

  /** Puts the base slots in id order (byId), one slot an id; removes the others. */
  private orderById(count: number): void {
    const { slots, copies } = slotsOfEachId(this.idWords, count);
    this.byId = slots;
    for (const slot of copies) this.remove(slot);
  }

  /** Slots left for places added or moved before the store must be compacted. */
  get room(): number {
    return this.capacity - this.size;
  }

  addOverlay(place: MapPlace): number {
    if (this.room === 0) throw new Error('place store is full: compact it first');
    const slot = this.size++;
    this.liveCount++;
    this.write(slot, place);
    this.renamed.set(slot, place.name);
    this.overlay.set(place.id, slot);
    countSlot(this.sums, this, slot, 1);
    return slot;
  }

  /** Rewrites a present slot's fields in place (its position included: callers re-index). */
  update(slot: number, place: MapPlace): void {
    countSlot(this.sums, this, slot, -1);
    this.write(slot, place);
    if (slot >= this.baseCount || this.nameOf(slot) !== place.name) this.renamed.set(slot, place.name);
    countSlot(this.sums, this, slot, 1);
  }

  /** The checksum's sums over the present places (place-checksum.ts), a copy. */
  checksum(): PlaceChecksum {
    return { ...this.sums };
  }

  remove(slot: number): void {
    if (this.isRemoved(slot)) return;
    countSlot(this.sums, this, slot, -1);
    this.attributes[slot] = (this.attributes[slot] ?? 0) | REMOVED_BIT;
    this.liveCount--;
    this.thumbnails.delete(slot);
    this.lives.delete(slot);
    this.localNames.delete(slot);
    this.renamed.delete(slot);
    if (slot >= this.baseCount) this.overlay.delete(this.idOf(slot));
  }

  private write(slot: number, place: MapPlace): void {
    // What the slot held: a fresh one (every slot of a build) has no map entries to forget.
    const previous = this.attributes[slot] ?? 0;
    writeIdWords(place.id, this.idWords, slot * 4);
    this.latitudes[slot] = place.latitude;
    this.longitudes[slot] = place.longitude;
    this.changedAtMs[slot] = place.changedAtMs;
    this.upVotes[slot] = place.upVotes;
    this.downVotes[slot] = place.downVotes;
    this.visitCounts[slot] = place.visitCount;
    this.commentCounts[slot] = place.commentCount;
    this.attributes[slot] = attributesOf(place);
    this.agePacked[slot] = packAgeRanges(place.ageRanges);
    this.factMasks[slot] = place.factMask;
    this.equipmentMasks[slot] = place.equipmentMask;
    this.closedUntilMs[slot] = place.closedUntilMs;
    this.scheduleIds[slot] = this.schedules.idOf(place.openingHours, place.timeZone);
    if (place.thumbnailKey) this.thumbnails.set(slot, place.thumbnailKey);
    else if ((previous & THUMBNAIL_BIT) !== 0) this.thumbnails.delete(slot);
    if (place.live) this.lives.set(slot, place.live);
    else if ((previous & LIVE_BIT) !== 0) this.lives.delete(slot);
    if (place.names) this.localNames.set(slot, place.names);
    else this.localNames.delete(slot);
  }

  /** The present slot of a place, or -1. */
  find(id: string): number {
    const overlaid = this.overlay.get(id);
    if (overlaid !== undefined) return overlaid;
    const wanted = new Uint32Array(4);
    writeIdWords(id, wanted, 0);
    let low = 0;
    let high = this.byId.length - 1;
    while (low <= high) {
      const middle = (low + high) >>> 1;
      const slot = this.byId[middle] ?? 0;
      const order = compareIdWords(this.idWords, slot * 4, wanted, 0);
      if (order === 0) return this.isRemoved(slot) ? -1 : slot;
      if (order < 0) low = middle + 1;
      else high = middle - 1;
    }
    return -1;
  }

  isRemoved(slot: number): boolean {
    return ((this.attributes[slot] ?? 0) & REMOVED_BIT) !== 0;
  }

  hasEvents(slot: number): boolean {
    return ((this.attributes[slot] ?? 0) & HAS_EVENTS_BIT) !== 0;
  }

  idOf(slot: number): string {
    return idFromWords(this.idWords, slot * 4);
  }

  nameOf(slot: number): string {
    const renamed = this.renamed.get(slot);
    if (renamed !== undefined) return renamed;
    return this.heads.bytes.toString('utf8', this.headStart(slot), this.headEnds[slot * 3]);
  }

  /** Where the slot's head (its name first) starts in `baseHeadBytes`. */
  headStart(slot: number): number {
    return slot === 0 ? 0 : (this.headEnds[slot * 3 - 1] ?? 0);
  }

  /** Whether the slot's name is in `renamed`, not in `baseHeadBytes`. */
  isRenamed = (slot: number): boolean => this.renamed.has(slot);

  /** The base's heads (name, latitude, longitude) back to back, as `headEnds` says. */
  get baseHeadBytes(): Buffer {
    return this.heads.bytes;
  }

  nameByteLength(slot: number): number {
    const renamed = this.renamed.get(slot);
    if (renamed !== undefined) return Buffer.byteLength(renamed);
    return (this.headEnds[slot * 3] ?? 0) - this.headStart(slot);
  }

  thumbnailOf(slot: number): string | null {
    return ((this.attributes[slot] ?? 0) & THUMBNAIL_BIT) === 0 ? null : (this.thumbnails.get(slot) ?? null);
  }

  /** The place's names in other languages, or null (most places). */
  namesOf(slot: number): PlaceNames | null {
    return this.localNames.get(slot) ?? null;
  }

  liveOf(slot: number): PlaceLive | null {
    return ((this.attributes[slot] ?? 0) & LIVE_BIT) === 0 ? null : (this.lives.get(slot) ?? null);
  }

  /** The place of a slot, as the database held it when it was applied. */
  placeOf(slot: number): MapPlace {
    const attributes = this.attributes[slot] ?? 0;
    return {
      id: this.idOf(slot),
      name: this.nameOf(slot),
      latitude: this.latitudes[slot] ?? 0,
      longitude: this.longitudes[slot] ?? 0,
      indoor: fromTriState(indoorState(attributes)),
      free: fromTriState(freeState(attributes)),
      ageRanges: unpackAgeRanges(this.agePacked[slot] ?? 0),
      upVotes: this.upVotes[slot] ?? 0,
      downVotes: this.downVotes[slot] ?? 0,
      visitCount: this.visitCounts[slot] ?? 0,
      commentCount: this.commentCounts[slot] ?? 0,
      changedAtMs: this.changedAtMs[slot] ?? 0,
      thumbnailKey: this.thumbnailOf(slot),
      hasEvents: this.hasEvents(slot),
      live: this.liveOf(slot),
      factMask: this.factMasks[slot] ?? 0,
      equipmentMask: this.equipmentMasks[slot] ?? 0,
      closedUntilMs: this.closedUntilMs[slot] ?? 0,
      openingHours: this.schedules.valueOf(this.scheduleIds[slot] ?? 0),
      timeZone: this.schedules.timeZoneOf(this.scheduleIds[slot] ?? 0) ?? DEFAULT_TIME_ZONE,
      names: this.namesOf(slot),
    };
  }

  /** Present slots in id order: the base and the overlay merged (what a compaction reads). */
  *presentInIdOrder(): Generator<number> {
    const overlaid = [...this.overlay.values()].sort((a, b) =>
      compareIdWords(this.idWords, a * 4, this.idWords, b * 4),
    );
    let next = 0;
    for (const slot of this.byId) {
      if (this.isRemoved(slot)) continue;
      while (
        next < overlaid.length &&
        compareIdWords(this.idWords, (overlaid[next] ?? 0) * 4, this.idWords, slot * 4) < 0
      )
        yield overlaid[next++] ?? 0;
      yield slot;
    }
    while (next < overlaid.length) yield overlaid[next++] ?? 0;
  }

  /** Adds another store's slot as a base place (compaction: no objects in between). */
  addBaseFrom(source: PlaceStore, from: number): number {
    const slot = this.size++;
    this.liveCount++;
    this.idWords.set(source.idWords.subarray(from * 4, from * 4 + 4), slot * 4);
    this.latitudes[slot] = source.latitudes[from] ?? 0;
    this.longitudes[slot] = source.longitudes[from] ?? 0;
    this.changedAtMs[slot] = source.changedAtMs[from] ?? 0;
    this.upVotes[slot] = source.upVotes[from] ?? 0;
    this.downVotes[slot] = source.downVotes[from] ?? 0;
    this.visitCounts[slot] = source.visitCounts[from] ?? 0;
    this.commentCounts[slot] = source.commentCounts[from] ?? 0;
    this.attributes[slot] = source.attributes[from] ?? 0;
    this.agePacked[slot] = source.agePacked[from] ?? 0;
    this.factMasks[slot] = source.factMasks[from] ?? 0;
    this.equipmentMasks[slot] = source.equipmentMasks[from] ?? 0;
    this.closedUntilMs[slot] = source.closedUntilMs[from] ?? 0;
    // The same schedule numbers: a compaction passes the source's schedules on.
    this.scheduleIds[slot] = source.scheduleIds[from] ?? 0;
    const thumbnail = source.thumbnails.get(from);
    if (thumbnail !== undefined) this.thumbnails.set(slot, thumbnail);
    const live = source.lives.get(from);
    if (live !== undefined) this.lives.set(slot, live);
    const names = source.localNames.get(from);
    if (names !== undefined) this.localNames.set(slot, names);
    const renamed = source.renamed.get(from);
    // A base place's name and coordinates' text as they are (a moved place is in the overlay).
    if (renamed === undefined && from < source.baseCount) appendHeadOf(this.heads, slot, source.heads, from);
    else
      appendHead(
        this.heads,
        slot,
        renamed ?? source.nameOf(from),
        String(this.latitudes[slot] ?? 0),
        String(this.longitudes[slot] ?? 0),
      );
    countSlot(this.sums, this, slot, 1);
    return slot;
  }

  /** Bytes held by the arrays and names (the maps' entries estimated). */
  approximateBytes(): number {
    const arrays =
      this.idWords.byteLength +
      this.latitudes.byteLength * 4 +
      this.upVotes.byteLength * 4 +
      this.attributes.byteLength * 2 +
      this.factMasks.byteLength +
      this.scheduleIds.byteLength +
      this.equipmentMasks.byteLength +
      this.headEnds.byteLength +
      this.byId.byteLength +
      this.heads.bytes.byteLength;
    const tree = this.tree?.data.byteLength ?? 0;
    const entries = this.thumbnails.size + this.renamed.size + this.overlay.size + this.lives.size;
    return arrays + tree + (entries + this.localNames.size) * 120;
  }
}
