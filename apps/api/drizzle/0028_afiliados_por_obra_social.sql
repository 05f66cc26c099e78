CREATE TABLE "afiliados_por_obra_social" (
	"obra_social_id" integer PRIMARY KEY NOT NULL,
	"afiliados" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
-- Kept counts of affiliates per insurer (0: none): every statement that inserts, deletes or
-- moves affiliates adds its difference, grouped, from its transition tables (one grouped
-- statement per import batch, not one per row). Deleting an insurer sets its affiliates'
-- insurer to null, an update, so the count moves to 0 with them.
INSERT INTO "afiliados_por_obra_social" ("obra_social_id", "afiliados")
  SELECT coalesce("obra_social_id", 0), count(*) FROM "afiliados" GROUP BY 1;
--> statement-breakpoint
CREATE FUNCTION "count_afiliados"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "afiliados_por_obra_social" AS c ("obra_social_id", "afiliados")
      SELECT coalesce("obra_social_id", 0), count(*) FROM "nuevos" GROUP BY 1
      ON CONFLICT ("obra_social_id") DO UPDATE SET "afiliados" = c."afiliados" + excluded."afiliados";
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE "afiliados_por_obra_social" AS c SET "afiliados" = c."afiliados" - d."n"
      FROM (SELECT coalesce("obra_social_id", 0) AS "k", count(*) AS "n" FROM "viejos" GROUP BY 1) d
      WHERE c."obra_social_id" = d."k";
  ELSE
    INSERT INTO "afiliados_por_obra_social" AS c ("obra_social_id", "afiliados")
      SELECT "k", sum("d") FROM (
        SELECT coalesce("obra_social_id", 0) AS "k", 1 AS "d" FROM "nuevos"
        UNION ALL SELECT coalesce("obra_social_id", 0), -1 FROM "viejos"
      ) x GROUP BY "k" HAVING sum("d") <> 0
      ON CONFLICT ("obra_social_id") DO UPDATE SET "afiliados" = c."afiliados" + excluded."afiliados";
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "afiliados_count_insert" AFTER INSERT ON "afiliados"
  REFERENCING NEW TABLE AS "nuevos" FOR EACH STATEMENT EXECUTE FUNCTION "count_afiliados"();
--> statement-breakpoint
CREATE TRIGGER "afiliados_count_delete" AFTER DELETE ON "afiliados"
  REFERENCING OLD TABLE AS "viejos" FOR EACH STATEMENT EXECUTE FUNCTION "count_afiliados"();
--> statement-breakpoint
CREATE TRIGGER "afiliados_count_update" AFTER UPDATE ON "afiliados"
  REFERENCING OLD TABLE AS "viejos" NEW TABLE AS "nuevos" FOR EACH STATEMENT EXECUTE FUNCTION "count_afiliados"();
