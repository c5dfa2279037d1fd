import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../lib/errors.ts';
import {
  FILES_ROUTE_PREFIX,
  isValidStorageKey,
  StorageUnavailableError,
  type ObjectStorage,
} from './object-storage.ts';
import { fileResponse } from '../lib/api-document.ts';

const FILE_HEADERS = {
  // Keys are random and an object never changes once written: browsers and proxies may keep
  // a file for a year.
  'cache-control': 'public, max-age=31536000, immutable',
  'x-content-type-options': 'nosniff',
  // Photos are public, and the native app (capacitor://localhost) loads them cross-origin,
  // which helmet's default `same-origin` would block.
  'cross-origin-resource-policy': 'cross-origin',
  // Only images are stored; should anything else ever be, it cannot run as a page.
  'content-security-policy': "default-src 'none'; sandbox",
};

/** Serves stored files (uploaded photos) at `/api/files/<key>`. */
export const filesRoutes =
  (storage: ObjectStorage): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      `${FILES_ROUTE_PREFIX}*`,
      {
        schema: {
          operationId: 'getStoredFile',
          summary: 'A stored file, e.g. an uploaded photo',
          tags: ['files'],
          params: z.object({ '*': z.string() }),
          response: {
            200: fileResponse('The file, e.g. a photo', ['image/webp', 'image/jpeg', 'image/png']),
          },
        },
        config: { access: 'public' },
      },
      async (request, reply) => {
        const key = request.params['*'];
        // An invalid key (`..`, absolute, odd characters) cannot name a stored file.
        const stored = isValidStorageKey(key)
          ? await storage.get(key).catch((error: unknown) => {
              throw new StorageUnavailableError(error);
            })
          : null;
        if (stored === null) throw notFound('This file does not exist (any more).');
        return reply.headers(FILE_HEADERS).type(stored.contentType).send(stored.body);
      },
    );
  };
