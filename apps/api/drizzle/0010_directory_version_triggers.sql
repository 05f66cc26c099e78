-- The directory's version (decision 044): every statement that can change what an
-- affiliate's directory shows bumps it, so an instance serving a directory it built
-- knows, with one single-row read, whether it is still current.
INSERT INTO "directory_version" ("id", "version") VALUES (1, 0) ON CONFLICT DO NOTHING;
--> statement-breakpoint
CREATE FUNCTION "bump_directory_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "directory_version" SET "version" = "version" + 1 WHERE "id" = 1;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "profesionales_directory_version" AFTER INSERT OR UPDATE OR DELETE ON "profesionales"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_directory_version"();
--> statement-breakpoint
CREATE TRIGGER "profesional_obras_sociales_directory_version" AFTER INSERT OR UPDATE OR DELETE ON "profesional_obras_sociales"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_directory_version"();
--> statement-breakpoint
CREATE TRIGGER "profesional_especialidades_directory_version" AFTER INSERT OR UPDATE OR DELETE ON "profesional_especialidades"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_directory_version"();
--> statement-breakpoint
CREATE TRIGGER "especialidades_directory_version" AFTER UPDATE OR DELETE ON "especialidades"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_directory_version"();
--> statement-breakpoint
CREATE TRIGGER "users_directory_version" AFTER UPDATE OF "status" OR DELETE ON "users"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_directory_version"();
