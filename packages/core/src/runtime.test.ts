import { describe, expect, it } from 'vitest';

describe('runtime', () => {
  it('runs on Node.js 24 (the pinned `node` devDependency)', () => {
    console.log(`Node.js ${process.versions.node}`);
    expect(process.versions.node.startsWith('24.')).toBe(true);
  });
});
