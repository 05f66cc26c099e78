ALTER TABLE "afiliados" ADD COLUMN "baja_at" timestamp with time zone;--> statement-breakpoint
-- The kept counts are of active affiliates: rows given de baja leave their insurer's count, and
-- coming back (reactivation, or a new import listing them) adds them again. Every row is active
-- when this runs, so the counts kept so far stay right.
CREATE OR REPLACE FUNCTION "count_afiliados"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "afiliados_por_obra_social" AS c ("obra_social_id", "afiliados")
      SELECT coalesce("obra_social_id", 0), count(*) FROM "nuevos" WHERE "baja_at" IS NULL GROUP BY 1
      ON CONFLICT ("obra_social_id") DO UPDATE SET "afiliados" = c."afiliados" + excluded."afiliados";
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE "afiliados_por_obra_social" AS c SET "afiliados" = c."afiliados" - d."n"
      FROM (SELECT coalesce("obra_social_id", 0) AS "k", count(*) AS "n" FROM "viejos"
            WHERE "baja_at" IS NULL GROUP BY 1) d
      WHERE c."obra_social_id" = d."k";
  ELSE
    INSERT INTO "afiliados_por_obra_social" AS c ("obra_social_id", "afiliados")
      SELECT "k", sum("d") FROM (
        SELECT coalesce("obra_social_id", 0) AS "k", 1 AS "d" FROM "nuevos" WHERE "baja_at" IS NULL
        UNION ALL SELECT coalesce("obra_social_id", 0), -1 FROM "viejos" WHERE "baja_at" IS NULL
      ) x GROUP BY "k" HAVING sum("d") <> 0
      ON CONFLICT ("obra_social_id") DO UPDATE SET "afiliados" = c."afiliados" + excluded."afiliados";
  END IF;
  RETURN NULL;
END
$$;
