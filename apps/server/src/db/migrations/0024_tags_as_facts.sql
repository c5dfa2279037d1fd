-- Hand-written data migration (issue 32, core tag-facts): a tag that states a fact ("Fenced",
-- "Toilets", "wheelchair accessible"…) becomes that fact's answer from the parents who voted the
-- tag up (a down vote on a yes tag answers no), or, on an imported or demo place nobody voted on,
-- a fact its source states. Then the tag and its votes go, and the values the places show
-- (locations.facts, core shownFacts) are recomputed. Free-form tags stay tags.
-- The list below is core FACT_TAGS (tag, fact, value, the value a down vote meant); a test
-- checks that they agree.
CREATE TEMPORARY TABLE "fact_tags" ("tag" text PRIMARY KEY, "key" text NOT NULL, "value" text NOT NULL, "opposite" text);
--> statement-breakpoint
INSERT INTO "fact_tags" ("tag", "key", "value", "opposite") VALUES
	('fenced', 'fenced', 'yes', 'no'),
	('fenced in', 'fenced', 'yes', 'no'),
	('eingezäunt', 'fenced', 'yes', 'no'),
	('toilets', 'toilets', 'yes', 'no'),
	('toilet', 'toilets', 'yes', 'no'),
	('toiletten', 'toilets', 'yes', 'no'),
	('shade', 'shade', 'yes', 'no'),
	('shaded', 'shade', 'yes', 'no'),
	('schatten', 'shade', 'yes', 'no'),
	('changing table', 'changing_table', 'yes', 'no'),
	('baby change', 'changing_table', 'yes', 'no'),
	('baby changing', 'changing_table', 'yes', 'no'),
	('wickeltisch', 'changing_table', 'yes', 'no'),
	('drinking water', 'drinking_water', 'yes', 'no'),
	('trinkwasser', 'drinking_water', 'yes', 'no'),
	('lit at night', 'lit', 'yes', 'no'),
	('beleuchtet', 'lit', 'yes', 'no'),
	('wheelchair accessible', 'wheelchair', 'yes', 'no'),
	('wheelchair access', 'wheelchair', 'yes', 'no'),
	('rollstuhlgerecht', 'wheelchair', 'yes', 'no'),
	('partly wheelchair accessible', 'wheelchair', 'limited', NULL),
	('baby swing', 'baby_swing', 'yes', 'no'),
	('baby swings', 'baby_swing', 'yes', 'no'),
	('babyschaukel', 'baby_swing', 'yes', 'no'),
	('water play', 'water_play', 'yes', 'no'),
	('wasserspiel', 'water_play', 'yes', 'no'),
	('sandpit', 'sand', 'yes', 'no'),
	('sandkasten', 'sand', 'yes', 'no'),
	('parking', 'parking', 'yes', 'no'),
	('parkplatz', 'parking', 'yes', 'no'),
	('dog free', 'dogs', 'no', NULL),
	('no dogs', 'dogs', 'no', NULL),
	('dogs on leash', 'dogs', 'leashed', NULL),
	('sand surface', 'surface', 'sand', NULL),
	('bark surface', 'surface', 'bark', NULL),
	('grass surface', 'surface', 'grass', NULL),
	('soft surface', 'surface', 'rubber', NULL),
	('gravel surface', 'surface', 'gravel', NULL)
;
--> statement-breakpoint
CREATE TEMPORARY TABLE "fact_tag_places" AS
	SELECT DISTINCT l."id" FROM "locations" l, unnest(l."tags") t
	WHERE lower(t) IN (SELECT "tag" FROM "fact_tags");
--> statement-breakpoint
-- Parents' own answers win over what their tag votes meant.
INSERT INTO "fact_answers" ("location_id", "key", "user_id", "value", "answered_at")
	SELECT DISTINCT ON (v."location_id", f."key", v."user_id")
		v."location_id", f."key", v."user_id",
		CASE WHEN v."vote" = 'up' THEN f."value" ELSE f."opposite" END, v."created_at"
	FROM "tag_votes" v JOIN "fact_tags" f ON f."tag" = lower(v."tag")
	WHERE v."vote" = 'up' OR f."opposite" IS NOT NULL
	ORDER BY v."location_id", f."key", v."user_id", v."created_at" DESC
	ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "imported_facts" ("location_id", "key", "value", "source", "licence")
	SELECT DISTINCT ON (l."id", f."key") l."id", f."key", f."value", l."source", l."licence"
	FROM "locations" l, unnest(l."tags") t, "fact_tags" f
	WHERE f."tag" = lower(t) AND l."source" IS NOT NULL
		AND NOT EXISTS (SELECT 1 FROM "tag_votes" v WHERE v."location_id" = l."id" AND v."tag" = t)
	ORDER BY l."id", f."key"
	ON CONFLICT DO NOTHING;
--> statement-breakpoint
DELETE FROM "tag_votes" v USING "fact_tags" f WHERE f."tag" = lower(v."tag");
--> statement-breakpoint
UPDATE "locations" l SET "tags" = ARRAY(
		SELECT t FROM unnest(l."tags") WITH ORDINALITY AS x(t, n)
		WHERE lower(t) NOT IN (SELECT "tag" FROM "fact_tags") ORDER BY n)
	WHERE l."id" IN (SELECT "id" FROM "fact_tag_places");
--> statement-breakpoint
-- core shownFacts: per fact, the parents' most common answer (ties: the newest), else the
-- imported value.
WITH "counted" AS (
	SELECT "location_id", "key", "value", count(*) AS "n", max("answered_at") AS "newest"
	FROM "fact_answers" WHERE "location_id" IN (SELECT "id" FROM "fact_tag_places")
	GROUP BY "location_id", "key", "value"
), "answered" AS (
	SELECT DISTINCT ON ("location_id", "key") "location_id", "key", "value"
	FROM "counted" ORDER BY "location_id", "key", "n" DESC, "newest" DESC
), "shown" AS (
	SELECT "location_id", "key", "value" FROM "answered"
	UNION ALL
	SELECT i."location_id", i."key", i."value" FROM "imported_facts" i
	WHERE i."location_id" IN (SELECT "id" FROM "fact_tag_places")
		AND NOT EXISTS (SELECT 1 FROM "answered" a WHERE a."location_id" = i."location_id" AND a."key" = i."key")
)
UPDATE "locations" l SET "facts" = s."facts"
	FROM (SELECT "location_id", jsonb_object_agg("key", "value") AS "facts" FROM "shown" GROUP BY "location_id") s
	WHERE l."id" = s."location_id" AND l."facts" IS DISTINCT FROM s."facts";
--> statement-breakpoint
DROP TABLE "fact_tag_places";
--> statement-breakpoint
DROP TABLE "fact_tags";
