/**
 * The `has` query filter on its own: the map's queries carry it, so it must not bring the
 * facts vocabulary and the facts API shapes (schemas/facts.ts) into the map's first download.
 */
import { z } from 'zod';
import { EQUIPMENT_KINDS, normalizeEquipmentKinds } from '../equipment-kinds.ts';
import { FACT_FILTERS, normalizeFactFilters } from '../fact-filters.ts';
import { fromQuery } from './common.ts';

/** `has=fenced,toilets`: fact filters, each once, in FACT_FILTERS order; unknown ones refused. */
export const factFiltersQuerySchema = fromQuery(
  z
    .string()
    .max(200)
    .transform((text) => text.split(',').map((part) => part.trim()))
    .pipe(z.array(z.enum(FACT_FILTERS, { message: `has takes ${FACT_FILTERS.join(', ')}` })))
    .transform((asked) => normalizeFactFilters(asked))
    .optional(),
);

/** `equipment=swing,slide`: kinds of play equipment that must all be there (issue 33), each once. */
export const equipmentQuerySchema = fromQuery(
  z
    .string()
    .max(400)
    .transform((text) => text.split(',').map((part) => part.trim()))
    .pipe(z.array(z.enum(EQUIPMENT_KINDS, { message: `equipment takes ${EQUIPMENT_KINDS.join(', ')}` })))
    .transform((asked) => normalizeEquipmentKinds(asked))
    .optional(),
);
