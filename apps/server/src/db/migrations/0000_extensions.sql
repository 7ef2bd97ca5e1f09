-- Accent- and typo-tolerant search (unaccent, pg_trgm), available in PostgreSQL and PGlite alike.
CREATE EXTENSION IF NOT EXISTS unaccent;
--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
-- unaccent() is only STABLE (its dictionary could change); pinning the dictionary makes an
-- IMMUTABLE wrapper that generated columns and expression indexes accept. Names are schema-qualified
-- because index builds run with a restricted search_path (PostgreSQL 17+).
CREATE OR REPLACE FUNCTION f_unaccent(text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT public.unaccent('public.unaccent'::regdictionary, $1) $$;
