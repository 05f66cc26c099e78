-- Name search ignores spaces, apostrophes and hyphens as it ignores accents.
-- Affiliates: name_prefixes() keeps every prefix of every word of the folded name and adds every
-- prefix of the runs of words it reads joined: a particle of a surname (de, la, del, d, mc, van…)
-- joins the next word, and so does a word written against the next with only marks between them,
-- not a space or a comma alone ("d'alessandro", "perez-garcia", "dell' acqua"). 'de la fuente, ana'
-- gives {d, de, del, dela, …, delafuente, l, la, laf, …, lafuente, f, …, fuente, a, an, ana}, so
-- 'delafuente' finds it, as 'dalessandro' finds "D' Alessandro"; names without particles or marks
-- keep the arrays they had. The service joins the typed words by the same rule, with the same list
-- of particles (afiliados.service.ts, nameSearchKeys).
CREATE OR REPLACE FUNCTION name_prefixes(name text) RETURNS text[]
LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE AS $$
DECLARE
  particles CONSTANT text := ' d da das de degli dei del dela della delle dello der des di do dos du el la las le les lo los mac mc o san santa santo ten ter van von ';
  words text[];
  separators text[];
  k integer;
  run text := '';
  prefixes text[] := '{}';
BEGIN
  IF name IS NULL THEN
    RETURN prefixes;
  END IF;
  -- Nearly every name is plain words and single spaces: no split by separators for those.
  IF name ~ '^[a-z0-9]+( [a-z0-9]+)*$' THEN
    words := string_to_array(name, ' ');
  ELSE
    words := array_remove(regexp_split_to_array(name, '[^a-z0-9]+'), '');
    -- separators[i + 1] is what stands between word i and word i + 1.
    separators := regexp_split_to_array(name, '[a-z0-9]+');
  END IF;
  k := coalesce(array_length(words, 1), 0);
  FOR i IN REVERSE k..1 LOOP
    IF i < k AND (position(' ' || words[i] || ' ' IN particles) > 0
                  OR (separators IS NOT NULL AND separators[i + 1] ~ '[^ ,]')) THEN
      run := words[i] || run;
    ELSE
      run := words[i];
    END IF;
    FOR n IN 1..length(run) LOOP
      prefixes := prefixes || left(run, n);
    END LOOP;
  END LOOP;
  RETURN prefixes;
END
$$;
--> statement-breakpoint
-- The stored arrays are computed again. Dropping the generated column and adding it back rewrites the
-- table once and builds the index afresh; an UPDATE of every row would also feed the count triggers
-- a transition table of every affiliate.
ALTER TABLE "afiliados" DROP COLUMN "nombre_prefijos";
--> statement-breakpoint
ALTER TABLE "afiliados" ADD COLUMN "nombre_prefijos" text[] GENERATED ALWAYS AS (name_prefixes(nombre_busqueda)) STORED;
--> statement-breakpoint
CREATE INDEX "afiliados_nombre_prefijos_idx" ON "afiliados" USING gin ("nombre_prefijos");
--> statement-breakpoint
-- Providers: the search key loses what compactSearchKey drops (IGNORED_IN_NAMES, lib/text.ts).
UPDATE "profesionales"
  SET "busqueda" = translate("busqueda", ' !"#$%&''()*+,-./:;<=>?@[\]^_`{|}~‘’´ʼ‐‑‒–—―', '')
  WHERE "busqueda" <> translate("busqueda", ' !"#$%&''()*+,-./:;<=>?@[\]^_`{|}~‘’´ʼ‐‑‒–—―', '');
