import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  commentImagePath,
  dealImagePath,
  dealLogoPath,
  placeImagePath,
  sanitizeFilename,
} from './storage-paths.ts';

const segmenter = new Intl.Segmenter('en', { granularity: 'grapheme' });
const id = '3f1c1f0e-8a53-4c55-9a39-8d1d2f0c6b11';

describe('storage paths', () => {
  it('follow the spec layout', () => {
    expect(placeImagePath(id, 'slide.jpg')).toBe(`locations/${id}/slide.jpg`);
    expect(commentImagePath(id, 'c1', 'slide.jpg')).toBe(`locations/${id}/comments/c1/slide.jpg`);
    expect(dealImagePath('d1', 'banner.png')).toBe('deals/d1/banner.png');
    expect(dealLogoPath('d1', 'brand.png')).toBe('deals/d1/logo_brand.png');
  });

  it.each(['', '..', 'a/b', 'a\\b', 'x'.repeat(129), 'ünï'])('refuse the id %j', (bad) => {
    expect(() => placeImagePath(bad, 'a.jpg')).toThrow(RangeError);
    expect(() => commentImagePath(id, bad, 'a.jpg')).toThrow(RangeError);
    expect(() => dealImagePath(bad, 'a.jpg')).toThrow(RangeError);
    expect(() => dealLogoPath(bad, 'a.jpg')).toThrow(RangeError);
  });
});

describe('sanitizeFilename', () => {
  it.each([
    ['photo.jpg', 'photo.jpg'],
    ['../../etc/passwd', 'passwd'],
    ['C:\\fakepath\\swing.png', 'swing.png'],
    ['..', 'file'],
    ['', 'file'],
    ['.hidden', 'hidden'],
    ['name..jpg', 'name.jpg'],
    ['my photo (1).jpg', 'my_photo_(1).jpg'],
    ['tab\tand\u0000nul.jpg', 'tabandnul.jpg'],
    ['Ōrākei.jpg', 'Ōrākei.jpg'],
    ['a<b>c|d?.png', 'a_b_c_d_.png'],
    ['trailing.', 'trailing'],
  ])('%j → %j', (input, output) => {
    expect(sanitizeFilename(input)).toBe(output);
  });

  it('shortens long names but keeps the extension', () => {
    const result = sanitizeFilename(`${'a'.repeat(300)}.jpeg`);
    expect(result.length).toBe(120);
    expect(result.endsWith('.jpeg')).toBe(true);
  });

  it('never yields a path separator, "..", a control character, a leading dot or an empty name', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 200 }), (input) => {
        const name = sanitizeFilename(input);
        expect(name).not.toMatch(/[/\\]/u);
        expect(name).not.toContain('..');
        expect(name).not.toMatch(/\p{Cc}/u);
        expect(name.startsWith('.')).toBe(false);
        expect(name.length).toBeGreaterThan(0);
        expect([...segmenter.segment(name)].length).toBeLessThanOrEqual(120);
        expect(placeImagePath(id, input).split('/')).toHaveLength(3);
      }),
    );
  });
});
