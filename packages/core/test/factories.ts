/**
 * Test data with overrides: makePlace({ indoor: true }). Shared with the other workspaces'
 * tests as '@playspot/core/testing', so a new field of Place is added in one place.
 */
import type { Place } from '../src/schemas/place.ts';

export function makePlace(overrides: Partial<Place> = {}): Place {
  return {
    id: '3f1c1f0e-8a53-4c55-9a39-8d1d2f0c6b11',
    name: 'Auckland Domain Playground',
    latitude: -36.8597,
    longitude: 174.7752,
    tags: ['shade'],
    tagVotes: { shade: { up: 1, down: 0 } },
    searchKeywords: ['auckland', 'domain', 'playground'],
    createdAt: '2026-01-01T00:00:00.000Z',
    lastUpdatedAt: '2026-01-01T00:00:00.000Z',
    createdByUserName: 'batch',
    officialWebsite: null,
    description: null,
    votes: { up: 0, down: 0 },
    myVote: null,
    myTagVotes: {},
    verifiedUpVotes: { place: 0, tags: {} },
    canEdit: false,
    imageUrls: [],
    imageMetaData: [],
    visitCount: 0,
    lastVisitedAt: null,
    myLastVisitAt: null,
    ageRanges: ['2-5', '5-12'],
    indoor: false,
    free: true,
    commentCount: 0,
    source: null,
    licence: null,
    attribution: null,
    ...overrides,
  };
}
