/**
 * Fact filters (core FACT_FILTER_RULES) as SQL over `locations`, shared by the map's SQL reads
 * and the map index's loads so both apply one rule (core factFilterHolds).
 */
import {
  EQUIPMENT_KINDS,
  equipmentFactKey,
  FACT_FILTER_RULES,
  FACT_FILTERS,
  TOILETS_NEARBY_M,
  type EquipmentKind,
  type FactFilter,
} from '@playspot/core';
import { sql, type SQL } from 'drizzle-orm';
import { amenities } from './schema.ts';

// Qualified by hand: drizzle writes a single table's columns unqualified, and inside the
// amenities subquery "position" would be the toilet's.
const placePosition = sql.raw('"locations"."position"');
const placeFacts = sql.raw('"locations"."facts"');

/** A public toilet within TOILETS_NEARBY_M of the place (on the sphere, like the trigger in 0018). */
export const toiletsNearbySql = sql<boolean>`exists (
  select 1 from ${amenities} toilet
  where toilet.kind = 'toilets'
    and ST_DWithin(toilet.position, ${placePosition}, ${sql.raw(String(TOILETS_NEARBY_M))}, false)
)`;

const factIs = (key: string, value: string) =>
  sql`(${placeFacts} ->> ${sql.raw(`'${key}'`)}) = ${sql.raw(`'${value}'`)}`;

/**
 * What a fact filter's rule asks of the place's own facts: its fact's value, or its kind of
 * equipment there (issue 49: the Baby swing filter reads the equipment answer).
 */
function ownFactsHold(filter: FactFilter): SQL {
  const rule = FACT_FILTER_RULES[filter];
  return 'equipment' in rule ? equipmentFilterSql(rule.equipment) : factIs(rule.fact, rule.is);
}

/** Whether a fact filter also counts a public toilet nearby. */
const countsToiletsNearby = (filter: FactFilter): boolean => {
  const rule = FACT_FILTER_RULES[filter];
  return 'orToiletsNearby' in rule && rule.orToiletsNearby === true;
};

/**
 * One fact filter as a condition, compiled from its core FACT_FILTER_RULES row (constants
 * only: no parameters, so plans can be prepared).
 */
export function factFilterSql(filter: FactFilter): SQL {
  const fact = ownFactsHold(filter);
  return countsToiletsNearby(filter) ? sql`(${fact} or ${toiletsNearbySql})` : fact;
}

/**
 * The checksum's factMaskSql, in two parts that sum to it over the table (map-index
 * checksum): the bits the places' own facts set, per place, and the bits only a toilet nearby
 * sets, counted from the toilets' side (a few amenities probing the places' index). Asked per
 * place, the toilet probe made the checksum take PostgreSQL 5–8 s of a core in every process
 * every minute on a million places, even with no amenities at all.
 */
export const factMaskOfFactsSql = sql<number>`(${sql.join(
  FACT_FILTERS.map(
    (filter, bit) => sql`(case when ${ownFactsHold(filter)} then ${sql.raw(String(1 << bit))} else 0 end)`,
  ),
  sql` + `,
)})`;

/** The other part: per place that only a toilet nearby gives a filter, that filter's bit. */
export const nearbyOnlyFactBitsSql = sql<number>`(${sql.join(
  FACT_FILTERS.flatMap((filter, bit) => {
    if (!countsToiletsNearby(filter)) return [];
    return [
      sql`${sql.raw(String(1 << bit))} * (select count(distinct "locations"."id") from ${amenities} toilet
        join "locations" on ST_DWithin(toilet.position, ${placePosition}, ${sql.raw(String(TOILETS_NEARBY_M))}, false)
        where toilet.kind = 'toilets' and not coalesce(${ownFactsHold(filter)}, false))`,
    ];
  }),
  sql` + `,
)} + 0)`;

/**
 * The places a toilet nearby gives a fact filter, as rows of id and that filter's bit, found
 * from the toilets' side: the map index's build ORs them into factMaskOfFactsSql's mask, where
 * asking factMaskSql's probe for each of a million places cost PostgreSQL seconds (as in the
 * checksum above). Null when no filter counts toilets nearby.
 */
export const nearbyFactBitRowsSql: SQL | null = (() => {
  const parts = FACT_FILTERS.flatMap((filter, bit) =>
    countsToiletsNearby(filter)
      ? [
          sql`select distinct "locations"."id"::text, ${sql.raw(String(1 << bit))} from ${amenities} toilet
            join "locations" on ST_DWithin(toilet.position, ${placePosition}, ${sql.raw(String(TOILETS_NEARBY_M))}, false)
            where toilet.kind = 'toilets'`,
        ]
      : [],
  );
  return parts.length === 0 ? null : sql.join(parts, sql` union all `);
})();

/** The fact filters that hold as a bit mask (bit i: FACT_FILTERS[i]), for the index's loads. */
export const factMaskSql = sql<number>`(${sql.join(
  FACT_FILTERS.map(
    (filter, bit) => sql`(case when ${factFilterSql(filter)} then ${sql.raw(String(1 << bit))} else 0 end)`,
  ),
  sql` + `,
)})`;

/**
 * One kind of play equipment is there (core equipmentPresent: its shown value is a count or
 * 'yes', not 'no' or absent). Constants only, like the fact filters.
 */
export function equipmentFilterSql(kind: EquipmentKind): SQL {
  return sql`coalesce((${placeFacts} ->> ${sql.raw(`'${equipmentFactKey(kind)}'`)}) <> 'no', false)`;
}

/** The equipment there as a bit mask (bit i: EQUIPMENT_KINDS[i]), for the index and its checksum. */
export const equipmentMaskSql = sql<number>`(${sql.join(
  EQUIPMENT_KINDS.map(
    (kind, bit) => sql`(case when ${equipmentFilterSql(kind)} then ${sql.raw(String(1 << bit))} else 0 end)`,
  ),
  sql` + `,
)})`;
