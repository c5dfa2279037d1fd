/**
 * The events' calendars (part of the events service): one event or a place's events as an
 * iCalendar file, and each person's secret "my events" feed address.
 */
import { calendarFileName, ERROR_MESSAGES, type Actor } from '@playspot/core';
import { createHash, randomBytes } from 'node:crypto';
import type { Database } from '../../db/client.ts';
import type { PlaceExists } from '../../lib/capabilities.ts';
import { notFound } from '../../lib/errors.ts';
import { calendarFile } from './calendar-files.ts';
import * as repository from './events.repository.ts';

/** A calendar feed token: 32 random bytes, base64url (43 characters). */
const newCalendarToken = () => randomBytes(32).toString('base64url');
const tokenHash = (token: string) => createHash('sha256').update(token).digest('hex');

export function createCalendarUseCases(deps: {
  db: Database;
  now: () => Date;
  placeExists: PlaceExists;
  /** The event if the viewer may see it (the events service's rule). */
  visibleEvent: (id: string, viewer: Actor | null) => Promise<repository.EventRow>;
  /** The address people use: calendar entries link to the place's page there. */
  publicUrl?: URL | undefined;
  productName?: string | undefined;
}) {
  const { db, now, placeExists, visibleEvent } = deps;
  const productName = deps.productName ?? 'PlaySpot';
  function calendarOptions(name: string, feed: boolean) {
    const base = deps.publicUrl ?? new URL('http://localhost');
    return {
      name,
      feed,
      productName: `-//${productName}//Events//EN`,
      placeUrl: (locationId: string) =>
        new URL(`/locations/${encodeURIComponent(locationId)}`, base).toString(),
    };
  }

  return {
    /**
     * One event as an .ics file to add to a calendar (a private one only for those who see
     * it), named after the event (issue 45).
     */
    async calendarOfEvent(id: string, viewer: Actor | null): Promise<{ text: string; fileName: string }> {
      const row = await visibleEvent(id, viewer);
      return {
        text: calendarFile([row], calendarOptions(row.title, false)),
        fileName: calendarFileName(row.title),
      };
    },

    /** A place's public events as a calendar feed. */
    async calendarOfPlace(locationId: string): Promise<string> {
      if (!(await placeExists(db, locationId))) throw notFound(ERROR_MESSAGES.placeNotFound);
      const rows = await repository.eventsAtPlaces(db, [locationId], null);
      const name = rows[0]?.locationName ?? (await repository.locationName(db, locationId)) ?? '';
      return calendarFile(rows, calendarOptions(name, true));
    },

    /**
     * "My events" (made or invited to) as a calendar feed, for whoever holds the secret
     * address: calendar apps send no cookies. An unknown or revoked token is not found.
     */
    async calendarOfToken(token: string): Promise<string> {
      const owner = await repository.calendarTokenOwner(db, tokenHash(token));
      if (!owner) throw notFound('This calendar address does not exist or was turned off.');
      const rows = await repository.eventsOfUser(db, owner.userId);
      return calendarFile(rows, calendarOptions(`${productName}: my events`, true));
    },

    /** Whether the caller has a calendar feed, and since when (the token itself is not kept). */
    async calendarFeedStatus(actor: Actor): Promise<{ active: boolean; createdAt: string | null }> {
      const createdAt = await repository.calendarTokenOf(db, actor.id);
      return { active: createdAt !== null, createdAt: createdAt?.toISOString() ?? null };
    },

    /** A new secret feed address for the caller; the old one stops working. Shown once. */
    async newCalendarFeed(actor: Actor): Promise<{ token: string; createdAt: string }> {
      const token = newCalendarToken();
      const at = now();
      await repository.saveCalendarToken(db, actor.id, tokenHash(token), at);
      return { token, createdAt: at.toISOString() };
    },

    /** Turns the caller's feed off. */
    async revokeCalendarFeed(actor: Actor): Promise<{ revoked: boolean }> {
      return { revoked: await repository.deleteCalendarToken(db, actor.id) };
    },
  };
}
