import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isOsmPublicTileServer, isTileUrlTemplate, OSM_PUBLIC_TILE_URL } from './runtime-config.ts';

describe('tile URL templates', () => {
  it.each([
    [OSM_PUBLIC_TILE_URL, true],
    ['https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png', true],
    ['https://a.tile.openstreetmap.org/{z}/{x}/{y}.png', true],
    ['https://TILE.openstreetmap.org/{z}/{x}/{y}.png', true],
    ['https://tile.openstreetmap.de/{z}/{x}/{y}.png', false],
    ['https://tiles.example.org/tile.openstreetmap.org/{z}/{x}/{y}.png', false],
    ['https://tile.openstreetmap.org.example.net/{z}/{x}/{y}.png', false],
    ['/tiles/{z}/{x}/{y}.png', false],
  ])('%s is the public OpenStreetMap server: %s', (url, expected) => {
    expect(isOsmPublicTileServer(url)).toBe(expected);
  });

  it.each([
    ['https://tiles.example.org/{z}/{x}/{y}.png', true],
    ['https://tiles.example.org/{z}/{x}/{y}@2x.png?key=abc', true],
    ['/tiles/{z}/{x}/{y}.png', true],
    ['http://tiles.example.org/{z}/{x}/{y}.png', false],
    ['https://tiles.example.org/{z}/{x}.png', false],
    ['ftp://tiles/{z}/{x}/{y}', false],
    ['https:///{z}/{x}/{y}.png', false],
    ['https://tiles.example.org/{z}/{x}/{y} .png', false],
  ])('%s is a usable template: %s', (url, expected) => {
    expect(isTileUrlTemplate(url)).toBe(expected);
  });

  it('never takes another host for the public server', () => {
    fc.assert(
      fc.property(fc.domain(), (domain) => {
        fc.pre(!/(^|\.)tile\.openstreetmap\.org$/u.test(domain));
        expect(isOsmPublicTileServer(`https://${domain}/{z}/{x}/{y}.png`)).toBe(false);
      }),
    );
  });
});
