import { MANUAL_LOCATION_ACCURACY_RADIUS_M, ACCURACY_CIRCLE_RADIUS_M, USER_MESSAGES } from '@playspot/core';
import { describe, expect, it } from 'vitest';
import { messageForLocationFailure } from './location-messages.ts';
import { accuracyCircleRadiusM } from './user-position.ts';

describe('messageForLocationFailure', () => {
  it('maps every failure to its spec §8 message', () => {
    expect(messageForLocationFailure('permission-denied', false)).toBe(
      'Location permission denied. Please enable location in your browser settings.',
    );
    expect(messageForLocationFailure('permission-denied', true)).toBe(
      'Location permission denied. Please enable location in your device settings.',
    );
    expect(messageForLocationFailure('position-unavailable', false)).toBe(
      USER_MESSAGES.locationServicesError,
    );
    expect(messageForLocationFailure('timeout', true)).toBe(USER_MESSAGES.locationServicesError);
    expect(messageForLocationFailure('unsupported', false)).toBe('Error accessing location services.');
    expect(messageForLocationFailure('unexpected', false)).toBe(USER_MESSAGES.locationAccessError);
  });
});

describe('accuracyCircleRadiusM', () => {
  it('is 50 m for a device reading and 100 m for a location set by hand', () => {
    expect(accuracyCircleRadiusM({ lat: 0, lng: 0, source: 'device' })).toBe(ACCURACY_CIRCLE_RADIUS_M);
    expect(accuracyCircleRadiusM({ lat: 0, lng: 0, source: 'manual' })).toBe(
      MANUAL_LOCATION_ACCURACY_RADIUS_M,
    );
    expect(ACCURACY_CIRCLE_RADIUS_M).toBe(50);
    expect(MANUAL_LOCATION_ACCURACY_RADIUS_M).toBe(100);
  });
});
