/**
 * GET /api/live: the places a page shows, as they change (Server-Sent Events, see live-hub.ts).
 * The answer is written by hand: the stream stays open, so no serializer, compression or
 * cache ever holds it.
 */
import { liveInterest, liveQuerySchema } from '@playspot/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { fileResponse } from '../../lib/api-document.ts';
import { AppError } from '../../lib/errors.ts';
import type { LiveHub } from './live-hub.ts';

/** The Last-Event-ID header of a reconnecting browser, when it is one of ours (a number). */
function lastEventIdOf(header: string | string[] | undefined): number | null {
  const value = Array.isArray(header) ? header[0] : header;
  if (value === undefined || !/^\d{1,15}$/.test(value.trim())) return null;
  return Number(value.trim());
}

export const liveRoutes =
  (hub: LiveHub | null): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/live',
      {
        schema: {
          operationId: 'followLiveChanges',
          summary:
            'Server-Sent Events: `change` (a place followed by id or inside the box changed: read it again), ' +
            '`reset` (changes since Last-Event-ID are no longer known: read again all that is shown), `ready`',
          tags: ['live'],
          querystring: liveQuerySchema,
          response: { 200: fileResponse('A stream of events (never ends by itself)', ['text/event-stream']) },
        },
        config: { access: 'public' },
      },
      async (request, reply) => {
        if (!hub) throw new AppError(503, 'live_updates_off', 'Live updates are off on this server.');
        const caller = request.user ? `user:${request.user.id}` : `ip:${request.ip}`;
        const lastEventId =
          lastEventIdOf(request.headers['last-event-id']) ?? request.query.lastEventId ?? null;
        const response = reply.raw;
        // What the hub writes before the headers are sent waits for them.
        let pending: string[] | null = [];
        const opening = hub.open(caller, liveInterest(request.query), lastEventId, {
          write: (text) => {
            if (pending) pending.push(text);
            else if (!response.writableEnded) response.write(text);
          },
          get buffered() {
            return response.writableLength;
          },
          close: () => response.end(),
          abort: () => response.destroy(),
        });
        if (!opening.ok) {
          throw opening.reason === 'too_many_for_caller'
            ? new AppError(
                429,
                'too_many_streams',
                'Too many live connections are open: close a tab and try again.',
              )
            : new AppError(503, 'busy', 'The server has too many live connections; try again in a minute.');
        }
        response.once('close', opening.close);
        reply.hijack();
        // Helmet's and CORS headers are already on the response; these make it a stream that no
        // proxy buffers or keeps.
        for (const [name, value] of Object.entries(reply.getHeaders())) {
          if (value !== undefined) response.setHeader(name, value);
        }
        response.writeHead(200, {
          'content-type': 'text/event-stream; charset=utf-8',
          'cache-control': 'no-store, no-transform',
          'x-accel-buffering': 'no',
          connection: 'keep-alive',
        });
        response.write(pending.join(''));
        pending = null;
      },
    );
  };
