import { myDataFileName, myDataSchema } from '@playspot/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { signedInUser } from '../../lib/request-user.ts';
import type { MyDataService } from './my-data.service.ts';

/**
 * Per person: enough to download again after a change, too few to make the export (which
 * reads every table) a way to load the database.
 */
export const MY_DATA_RATE_LIMIT = { max: 5, timeWindow: '1 hour' };

export const myDataRoutes =
  (myData: MyDataService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/me/data',
      {
        schema: {
          operationId: 'downloadMyData',
          summary:
            'Everything PlaySpot holds about you, as one JSON file to download (5 an hour); nobody else’s id or e-mail',
          tags: ['users'],
          querystring: z.strictObject({}),
          response: { 200: myDataSchema },
        },
        config: { access: 'signedIn', rateLimit: MY_DATA_RATE_LIMIT, csrf: 'reads-too' },
      },
      async (request, reply) => {
        const data = await myData.export(signedInUser(request).id);
        return reply
          .header(
            'content-disposition',
            `attachment; filename="${myDataFileName(new Date(data.exportedAt))}"`,
          )
          .send(data);
      },
    );
  };
