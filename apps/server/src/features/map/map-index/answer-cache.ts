/**
 * Viewport answers' bytes by map state (the answer's ETag: the index version and the minute)
 * and URL. The web app snaps its boxes to a grid (apps/web map/utils/viewport.ts), so parents
 * looking at the same part of town ask the same URLs: the second asks nothing of the index.
 * Answers of an older state are never asked for again and are the first to go: the least
 * recently used leave when the cache holds more than its bytes. What a CDN in front does
 * (answers carry s-maxage), for a server that has none.
 */
export interface AnswerCacheStats {
  entries: number;
  bytes: number;
  hits: number;
  misses: number;
}

export class MapAnswerCache {
  private readonly answers = new Map<string, Buffer>();
  private bytes = 0;
  private hits = 0;
  private misses = 0;
  private readonly maxBytes: number;

  constructor(maxBytes: number) {
    this.maxBytes = maxBytes;
  }

  /** The answer to `url` in map state `state`, if kept. */
  get(state: string, url: string): Buffer | undefined {
    const key = `${state} ${url}`;
    const answer = this.answers.get(key);
    if (answer === undefined) {
      this.misses++;
      return undefined;
    }
    this.hits++;
    // A Map keeps insertion order: moved to the end, the first entry is the least recent.
    this.answers.delete(key);
    this.answers.set(key, answer);
    return answer;
  }

  /** Keeps the answer to `url` made in map state `state`. */
  set(state: string, url: string, answer: Buffer): void {
    const key = `${state} ${url}`;
    if (answer.length > this.maxBytes / 4 || this.answers.has(key)) return;
    this.answers.set(key, answer);
    this.bytes += answer.length;
    for (const [oldest, dropped] of this.answers) {
      if (this.bytes <= this.maxBytes) break;
      this.answers.delete(oldest);
      this.bytes -= dropped.length;
    }
  }

  /** Forgets every answer (their index was replaced). */
  clear(): void {
    this.answers.clear();
    this.bytes = 0;
  }

  stats(): AnswerCacheStats {
    return { entries: this.answers.size, bytes: this.bytes, hits: this.hits, misses: this.misses };
  }
}
