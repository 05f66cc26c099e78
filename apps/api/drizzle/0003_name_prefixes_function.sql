-- Every prefix of every word of a folded name ("gonzalez, juan" -> {g, go, …, gonzalez, j, ju, jua, juan}).
-- A GIN index over it answers "every typed word starts a word of the name" by intersecting one
-- posting list per typed word, with no recheck: far cheaper than trigram matching. Repeated
-- prefixes are left in (GIN keeps each key once per row), which keeps the function cheap on imports.
CREATE OR REPLACE FUNCTION name_prefixes(name text) RETURNS text[]
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT array(
    SELECT left(w, n)
    FROM string_to_table(regexp_replace(name, '[^a-z0-9]+', ' ', 'g'), ' ') AS w, generate_series(1, length(w)) AS n
    WHERE w <> ''
  )
$$;
