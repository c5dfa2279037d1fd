import { MANUAL_LOCATION_ACCURACY_RADIUS_M, ACCURACY_CIRCLE_RADIUS_M, USER_MESSAGES } from '@playspot/core';
import { describe, expect, it } from 'vitest';
import { messageForPositionFailure } from './position-messages.ts';
import { accuracyCircleRadiusM } from './user-position.ts';

describe('messageForPositionFailure', () => {
  it('maps every failure to its spec §8 message', () => {
    expect(messageForPositionFailure('permission-denied', false)).toBe(
      'Location permission denied. Please enable location in your browser settings.',
    );
    expect(messageForPositionFailure('permission-denied', true)).toBe(
      'Location permission denied. Please enable location in your device settings.',
    );
    expect(messageForPositionFailure('position-unavailable', false)).toBe(
      USER_MESSAGES.locationServicesError,
    );
    expect(messageForPositionFailure('timeout', true)).toBe(USER_MESSAGES.locationServicesError);
    expect(messageForPositionFailure('unsupported', false)).toBe('Error accessing location services.');
    expect(messageForPositionFailure('unexpected', false)).toBe(USER_MESSAGES.locationAccessError);
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
