ALTER TABLE "planes" ADD COLUMN "reglas_version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- A plan's rules change (any statement: the editor, an import, a deletion): the plans they belong
-- to move their version on once per statement, so a server holding the rules in memory reads them
-- again. Renaming a code or a group changes the words of the rules that name it, likewise.
CREATE FUNCTION "bump_reglas_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'reglas' THEN
    UPDATE "planes" SET "reglas_version" = "reglas_version" + 1 WHERE "id" IN (
      SELECT "plan_id" FROM "cambiadas");
  ELSIF TG_TABLE_NAME = 'codigos_prestacion' THEN
    UPDATE "planes" SET "reglas_version" = "reglas_version" + 1 WHERE "id" IN (
      SELECT r."plan_id" FROM "reglas" r JOIN "cambiadas" c ON c."id" = r."codigo_id");
  ELSE
    UPDATE "planes" SET "reglas_version" = "reglas_version" + 1 WHERE "id" IN (
      SELECT r."plan_id" FROM "reglas" r JOIN "cambiadas" c ON c."id" = r."grupo_id");
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "reglas_version_insert" AFTER INSERT ON "reglas"
  REFERENCING NEW TABLE AS "cambiadas" FOR EACH STATEMENT EXECUTE FUNCTION "bump_reglas_version"();
--> statement-breakpoint
CREATE TRIGGER "reglas_version_update" AFTER UPDATE ON "reglas"
  REFERENCING NEW TABLE AS "cambiadas" FOR EACH STATEMENT EXECUTE FUNCTION "bump_reglas_version"();
--> statement-breakpoint
CREATE TRIGGER "reglas_version_delete" AFTER DELETE ON "reglas"
  REFERENCING OLD TABLE AS "cambiadas" FOR EACH STATEMENT EXECUTE FUNCTION "bump_reglas_version"();
--> statement-breakpoint
CREATE TRIGGER "reglas_version_codigos" AFTER UPDATE ON "codigos_prestacion"
  REFERENCING NEW TABLE AS "cambiadas" FOR EACH STATEMENT EXECUTE FUNCTION "bump_reglas_version"();
--> statement-breakpoint
CREATE TRIGGER "reglas_version_grupos" AFTER UPDATE ON "grupos_codigos"
  REFERENCING NEW TABLE AS "cambiadas" FOR EACH STATEMENT EXECUTE FUNCTION "bump_reglas_version"();
