import { describe, expect, it } from 'vitest';
import { MapAnswerCache } from './answer-cache.ts';

const bytes = (size: number, fill = 1) => Buffer.alloc(size, fill);

describe('MapAnswerCache', () => {
  it('answers a URL only in the map state it was made in', () => {
    const cache = new MapAnswerCache(1000);
    cache.set('v1', '/a', bytes(10));
    expect(cache.get('v1', '/a')).toEqual(bytes(10));
    expect(cache.get('v2', '/a')).toBeUndefined();
    expect(cache.get('v1', '/b')).toBeUndefined();
    expect(cache.stats()).toEqual({ entries: 1, bytes: 10, hits: 1, misses: 2 });
  });

  it('lets the least recently used answers go when it holds more than its bytes', () => {
    const cache = new MapAnswerCache(100);
    for (const [i, url] of ['/a', '/b', '/c', '/d', '/e'].entries()) cache.set('v1', url, bytes(20, i));
    // /a is asked again: /b is now the least recent, and goes when /f does not fit.
    expect(cache.get('v1', '/a')).toBeDefined();
    cache.set('v1', '/f', bytes(20, 9));
    expect(cache.get('v1', '/b')).toBeUndefined();
    expect(cache.get('v1', '/a')).toEqual(bytes(20, 0));
    expect(cache.get('v1', '/f')).toEqual(bytes(20, 9));
    expect(cache.stats()).toMatchObject({ entries: 5, bytes: 100 });
  });

  it('keeps no answer larger than a quarter of its bytes, and never counts one twice', () => {
    const cache = new MapAnswerCache(100);
    cache.set('v1', '/huge', bytes(26));
    expect(cache.get('v1', '/huge')).toBeUndefined();
    cache.set('v1', '/a', bytes(20));
    cache.set('v1', '/a', bytes(20));
    expect(cache.stats()).toMatchObject({ entries: 1, bytes: 20 });
  });

  it('forgets every answer when told to (its index was replaced)', () => {
    const cache = new MapAnswerCache(100);
    cache.set('v1', '/a', bytes(20));
    cache.clear();
    expect(cache.get('v1', '/a')).toBeUndefined();
    expect(cache.stats()).toMatchObject({ entries: 0, bytes: 0 });
  });
});
