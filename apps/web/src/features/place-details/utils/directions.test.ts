import { describe, expect, it } from 'vitest';
import { directionsUrl, formatCoordinates } from './directions.ts';

const park = { latitude: -36.848461, longitude: 174.763336, name: 'Albert Park & Swings' };

describe('directionsUrl', () => {
  it('opens Apple Maps on iOS', () => {
    expect(directionsUrl(park, 'ios')).toBe(
      'https://maps.apple.com/?daddr=-36.848461,174.763336&q=Albert%20Park%20%26%20Swings',
    );
  });
  it('uses the geo: intent on Android so the chosen maps app opens', () => {
    expect(directionsUrl(park, 'android')).toBe(
      'geo:-36.848461,174.763336?q=-36.848461,174.763336(Albert%20Park%20%26%20Swings)',
    );
  });
  it('opens Google Maps directions elsewhere', () => {
    expect(directionsUrl(park, null)).toBe(
      'https://www.google.com/maps/dir/?api=1&destination=-36.848461,174.763336',
    );
  });
});

describe('formatCoordinates', () => {
  it('shows five decimals', () => {
    expect(formatCoordinates(-36.848461, 174.763336)).toBe('-36.84846, 174.76334');
  });
});
