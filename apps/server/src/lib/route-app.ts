/**
 * The Fastify instance a route plugin (`FastifyPluginAsyncZod`) is given: what a feature's
 * per-group route registrars take, so that one plugin can declare its routes in several files.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

export type RouteApp = Parameters<FastifyPluginAsyncZod>[0];
