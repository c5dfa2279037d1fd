import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { embedIframeHtml, embedPathOf, embedPlaceIds, embedSize, embedTargetOf } from './embed.ts';

const ORIGIN = 'https://playspot.example';
const LANGUAGES = ['en', 'de', 'fr'];
const ID = '3f1c1f0e-8a53-4c55-9a39-8d1d2f0c6b11';

describe('embedTargetOf', () => {
  it.each([
    [`${ORIGIN}/locations/${ID}`, `/embed?ids=${ID}`],
    [`${ORIGIN}/locations/${ID.toUpperCase()}/?lang=de`, `/embed?ids=${ID}&lang=de`],
    [`${ORIGIN}/MapView`, '/embed'],
    [`${ORIGIN}/MapView?lat=53.8655&lng=10.6866`, '/embed?lat=53.865500&lng=10.686600&radius=1'],
    [
      `${ORIGIN}/MapView?lat=53.8655&lng=10.6866&radius=5&lang=fr`,
      '/embed?lat=53.865500&lng=10.686600&radius=5&lang=fr',
    ],
    [`${ORIGIN}/mapview?lat=91&lng=0&lang=xx`, '/embed'],
  ])('%s → %s', (url, path) => {
    const target = embedTargetOf(url, ORIGIN, LANGUAGES);
    expect(target).not.toBeNull();
    if (target) expect(embedPathOf(target)).toBe(path);
  });

  it.each([
    `https://elsewhere.example/locations/${ID}`,
    `${ORIGIN}/locations/new`,
    `${ORIGIN}/profile`,
    `${ORIGIN}/locations/${ID}/edit`,
    'not a url',
    'javascript:alert(1)',
  ])('%s cannot be embedded', (url) => {
    expect(embedTargetOf(url, ORIGIN, LANGUAGES)).toBeNull();
  });
});

describe('embed frames', () => {
  it('sizes stay within bounds', () => {
    expect(embedSize(undefined, undefined)).toEqual({ width: 600, height: 450 });
    expect(embedSize(100, 10_000)).toEqual({ width: 240, height: 1200 });
    fc.assert(
      fc.property(
        fc.option(fc.integer(), { nil: undefined }),
        fc.option(fc.integer(), { nil: undefined }),
        (w, h) => {
          const size = embedSize(w, h);
          expect(size.width).toBeGreaterThanOrEqual(240);
          expect(size.width).toBeLessThanOrEqual(1600);
          expect(size.height).toBeGreaterThanOrEqual(240);
          expect(size.height).toBeLessThanOrEqual(1200);
        },
      ),
    );
  });

  it('the iframe escapes what it is given', () => {
    const html = embedIframeHtml('/embed?a=1&b="2"', "Tom's <map>", { width: 600, height: 450 }, true);
    expect(html).toContain('src="/embed?a=1&amp;b=&quot;2&quot;"');
    expect(html).toContain('title="Tom&#39;s &lt;map&gt;"');
    expect(html).toContain('style="width:100%;max-width:600px;height:450px;border:0"');
  });

  it('ids: valid, each once, at most 50', () => {
    expect(embedPlaceIds(`${ID}, ${ID.toUpperCase()},nope,`)).toEqual([ID]);
    const many = Array.from({ length: 60 }, (_, i) => `${ID.slice(0, -2)}${String(i).padStart(2, '0')}`);
    expect(embedPlaceIds(many.join(','))).toHaveLength(50);
    expect(embedPlaceIds(null)).toEqual([]);
  });
});
