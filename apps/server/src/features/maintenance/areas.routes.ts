import {
  areaDeletedSchema,
  areaImportRequestSchema,
  areaParamsSchema,
  areaRequestSchema,
  areaSchema,
  areasSchema,
  maintainerParamsSchema,
  maintainerRequestSchema,
} from '@playspot/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { WRITE_RATE_LIMIT } from '../../lib/rate-limits.ts';
import type { AreasService } from './areas.service.ts';

const admins = { role: 'admin' } as const;

/** Admins' routes for maintenance areas (issue 48). */
export const areasRoutes =
  (areas: AreasService): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['maintenance'];

    app.get(
      '/api/admin/areas',
      {
        schema: {
          operationId: 'listMaintenanceAreas',
          summary: 'Maintenance areas with their contacts and maintainers, by name (admins)',
          tags,
          response: { 200: areasSchema },
        },
        config: { access: admins },
      },
      async () => ({ areas: await areas.list() }),
    );

    app.post(
      '/api/admin/areas',
      {
        schema: {
          operationId: 'addMaintenanceArea',
          summary:
            'Add a maintenance area: a GeoJSON Polygon or MultiPolygon, a name and an e-mail address and/or an Open311 endpoint with its service code (admins)',
          tags,
          body: areaRequestSchema,
          response: { 201: areaSchema },
        },
        config: { access: admins, rateLimit: WRITE_RATE_LIMIT },
      },
      async (request, reply) => reply.status(201).send(await areas.add(request.body)),
    );

    app.post(
      '/api/admin/areas/import',
      {
        schema: {
          operationId: 'importMaintenanceAreas',
          summary:
            'Add the areas of a GeoJSON FeatureCollection (properties: name, email, open311_endpoint, open311_service_code, open311_api_key): all of them or none (admins)',
          tags,
          body: areaImportRequestSchema,
          response: { 201: areasSchema },
        },
        config: { access: admins, rateLimit: WRITE_RATE_LIMIT },
      },
      async (request, reply) => reply.status(201).send({ areas: await areas.import(request.body) }),
    );

    app.delete(
      '/api/admin/areas/:id',
      {
        schema: {
          operationId: 'deleteMaintenanceArea',
          summary: 'Remove a maintenance area with its defects (admins)',
          tags,
          params: areaParamsSchema,
          response: { 200: areaDeletedSchema },
        },
        config: { access: admins, rateLimit: WRITE_RATE_LIMIT },
      },
      async (request) => areas.remove(request.params.id),
    );

    app.post(
      '/api/admin/areas/:id/maintainers',
      {
        schema: {
          operationId: 'addAreaMaintainer',
          summary: 'Make a person (by user name) a maintainer of the area (admins)',
          tags,
          params: areaParamsSchema,
          body: maintainerRequestSchema,
          response: { 200: areaSchema },
        },
        config: { access: admins, rateLimit: WRITE_RATE_LIMIT },
      },
      async (request) => areas.addMaintainer(request.params.id, request.body.userName),
    );

    app.delete(
      '/api/admin/areas/:id/maintainers/:userName',
      {
        schema: {
          operationId: 'removeAreaMaintainer',
          summary: 'A person no longer maintains the area (admins)',
          tags,
          params: maintainerParamsSchema,
          response: { 200: areaSchema },
        },
        config: { access: admins, rateLimit: WRITE_RATE_LIMIT },
      },
      async (request) => areas.removeMaintainer(request.params.id, request.params.userName),
    );
  };
