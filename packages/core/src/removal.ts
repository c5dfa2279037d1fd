/**
 * Removal requests (spec §3, §4): a user asks for a place, or their own account, to be
 * removed. The request names the literal location id 'account-deletion' for an account.
 */
import {
  ACCOUNT_DELETION_PLACE_ID,
  INITIAL_REMOVAL_REQUEST_STATUS,
  type RemovalRequestStatus,
  type RemovalRequestType,
} from './constants.ts';

/** 'account' for the literal 'account-deletion', otherwise 'location'. */
export function removalRequestType(locationId: string): RemovalRequestType {
  return locationId === ACCOUNT_DELETION_PLACE_ID ? 'account' : 'location';
}

/** Status of a newly created request. */
export function initialRemovalRequestStatus(): RemovalRequestStatus {
  return INITIAL_REMOVAL_REQUEST_STATUS;
}
