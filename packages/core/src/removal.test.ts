import { describe, expect, it } from 'vitest';
import { REMOVAL_REQUEST_STATUSES } from './constants.ts';
import { initialRemovalRequestStatus, removalRequestType } from './removal.ts';

describe('removal requests', () => {
  it.each([
    ['account-deletion', 'account'],
    ['3f1c1f0e-8a53-4c55-9a39-8d1d2f0c6b11', 'location'],
    ['Account-Deletion', 'location'],
    ['', 'location'],
  ])('locationId %j is a %s request', (locationId, type) => {
    expect(removalRequestType(locationId)).toBe(type);
  });

  it('start as pending, one of pending/approved/rejected', () => {
    expect(initialRemovalRequestStatus()).toBe('pending');
    expect(REMOVAL_REQUEST_STATUSES).toEqual(['pending', 'approved', 'rejected']);
  });
});
