-- PostGIS provides geography(Point,4326), ST_DWithin and the GiST operator classes used by
-- every spatial query. Enabled by a migration so PGlite and PostgreSQL get the same thing.
CREATE EXTENSION IF NOT EXISTS postgis;
