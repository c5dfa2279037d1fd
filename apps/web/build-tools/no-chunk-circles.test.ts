import { describe, expect, it } from 'vitest';
import { chunkCircles } from './no-chunk-circles.ts';

describe('chunkCircles', () => {
  it.each([
    [
      'none',
      [
        { fileName: 'a', imports: ['b'] },
        { fileName: 'b', imports: [] },
      ],
      [],
    ],
    [
      'two chunks',
      [
        { fileName: 'a', imports: ['b'] },
        { fileName: 'b', imports: ['a'] },
      ],
      [['a', 'b', 'a']],
    ],
    [
      'through a third',
      [
        { fileName: 'entry', imports: ['a'] },
        { fileName: 'a', imports: ['b'] },
        { fileName: 'b', imports: ['c'] },
        { fileName: 'c', imports: ['a'] },
      ],
      [['a', 'b', 'c', 'a']],
    ],
    [
      'a shared dependency is no circle',
      [
        { fileName: 'a', imports: ['c'] },
        { fileName: 'b', imports: ['c'] },
        { fileName: 'c', imports: [] },
      ],
      [],
    ],
  ])('%s', (_name, chunks, circles) => {
    expect(chunkCircles(chunks)).toEqual(circles);
  });
});
