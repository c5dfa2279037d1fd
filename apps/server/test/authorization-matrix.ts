/**
 * Who gets what from every route of the events, deals and moderation work (issue 8): one
 * table, checked by authorization-matrix.test.ts, which also fails when the app registers a
 * route under these prefixes that the table does not list.
 *
 * Roles: `other` is a signed-in member with no part in the thing asked about; `invitee` is
 * invited to the private event used; `owner` created the event, or filed the removal request
 * (for deals there is no owner: the owner is an ordinary member). Private events answer 404
 * to anyone who may not see them, moderators and admins included (spec §6), on every verb;
 * moderators and admins may change or delete any event they can see.
 */
import type { InjectOptions } from 'fastify';
import { multipartPhoto, smallPng } from './upload-fixtures.ts';

export const MATRIX_ROLES = ['anonymous', 'other', 'invitee', 'owner', 'moderator', 'admin'] as const;
export type MatrixRole = (typeof MATRIX_ROLES)[number];

/** Route prefixes (and exact routes) whose every registered route must be in the matrix. */
export const MATRIX_SCOPE: readonly RegExp[] = [
  /^\/api\/events(\/|$)/,
  /^\/api\/deals(\/|$)/,
  /^\/api\/moderation(\/|$)/,
  /^\/api\/removal-requests(\/|$)/,
  /^\/api\/reports(\/|$)/,
  /^\/api\/me\/invitations$/,
  /^\/api\/me\/removal-requests$/,
  /^\/api\/locations\/:id\/events$/,
  /^\/api\/locations\/:id\/events\.ics$/,
  /^\/api\/me\/calendar-feed$/,
];

/** What a matrix request may need: fresh things to act on, owned by the `owner`. */
export interface MatrixContext {
  /** A place anyone may add events to. */
  locationId: string;
  /** A private event by `owner` with `invitee` invited, never changed by the matrix. */
  privateEventId: string;
  /** A new private event by `owner` with `invitee` invited. */
  newPrivateEvent(): Promise<string>;
  /** A new deal. */
  newDeal(): Promise<string>;
  /** A new place (for a removal request of its own). */
  newPlace(): Promise<string>;
  /** A new pending removal request filed by `owner`. */
  newRemovalRequest(): Promise<string>;
  /** A new place with an open report filed by `owner`. */
  newReportedPlace(): Promise<string>;
  /** A new broken-equipment condition report (issue 19) on a new location. */
  newBrokenReport(): Promise<string>;
}

export interface MatrixRoute {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** The route as registered (Fastify pattern). */
  route: string;
  /** Builds one request (fresh targets for writes) for one caller. */
  request(
    context: MatrixContext,
  ): Promise<Omit<InjectOptions, 'headers'> & { headers?: Record<string, string> }>;
  expected: Record<MatrixRole, number>;
}

const everyone = (status: number): Record<MatrixRole, number> => ({
  anonymous: status,
  other: status,
  invitee: status,
  owner: status,
  moderator: status,
  admin: status,
});
const signedIn = (status: number): Record<MatrixRole, number> => ({ ...everyone(status), anonymous: 401 });
const moderators = (status: number): Record<MatrixRole, number> => ({
  anonymous: 401,
  other: 403,
  invitee: 403,
  owner: 403,
  moderator: status,
  admin: status,
});
const admins = (status: number): Record<MatrixRole, number> => ({ ...moderators(status), moderator: 403 });
/** A private event: hidden from all but its creator and invitees. */
const privateRead = { anonymous: 404, other: 404, invitee: 200, owner: 200, moderator: 404, admin: 404 };
/**
 * Changing a private event: its creator only; the invitee sees it but may not change it, and
 * moderators and admins, who may not see it, are told it does not exist (issue 30).
 */
const privateWrite = { anonymous: 401, other: 404, invitee: 403, owner: 200, moderator: 404, admin: 404 };

const newEventBody = (locationId: string) => ({
  locationId,
  title: 'Matrix playgroup',
  dayOfWeek: 'Monday',
  time: '10:00',
  repeatPattern: 'Week',
});

export const AUTHORIZATION_MATRIX: readonly MatrixRoute[] = [
  // Events
  {
    method: 'POST',
    route: '/api/events',
    request: async (c) => ({ url: '/api/events', payload: newEventBody(c.locationId) }),
    expected: signedIn(201),
  },
  {
    method: 'GET',
    route: '/api/events/:id',
    request: async (c) => ({ url: `/api/events/${c.privateEventId}` }),
    expected: privateRead,
  },
  {
    method: 'PATCH',
    route: '/api/events/:id',
    request: async (c) => ({
      url: `/api/events/${await c.newPrivateEvent()}`,
      payload: { title: 'Renamed' },
    }),
    expected: privateWrite,
  },
  {
    method: 'DELETE',
    route: '/api/events/:id',
    request: async (c) => ({ url: `/api/events/${await c.newPrivateEvent()}` }),
    expected: privateWrite,
  },
  {
    method: 'GET',
    route: '/api/events/:id/calendar.ics',
    request: async (c) => ({ url: `/api/events/${c.privateEventId}/calendar.ics` }),
    expected: privateRead,
  },
  {
    method: 'GET',
    route: '/api/events/today',
    request: async (c) => ({ url: `/api/events/today?locationIds=${c.locationId}` }),
    expected: everyone(200),
  },
  {
    method: 'GET',
    route: '/api/events/nearby',
    request: async () => ({ url: '/api/events/nearby?lat=-36.86&lng=174.78&range=week' }),
    expected: everyone(200),
  },
  {
    method: 'GET',
    route: '/api/locations/:id/events',
    request: async (c) => ({ url: `/api/locations/${c.locationId}/events?dayOfWeek=Monday` }),
    expected: everyone(200),
  },
  {
    method: 'GET',
    route: '/api/locations/:id/events.ics',
    request: async (c) => ({ url: `/api/locations/${c.locationId}/events.ics` }),
    expected: everyone(200),
  },
  {
    method: 'GET',
    route: '/api/me/calendar-feed',
    request: async () => ({ url: '/api/me/calendar-feed' }),
    expected: signedIn(200),
  },
  {
    method: 'POST',
    route: '/api/me/calendar-feed',
    request: async () => ({ url: '/api/me/calendar-feed' }),
    expected: signedIn(200),
  },
  {
    method: 'DELETE',
    route: '/api/me/calendar-feed',
    request: async () => ({ url: '/api/me/calendar-feed' }),
    expected: signedIn(200),
  },
  {
    method: 'GET',
    route: '/api/me/invitations',
    request: async () => ({ url: '/api/me/invitations' }),
    expected: signedIn(200),
  },
  // Deals
  {
    method: 'GET',
    route: '/api/deals',
    request: async () => ({ url: '/api/deals' }),
    expected: everyone(200),
  },
  {
    method: 'GET',
    route: '/api/deals/all',
    request: async () => ({ url: '/api/deals/all' }),
    expected: admins(200),
  },
  {
    method: 'POST',
    route: '/api/deals',
    request: async () => ({ url: '/api/deals', payload: { title: 'Matrix deal' } }),
    expected: admins(201),
  },
  {
    method: 'PATCH',
    route: '/api/deals/:id',
    request: async (c) => ({ url: `/api/deals/${await c.newDeal()}`, payload: { active: false } }),
    expected: admins(200),
  },
  {
    method: 'DELETE',
    route: '/api/deals/:id',
    request: async (c) => ({ url: `/api/deals/${await c.newDeal()}` }),
    expected: admins(200),
  },
  {
    method: 'PUT',
    route: '/api/deals/:id/:kind',
    request: async (c) => {
      const body = multipartPhoto(await smallPng());
      return {
        url: `/api/deals/${await c.newDeal()}/logo`,
        payload: body.payload,
        headers: { 'content-type': body.contentType },
      };
    },
    expected: admins(200),
  },
  // Removal requests and moderation
  {
    method: 'POST',
    route: '/api/removal-requests',
    request: async (c) => ({
      url: '/api/removal-requests',
      payload: { locationId: await c.newPlace(), reason: 'Closed' },
    }),
    expected: signedIn(201),
  },
  {
    method: 'GET',
    route: '/api/me/removal-requests',
    request: async () => ({ url: '/api/me/removal-requests' }),
    expected: signedIn(200),
  },
  {
    method: 'GET',
    route: '/api/moderation/removal-requests',
    request: async () => ({ url: '/api/moderation/removal-requests?status=pending' }),
    expected: moderators(200),
  },
  {
    method: 'POST',
    route: '/api/moderation/removal-requests/:id/decision',
    request: async (c) => ({
      url: `/api/moderation/removal-requests/${await c.newRemovalRequest()}/decision`,
      payload: { decision: 'reject', note: 'Matrix' },
    }),
    expected: moderators(200),
  },
  // Reports
  {
    method: 'POST',
    route: '/api/reports',
    request: async (c) => ({
      url: '/api/reports',
      payload: { targetType: 'location', targetId: await c.newPlace(), reason: 'closed-or-unsafe' },
    }),
    expected: signedIn(201),
  },
  {
    method: 'GET',
    route: '/api/moderation/reports',
    request: async () => ({ url: '/api/moderation/reports' }),
    expected: moderators(200),
  },
  {
    method: 'POST',
    route: '/api/moderation/reports/decision',
    request: async (c) => ({
      url: '/api/moderation/reports/decision',
      payload: { targetType: 'location', targetId: await c.newReportedPlace(), decision: 'dismiss' },
    }),
    expected: moderators(200),
  },
  {
    method: 'POST',
    route: '/api/moderation/conditions/:reportId/close',
    request: async (c) => ({ url: `/api/moderation/conditions/${await c.newBrokenReport()}/close` }),
    expected: moderators(200),
  },
  {
    method: 'GET',
    route: '/api/moderation/audit-log',
    request: async () => ({ url: '/api/moderation/audit-log' }),
    expected: moderators(200),
  },
];
