-- Trigram matching for the admin lists' substring search (ILIKE '%q%'). pg_trgm is a trusted
-- extension (PostgreSQL 13+), and PGlite loads it in the client (src/server/db/client.ts).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
