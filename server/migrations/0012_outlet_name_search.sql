-- The outlet search by name or owner ("contains", ILIKE '%text%') through trigram indexes instead of
-- reading every outlet's name (measured in docs/benchmarks.md). pg_trgm is a trusted extension, so
-- the database owner may create it. It lives in public, named in full below, so that a database
-- whose search_path names another schema (one per test run) finds the operator class too.
CREATE EXTENSION IF NOT EXISTS pg_trgm SCHEMA public;

CREATE INDEX outlets_name_trigrams ON outlets USING gin (name public.gin_trgm_ops);
CREATE INDEX outlets_owner_name_trigrams ON outlets USING gin (owner_name public.gin_trgm_ops);
