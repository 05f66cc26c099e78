-- Trigram matching backs the accent- and case-insensitive name searches.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
