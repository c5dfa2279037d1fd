/**
 * Who is calling. The request hook of features/auth (request-authentication.ts) sets
 * `request.user` from the session before any route runs and enforces the route's declared
 * `config.access`; routes read their caller with `signedInUser`.
 */
import type { UserRole } from '@playspot/core';
import type { FastifyRequest } from 'fastify';
import { unauthenticated } from './errors.ts';

/** A signed-in caller, as their session resolves. */
export interface AuthenticatedUser {
  id: string;
  role: UserRole;
  userName: string | null;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in caller, or null. */
    user: AuthenticatedUser | null;
  }
}

/** The caller of a route declared `signedIn` (or with a role): the hook guarantees one. */
export function signedInUser(request: FastifyRequest): AuthenticatedUser {
  if (!request.user) throw unauthenticated();
  return request.user;
}
