/**
 * oEmbed 1.0 (oembed.com, issue 47): `GET /api/oembed?url=…` for a place page or a map view.
 * Parameter names are the specification's (`maxwidth`, `maxheight`, `format`), not camelCase.
 */
import { z } from 'zod';
import { fromQuery } from './common.ts';

export const oembedQuerySchema = z.strictObject({
  url: z.string().trim().min(1).max(2048),
  maxwidth: fromQuery(z.coerce.number().int().min(1).max(100_000).optional()),
  maxheight: fromQuery(z.coerce.number().int().min(1).max(100_000).optional()),
  /** oEmbed's formats; only JSON is answered (XML: 501, as the specification says). */
  format: z.enum(['json', 'xml']).optional(),
});
export type OembedQuery = z.infer<typeof oembedQuerySchema>;

/** A `rich` oEmbed answer: the HTML is an `<iframe>` of PlaySpot's /embed. */
export const oembedResponseSchema = z.object({
  type: z.literal('rich'),
  version: z.literal('1.0'),
  title: z.string(),
  provider_name: z.string(),
  provider_url: z.string(),
  html: z.string(),
  width: z.int().min(1),
  height: z.int().min(1),
  /** Seconds a consumer may keep this answer. */
  cache_age: z.int().min(0),
  thumbnail_url: z.string().optional(),
  thumbnail_width: z.int().min(1).optional(),
  thumbnail_height: z.int().min(1).optional(),
});
export type OembedResponse = z.infer<typeof oembedResponseSchema>;
