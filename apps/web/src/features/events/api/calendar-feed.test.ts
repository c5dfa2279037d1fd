import { describe, expect, it } from 'vitest';
import { placeFeedPath, subscriptionUrl } from './calendar-feed.ts';

describe('subscriptionUrl', () => {
  // URL's protocol setter cannot turn http(s) into webcal (it silently keeps http).
  it.each([
    ['https://playspot.example/events', 'webcal://playspot.example/api/locations/p1/events.ics'],
    ['http://127.0.0.1:3000/locations/p1', 'webcal://127.0.0.1:3000/api/locations/p1/events.ics'],
  ])('on %s subscribes with %s', (base, expected) => {
    expect(subscriptionUrl(placeFeedPath('p1'), base)).toBe(expected);
  });
});
