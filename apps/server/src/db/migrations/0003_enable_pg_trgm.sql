-- Trigram matching for typo-tolerant location name search.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
