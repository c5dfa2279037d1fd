/**
 * Tags and tag votes (spec §3, §4). Every tag of a place has its own up/down counts;
 * a user votes on each tag independently, and repeating a tag vote withdraws it.
 */
import { MAX_TAGS, TAG_MAX_LENGTH, TAG_MIN_LENGTH } from './constants.ts';
import { adjustVoteCount, type VoteCounts, type VoteValue } from './votes.ts';
import { assertNonNegativeInteger } from './assert.ts';

export interface TagVoteResult {
  readonly counts: VoteCounts;
  /** The user's vote on the tag afterwards; null when the vote was withdrawn. */
  readonly vote: VoteValue | null;
}

/**
 * Applies a user's vote on one tag.
 * - Repeating the same vote withdraws it (its count minus one, the voter removed).
 * - A different vote removes the old one, then adds the new one.
 * - A first vote adds one.
 * Counts never go below zero.
 */
export function applyTagVote(counts: VoteCounts, previous: VoteValue | null, next: VoteValue): TagVoteResult {
  assertNonNegativeInteger(counts.up, 'up count');
  assertNonNegativeInteger(counts.down, 'down count');
  if (previous === next) return { counts: adjustVoteCount(counts, next, -1), vote: null };
  const withoutOld = previous === null ? counts : adjustVoteCount(counts, previous, -1);
  return { counts: adjustVoteCount(withoutOld, next, 1), vote: next };
}

/** One tag's votes with who cast them (user id → vote), the spec's document form. */
export interface TagVoteState extends VoteCounts {
  readonly voters: Readonly<Record<string, VoteValue>>;
}

/**
 * The tag votes of a new place, and of an edited one (editing resets them): each tag
 * starts with one up vote, cast by the creator (or editor). Tags are normalised first.
 */
export function initialTagVotes(
  tags: readonly string[],
  creatorUserId: string,
): Record<string, TagVoteState> {
  const result: Record<string, TagVoteState> = {};
  for (const tag of normalizeTags(tags).tags) {
    result[tag] = { up: 1, down: 0, voters: { [creatorUserId]: 'up' } };
  }
  return result;
}

export type TagIssueCode = 'tag_empty' | 'tag_too_long' | 'too_many_tags';

export interface TagIssue {
  readonly code: TagIssueCode;
  readonly message: string;
  /** Index in the input list, for issues about one tag. */
  readonly index?: number;
}

export interface NormalizedTags {
  /** Trimmed, inner whitespace collapsed, duplicates (ignoring case) removed, first spelling kept. */
  readonly tags: string[];
  /** Empty when the input is acceptable. */
  readonly issues: TagIssue[];
}

/** Trims a tag and collapses runs of whitespace to one space. */
export function normalizeTag(tag: string): string {
  return tag.normalize('NFC').trim().replace(/\s+/gu, ' ');
}

/** Case-insensitive identity of a tag, for duplicate detection and lookups. */
export function tagKey(tag: string): string {
  return normalizeTag(tag).toLowerCase();
}

/**
 * Normalises a list of tags and reports what is wrong with it: a blank tag, a tag longer
 * than the limit, or more distinct tags than allowed. The normalised list leaves out blank
 * and over-long tags, so callers that want to be lenient can use it as it is.
 */
export function normalizeTags(raw: readonly string[]): NormalizedTags {
  const tags: string[] = [];
  const issues: TagIssue[] = [];
  const seen = new Set<string>();
  raw.forEach((value, index) => {
    const tag = normalizeTag(value);
    if (tag.length < TAG_MIN_LENGTH) {
      issues.push({ code: 'tag_empty', message: 'A tag cannot be empty.', index });
      return;
    }
    if (tag.length > TAG_MAX_LENGTH) {
      issues.push({
        code: 'tag_too_long',
        message: `A tag can be at most ${TAG_MAX_LENGTH} characters.`,
        index,
      });
      return;
    }
    const key = tag.toLowerCase();
    if (seen.has(key)) return;
    seen.add(key);
    tags.push(tag);
  });
  if (tags.length > MAX_TAGS) {
    issues.push({ code: 'too_many_tags', message: `A location can have at most ${MAX_TAGS} tags.` });
  }
  return { tags, issues };
}
