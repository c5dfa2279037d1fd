import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { EQUIPMENT } from './conditions.ts';
import {
  defectMailSubject,
  defectMailText,
  georeportRequestFields,
  mapLinkOf,
  publicTimeText,
  type DefectMessage,
} from './defect-message.ts';
import {
  contradictsFix,
  decideDefect,
  FIX_CONTRADICTION_HOURS,
  isDefectConfirmed,
  type DefectBacker,
  type DefectDecision,
  type DefectSituation,
} from './defects.ts';
import { areaImportRequestSchema, areaOfFeature, areaRequestSchema } from './schemas/areas.ts';
import { MS_PER_HOUR, MS_PER_MINUTE } from './time.ts';

const now = new Date('2026-11-24T10:00:00Z');
const plain: DefectBacker = { verified: false, withPhoto: false };
const visitor: DefectBacker = { verified: true, withPhoto: false };
const withPhoto: DefectBacker = { verified: false, withPhoto: true };
const visitorWithPhoto: DefectBacker = { verified: true, withPhoto: true };

const situation = (overrides: Partial<DefectSituation>): DefectSituation => ({
  inArea: true,
  openDefect: false,
  lastFixedAt: null,
  backers: [plain],
  now,
  ...overrides,
});

describe('when a broken report is sent (core decideDefect)', () => {
  it.each<[string, Partial<DefectSituation>, DefectDecision]>([
    ['one parent, no photo: waits for a second', { backers: [visitor] }, 'wait'],
    ['one parent with a photo but no visit: waits', { backers: [withPhoto] }, 'wait'],
    ['one visit-verified parent with a photo: sent', { backers: [visitorWithPhoto] }, 'send'],
    ['a second parent: sent', { backers: [plain, plain] }, 'send'],
    ['five parents: sent', { backers: [plain, visitor, plain, withPhoto, plain] }, 'send'],
    ['no parent left (an account deleted): waits', { backers: [] }, 'wait'],
    [
      'outside every area: nothing (today’s behaviour)',
      { inArea: false, backers: [plain, plain] },
      'no_area',
    ],
    ['already sent and open: not again', { openDefect: true, backers: [plain, plain] }, 'already_open'],
    [
      'fixed an hour ago and reported again: reopened',
      { lastFixedAt: new Date(now.getTime() - MS_PER_HOUR), backers: [plain] },
      'reopen',
    ],
    [
      'fixed 47 h 59 min ago: still reopened',
      { lastFixedAt: new Date(now.getTime() - 48 * MS_PER_HOUR + MS_PER_MINUTE), backers: [plain] },
      'reopen',
    ],
    [
      'fixed 48 h ago: a new defect, once confirmed',
      { lastFixedAt: new Date(now.getTime() - 48 * MS_PER_HOUR), backers: [plain] },
      'wait',
    ],
    [
      'fixed a week ago, two parents: a new defect is sent',
      { lastFixedAt: new Date(now.getTime() - 7 * 24 * MS_PER_HOUR), backers: [plain, plain] },
      'send',
    ],
  ])('%s', (_name, overrides, expected) => {
    expect(decideDefect(situation(overrides))).toBe(expected);
  });

  const backers = fc.array(fc.record({ verified: fc.boolean(), withPhoto: fc.boolean() }), { maxLength: 8 });

  it('sends exactly when two parents or one visitor with a photo back it (property)', () => {
    fc.assert(
      fc.property(backers, (list) => {
        const expected = list.length >= 2 || list.some((backer) => backer.verified && backer.withPhoto);
        expect(isDefectConfirmed(list)).toBe(expected);
        expect(decideDefect(situation({ backers: list }))).toBe(expected ? 'send' : 'wait');
      }),
    );
  });

  it('never sends twice for an open defect, nor outside an area, whatever the parents (property)', () => {
    fc.assert(
      fc.property(
        backers,
        fc.boolean(),
        fc.option(fc.integer({ min: 0, max: 400 })),
        (list, inArea, fixedHoursAgo) => {
          const lastFixedAt =
            fixedHoursAgo === null ? null : new Date(now.getTime() - fixedHoursAgo * MS_PER_HOUR);
          const open = decideDefect(situation({ backers: list, inArea, openDefect: true, lastFixedAt }));
          expect(open).toBe(inArea ? 'already_open' : 'no_area');
        },
      ),
    );
  });

  it('a confirmation only adds parents: once sent for a list, it is sent for any longer list (property)', () => {
    fc.assert(
      fc.property(backers, backers, (first, more) => {
        if (isDefectConfirmed(first)) expect(isDefectConfirmed([...first, ...more])).toBe(true);
      }),
    );
  });

  it('a report contradicts a fix for 48 hours after it, never before it', () => {
    fc.assert(
      fc.property(fc.integer({ min: -100 * MS_PER_HOUR, max: 100 * MS_PER_HOUR }), (after) => {
        const fixedAt = now;
        const reportedAt = new Date(now.getTime() + after);
        expect(contradictsFix(fixedAt, reportedAt)).toBe(
          after >= 0 && after < FIX_CONTRADICTION_HOURS * MS_PER_HOUR,
        );
      }),
    );
  });
});

const message: DefectMessage = {
  defectId: '00000000-0000-4000-8000-000000000001',
  areaName: 'Stadt Lübeck, Grünflächenamt',
  placeName: 'Spielplatz Drehbrückenplatz',
  placeUrl: 'https://playspot.example/locations/abc',
  position: { lat: 53.8667891234, lng: 10.6866 },
  equipment: 'climbing_frame',
  firstReportedAt: new Date('2026-11-24T09:03:59Z'),
  lastConfirmedAt: new Date('2026-11-24T09:47:12Z'),
  parents: 2,
  photoUrls: ['https://playspot.example/files/a.webp', 'https://playspot.example/files/b.webp'],
  reopened: false,
};

describe('the message a maintainer receives', () => {
  it('says the place, position with a map link, equipment, times to 5 minutes and photo links', () => {
    const text = defectMailText(message);
    expect(text).toContain('Place: Spielplatz Drehbrückenplatz');
    expect(text).toContain('Position: 53.866789, 10.686600');
    expect(text).toContain(`Map: ${mapLinkOf(message.position)}`);
    expect(text).toContain('Equipment: climbing frame');
    expect(text).toContain('First reported: 2026-11-24 09:00 UTC');
    expect(text).toContain('Last confirmed: 2026-11-24 09:45 UTC');
    expect(text).toContain('reported broken by 2 parents');
    expect(text).toContain(
      '  https://playspot.example/files/a.webp\n  https://playspot.example/files/b.webp',
    );
    expect(text).toContain(`Reference: ${message.defectId}`);
    expect(mapLinkOf(message.position)).toBe(
      'https://www.openstreetmap.org/?mlat=53.866789&mlon=10.686600#map=19/53.866789/10.686600',
    );
    expect(defectMailSubject(message)).toBe(
      'Broken climbing frame at Spielplatz Drehbrückenplatz (PlaySpot)',
    );
  });

  it('says a reopened defect is broken again', () => {
    const again = { ...message, reopened: true };
    expect(defectMailSubject(again)).toBe(
      'Broken again: climbing frame at Spielplatz Drehbrückenplatz (PlaySpot)',
    );
    expect(defectMailText(again)).toContain(
      'It was marked fixed, and parents at the place report it broken again',
    );
  });

  it('keeps a place name from breaking the subject into headers', () => {
    const subject = defectMailSubject({ ...message, placeName: 'Park\r\nBcc: someone@example.com' });
    expect(subject).not.toMatch(/[\r\n]/);
  });

  it('says "Photos: none" without photos and "1 parent" for one', () => {
    const text = defectMailText({ ...message, photoUrls: [], parents: 1 });
    expect(text).toContain('Photos: none');
    expect(text).toContain('reported broken by 1 parent at');
  });

  it('public times never show the minute a parent was there (property)', () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date('2020-01-01'), max: new Date('2040-01-01'), noInvalidDate: true }),
        (at) => {
          const minute = Number(publicTimeText(at).slice(14, 16));
          expect(minute % 5).toBe(0);
        },
      ),
    );
  });

  it('GeoReport fields: service code, position, description, one photo, and nothing about a parent', () => {
    const fields = georeportRequestFields(message, { serviceCode: 'playground', apiKey: 'key-1' });
    expect(fields).toMatchObject({
      api_key: 'key-1',
      service_code: 'playground',
      lat: '53.866789',
      long: '10.686600',
      media_url: 'https://playspot.example/files/a.webp',
    });
    expect(fields.description).toContain('Spielplatz Drehbrückenplatz');
    for (const personal of ['email', 'first_name', 'last_name', 'phone', 'device_id', 'account_id'])
      expect(fields).not.toHaveProperty(personal);
    expect(
      georeportRequestFields({ ...message, photoUrls: [] }, { serviceCode: 'x', apiKey: null }),
    ).not.toHaveProperty('media_url');
  });

  it('every equipment has words', () => {
    for (const equipment of EQUIPMENT)
      expect(defectMailSubject({ ...message, equipment })).not.toContain('_');
  });
});

const square = {
  type: 'Polygon' as const,
  coordinates: [
    [
      [10.6, 53.8],
      [10.8, 53.8],
      [10.8, 53.9],
      [10.6, 53.9],
      [10.6, 53.8],
    ],
  ],
};

describe('area requests', () => {
  it('takes a polygon with an e-mail or an Open311 endpoint, and refuses one with neither', () => {
    expect(
      areaRequestSchema.safeParse({ name: 'Lübeck', email: 'parks@luebeck.example', boundary: square })
        .success,
    ).toBe(true);
    expect(
      areaRequestSchema.safeParse({
        name: 'Lübeck',
        open311: { endpoint: 'https://open311.example/v2', serviceCode: 'playground' },
        boundary: square,
      }).success,
    ).toBe(true);
    expect(areaRequestSchema.safeParse({ name: 'Lübeck', boundary: square }).success).toBe(false);
  });

  it.each([
    [
      'an open ring',
      {
        type: 'Polygon',
        coordinates: [
          [
            [0, 0],
            [1, 0],
            [1, 1],
            [0, 1],
          ],
        ],
      },
    ],
    ['a point', { type: 'Point', coordinates: [0, 0] }],
    [
      'a latitude past 90',
      {
        type: 'Polygon',
        coordinates: [
          [
            [0, 0],
            [1, 95],
            [1, 1],
            [0, 0],
          ],
        ],
      },
    ],
    ['an unknown member', { ...square, crs: 'x' }],
  ])('refuses %s', (_name, boundary) => {
    expect(areaRequestSchema.safeParse({ name: 'x', email: 'a@b.example', boundary }).success).toBe(false);
  });

  it('reads an imported feature, and says why one cannot be an area', () => {
    const file = areaImportRequestSchema.parse({
      type: 'FeatureCollection',
      features: [
        {
          type: 'Feature',
          geometry: square,
          properties: {
            name: 'Lübeck',
            open311_endpoint: 'https://o.example/v2',
            open311_service_code: 'p',
            fid: 7,
          },
        },
        { type: 'Feature', geometry: square, properties: { name: 'Nowhere' } },
      ],
    });
    const [first, second] = file.features;
    if (!first || !second) throw new Error('two features');
    expect(areaOfFeature(first)).toEqual({
      ok: true,
      area: {
        name: 'Lübeck',
        boundary: square,
        open311: { endpoint: 'https://o.example/v2', serviceCode: 'p' },
      },
    });
    expect(areaOfFeature(second)).toEqual({
      ok: false,
      message: 'Nowhere: an area needs an email or an open311_endpoint',
    });
  });
});
