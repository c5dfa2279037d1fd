-- Hand-written data migration (issue 32): a place's comment count is of the comments people
-- see; hidden ones (reported or hidden by a moderator) were counted until now.
UPDATE "locations" l SET "comment_count" = c."visible"
	FROM (
		SELECT l2."id", count(c2."id") FILTER (WHERE c2."hidden_at" IS NULL)::int AS "visible"
		FROM "locations" l2 JOIN "comments" c2 ON c2."location_id" = l2."id"
		GROUP BY l2."id"
	) c
	WHERE l."id" = c."id" AND l."comment_count" <> c."visible";
