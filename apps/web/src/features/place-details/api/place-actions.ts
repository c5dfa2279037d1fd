/**
 * The writes of the place page: votes, tag votes, visits, comments and removal requests.
 * Each answer is checked against its @playspot/core schema.
 */
import {
  type CommentWriteResult,
  type Comment,
  type RemovalRequest,
  type TagVoteResponse,
  type VisitRequest,
  type VisitResult,
  type VoteResult,
  type VoteValue,
} from '@playspot/core';
import { apiRequest, checkedBy } from '../../../lib/api-client.ts';

const placePath = (locationId: string) => `/api/locations/${encodeURIComponent(locationId)}`;
const commentPath = (locationId: string, commentId: string) =>
  `${placePath(locationId)}/comments/${encodeURIComponent(commentId)}`;

export function voteOnPlace(locationId: string, vote: VoteValue): Promise<VoteResult> {
  return apiRequest(`${placePath(locationId)}/vote`, {
    method: 'PUT',
    body: { vote },
    lazySchema: checkedBy('voteResultSchema'),
  });
}

export function voteOnTag(locationId: string, tag: string, vote: VoteValue): Promise<TagVoteResponse> {
  return apiRequest(`${placePath(locationId)}/tag-votes`, {
    method: 'PUT',
    body: { tag, vote },
    lazySchema: checkedBy('tagVoteResponseSchema'),
  });
}

/** 'I was here' with the device's reading, which the server checks against the place (and forgets). */
export function logVisit(locationId: string, reading: VisitRequest): Promise<VisitResult> {
  return apiRequest(`${placePath(locationId)}/visits`, {
    method: 'POST',
    body: reading,
    lazySchema: checkedBy('visitResultSchema'),
  });
}

export function addComment(locationId: string, text: string): Promise<CommentWriteResult> {
  return apiRequest(`${placePath(locationId)}/comments`, {
    method: 'POST',
    body: { text },
    lazySchema: checkedBy('commentWriteResultSchema'),
  });
}

export function editComment(locationId: string, commentId: string, text: string): Promise<Comment> {
  return apiRequest(commentPath(locationId, commentId), {
    method: 'PATCH',
    body: { text },
    lazySchema: checkedBy('commentSchema'),
  });
}

export function deleteComment(locationId: string, commentId: string) {
  return apiRequest(commentPath(locationId, commentId), {
    method: 'DELETE',
    lazySchema: checkedBy('deletedResultSchema'),
  });
}

// The web app reaches zod only through @playspot/core's schemas, so the wrapper is checked by hand.
async function removalRequestResultSchema() {
  const removalRequestSchema = await checkedBy('removalRequestSchema')();
  return {
    parse(data: unknown): { removalRequest: RemovalRequest } {
      const body = typeof data === 'object' && data !== null ? (data as { removalRequest?: unknown }) : {};
      return { removalRequest: removalRequestSchema.parse(body.removalRequest) };
    },
  };
}

export async function requestRemoval(locationId: string, reason: string): Promise<RemovalRequest> {
  const result = await apiRequest('/api/removal-requests', {
    method: 'POST',
    body: { locationId, reason },
    lazySchema: removalRequestResultSchema,
  });
  return result.removalRequest;
}
