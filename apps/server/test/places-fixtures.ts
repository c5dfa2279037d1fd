/** Test data for place tests: request bodies with overrides, and a quick way to add one. */
import type { CreatePlaceInput } from '@playspot/core';
import type { FastifyInstance } from 'fastify';
import type { SignedInTestUser } from './sign-in.ts';

/** Auckland Domain, the spec's default map centre neighbourhood. */
export const AUCKLAND = { lat: -36.8597, lng: 174.7752 };

export function makePlaceInput(overrides: Partial<CreatePlaceInput> = {}): CreatePlaceInput {
  return {
    name: 'Domain Playground',
    latitude: AUCKLAND.lat,
    longitude: AUCKLAND.lng,
    tags: ['swings', 'picnic tables'],
    ageRanges: ['2-5'],
    indoor: false,
    free: true,
    ...overrides,
  };
}

export async function addPlace(
  app: FastifyInstance,
  user: SignedInTestUser,
  overrides: Partial<CreatePlaceInput> = {},
): Promise<{ id: string; body: Record<string, unknown> }> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/locations',
    headers: user.headers,
    payload: makePlaceInput(overrides),
  });
  if (response.statusCode !== 201) throw new Error(`add failed: ${response.statusCode} ${response.body}`);
  const body = response.json<{ location: { id: string } }>();
  return { id: body.location.id, body };
}
