/**
 * The events feature's registration (app.ts). Its service is built first (the map flags
 * today's events), its routes registered in their turn.
 */
import type { FastifyInstance } from 'fastify';
import { eventsRoutes } from './events.routes.ts';
import { createEventsService, type EventsService } from './events.service.ts';

export function createEventsFeature(deps: Parameters<typeof createEventsService>[0]): EventsService {
  return createEventsService(deps);
}

export async function registerEventsFeature(
  app: FastifyInstance,
  deps: { events: EventsService },
): Promise<void> {
  await app.register(eventsRoutes(deps.events));
}
