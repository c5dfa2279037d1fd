/** Test data for location tests: request bodies with overrides, and a quick way to add one. */
import type { CreateLocationInput } from '@playspot/core';
import type { FastifyInstance } from 'fastify';
import type { SignedInTestUser } from './sign-in.ts';

/** Auckland Domain, the spec's default map centre neighbourhood. */
export const AUCKLAND = { lat: -36.8597, lng: 174.7752 };

export function makeLocationInput(overrides: Partial<CreateLocationInput> = {}): CreateLocationInput {
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

export async function addLocation(
  app: FastifyInstance,
  user: SignedInTestUser,
  overrides: Partial<CreateLocationInput> = {},
): Promise<{ id: string; body: Record<string, unknown> }> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/locations',
    headers: user.headers,
    payload: makeLocationInput(overrides),
  });
  if (response.statusCode !== 201) throw new Error(`add failed: ${response.statusCode} ${response.body}`);
  const body = response.json<{ location: { id: string } }>();
  return { id: body.location.id, body };
}
