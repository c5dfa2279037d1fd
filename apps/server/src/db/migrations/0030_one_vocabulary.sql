-- Hand-written data migration (issue 49, core place-vocabulary): a baby swing, water play and a
-- sandpit were facts (baby_swing, water_play, sand) and kinds of play equipment
-- (equipment:<kind>) at once, so the Baby swing filter missed a place with only the
-- equipment answer. They are equipment kinds only now: every parent's answer and every import
-- under the fact's name moves to the kind's, then the values the places show
-- (locations.facts: core shownFacts and shownEquipment) are recomputed. Nothing is lost: a
-- parent who answered both keeps their newer answer (one answer per parent, as ever); an
-- import that stated both keeps the equipment's statement (it may carry a count).
-- The list below is core MERGED_FACTS (the fact, its kind's answer key); a test checks that
-- they agree.
CREATE TEMPORARY TABLE "merged_facts" ("fact" text PRIMARY KEY, "key" text NOT NULL);
--> statement-breakpoint
INSERT INTO "merged_facts" ("fact", "key") VALUES
	('baby_swing', 'equipment:baby_swing'),
	('water_play', 'equipment:water_play'),
	('sand', 'equipment:sandpit')
;
--> statement-breakpoint
CREATE TEMPORARY TABLE "merged_fact_places" AS
	SELECT "location_id" AS "id" FROM "fact_answers" WHERE "key" IN (SELECT "fact" FROM "merged_facts")
	UNION
	SELECT "location_id" FROM "imported_facts" WHERE "key" IN (SELECT "fact" FROM "merged_facts")
	UNION
	SELECT "id" FROM "locations" WHERE "facts" ?| ARRAY(SELECT "fact" FROM "merged_facts");
--> statement-breakpoint
INSERT INTO "fact_answers" ("location_id", "key", "user_id", "value", "answered_at")
	SELECT a."location_id", m."key", a."user_id", a."value", a."answered_at"
	FROM "fact_answers" a JOIN "merged_facts" m ON m."fact" = a."key"
	ON CONFLICT ("location_id", "key", "user_id") DO UPDATE
		SET "value" = excluded."value", "answered_at" = excluded."answered_at"
		WHERE excluded."answered_at" > "fact_answers"."answered_at";
--> statement-breakpoint
DELETE FROM "fact_answers" a USING "merged_facts" m WHERE a."key" = m."fact";
--> statement-breakpoint
INSERT INTO "imported_facts" ("location_id", "key", "value", "source", "licence", "imported_at")
	SELECT i."location_id", m."key", i."value", i."source", i."licence", i."imported_at"
	FROM "imported_facts" i JOIN "merged_facts" m ON m."fact" = i."key"
	ON CONFLICT DO NOTHING;
--> statement-breakpoint
DELETE FROM "imported_facts" i USING "merged_facts" m WHERE i."key" = m."fact";
--> statement-breakpoint
-- core shownEquipment for the three kinds: the parents' most common answer (ties: the newest),
-- else the import's presence (a count is yes); a count imported is shown while it is there.
WITH "counted" AS (
	SELECT "location_id", "key", "value", count(*) AS "n", max("answered_at") AS "newest"
	FROM "fact_answers"
	WHERE "location_id" IN (SELECT "id" FROM "merged_fact_places") AND "key" IN (SELECT "key" FROM "merged_facts")
	GROUP BY "location_id", "key", "value"
), "answered" AS (
	SELECT DISTINCT ON ("location_id", "key") "location_id", "key", "value"
	FROM "counted" ORDER BY "location_id", "key", "n" DESC, "newest" DESC
), "stated" AS (
	SELECT "location_id", "key", "value" FROM "imported_facts"
	WHERE "location_id" IN (SELECT "id" FROM "merged_fact_places") AND "key" IN (SELECT "key" FROM "merged_facts")
), "present" AS (
	SELECT coalesce(a."location_id", s."location_id") AS "location_id", coalesce(a."key", s."key") AS "key",
		coalesce(a."value", CASE WHEN s."value" = 'no' THEN 'no' ELSE 'yes' END) AS "presence", s."value" AS "stated"
	FROM "answered" a FULL JOIN "stated" s ON s."location_id" = a."location_id" AND s."key" = a."key"
), "shown" AS (
	SELECT "location_id", jsonb_object_agg("key",
		CASE WHEN "presence" = 'yes' AND "stated" ~ '^[0-9]+$' THEN "stated" ELSE "presence" END) AS "facts"
	FROM "present" GROUP BY "location_id"
)
UPDATE "locations" l SET "facts" = (l."facts"
		- 'baby_swing' - 'water_play' - 'sand'
		- 'equipment:baby_swing' - 'equipment:water_play' - 'equipment:sandpit')
		|| coalesce((SELECT s."facts" FROM "shown" s WHERE s."location_id" = l."id"), '{}'::jsonb)
	WHERE l."id" IN (SELECT "id" FROM "merged_fact_places");
--> statement-breakpoint
DROP TABLE "merged_fact_places";
--> statement-breakpoint
DROP TABLE "merged_facts";
