-- Every prefix of every word of a folded name ("gonzalez, juan" -> {g, go, …, gonzalez, j, ju, jua, juan}).
-- A GIN index over it answers "every typed word starts a word of the name" by intersecting one
-- posting list per typed word, with no recheck: far cheaper than trigram matching.
CREATE OR REPLACE FUNCTION name_prefixes(name text) RETURNS text[]
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT coalesce(array_agg(DISTINCT left(w, n)), '{}')
  FROM unnest(regexp_split_to_array(name, '[^a-z0-9]+')) AS w, generate_series(1, length(w)) AS n
  WHERE w <> ''
$$;
