import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { rememberedMapViewFrom, rememberedPositionFrom } from './device-memory.ts';
import { rememberedMapViewSchema, rememberedPositionSchema } from './schemas/device-memory.ts';

const anyNumber = fc.oneof(fc.double(), fc.integer({ min: -400, max: 400 }), fc.constant(Number.NaN));
const readAt = fc.oneof(
  fc
    .date({ min: new Date('1970-01-01'), max: new Date('2100-01-01'), noInvalidDate: true })
    .map((d) => d.toISOString()),
  fc.constantFrom(
    '2026-05-01T10:00:00+12:00',
    '2026-05-01T10:00Z',
    '2026-05-01T10:00:00',
    '2026-02-30T10:00:00Z',
    '2024-02-29T10:00:00Z',
    'yesterday',
    '',
  ),
  fc.string(),
);

describe('device memory read without zod', () => {
  it('accepts exactly the positions the schema accepts', () => {
    fc.assert(
      fc.property(
        fc.record({
          lat: anyNumber,
          lng: anyNumber,
          source: fc.constantFrom('device', 'manual', 'gps', 1),
          accuracyM: fc.oneof(fc.constant(null), anyNumber),
          readAt,
        }),
        (value) => {
          const parsed = rememberedPositionSchema.safeParse(value);
          expect(rememberedPositionFrom(value)).toEqual(parsed.success ? parsed.data : null);
        },
      ),
    );
  });

  it('accepts exactly the map views the schema accepts', () => {
    fc.assert(
      fc.property(fc.record({ lat: anyNumber, lng: anyNumber, zoom: anyNumber }), (value) => {
        const parsed = rememberedMapViewSchema.safeParse(value);
        expect(rememberedMapViewFrom(value)).toEqual(parsed.success ? parsed.data : null);
      }),
    );
  });

  it.each([null, 'text', 3, [], { lat: 1 }])('refuses %j', (value) => {
    expect(rememberedPositionFrom(value)).toBeNull();
    expect(rememberedMapViewFrom(value)).toBeNull();
  });
});
