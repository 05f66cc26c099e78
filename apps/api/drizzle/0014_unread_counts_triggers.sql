-- Unread counts per user and category (decision 051): statement-level triggers on the
-- recipients' table keep notificacion_unread_counts in step with every insert, read mark
-- and deletion, cascades included, in the statement that makes the change.
INSERT INTO "notificacion_unread_counts" ("user_id", "category", "unread")
  SELECT "user_id", "category", count(*) FROM "notificacion_destinatarios"
  WHERE "user_id" IS NOT NULL AND "read_at" IS NULL
  GROUP BY "user_id", "category"
  ON CONFLICT ("user_id", "category") DO UPDATE SET "unread" = EXCLUDED."unread";
--> statement-breakpoint
CREATE FUNCTION "unread_counts_after_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "notificacion_unread_counts" ("user_id", "category", "unread")
    SELECT "user_id", "category", count(*) FROM "new_rows"
    WHERE "user_id" IS NOT NULL AND "read_at" IS NULL
    GROUP BY "user_id", "category"
    ON CONFLICT ("user_id", "category")
      DO UPDATE SET "unread" = "notificacion_unread_counts"."unread" + EXCLUDED."unread";
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "notificacion_destinatarios_unread_insert" AFTER INSERT ON "notificacion_destinatarios"
  REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "unread_counts_after_insert"();
--> statement-breakpoint
CREATE FUNCTION "unread_counts_after_update"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "notificacion_unread_counts" ("user_id", "category", "unread")
    SELECT "n"."user_id", "n"."category",
      sum(CASE WHEN "n"."read_at" IS NULL THEN 1 ELSE 0 END)
        - sum(CASE WHEN "o"."read_at" IS NULL THEN 1 ELSE 0 END)
    FROM "old_rows" "o" JOIN "new_rows" "n" ON "n"."id" = "o"."id"
    WHERE "n"."user_id" IS NOT NULL AND ("o"."read_at" IS NULL) <> ("n"."read_at" IS NULL)
    GROUP BY "n"."user_id", "n"."category"
    ON CONFLICT ("user_id", "category")
      DO UPDATE SET "unread" = "notificacion_unread_counts"."unread" + EXCLUDED."unread";
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "notificacion_destinatarios_unread_update" AFTER UPDATE ON "notificacion_destinatarios"
  REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "unread_counts_after_update"();
--> statement-breakpoint
CREATE FUNCTION "unread_counts_after_delete"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "notificacion_unread_counts" "c" SET "unread" = "c"."unread" - "d"."n"
    FROM (
      SELECT "user_id", "category", count(*) AS "n" FROM "old_rows"
      WHERE "user_id" IS NOT NULL AND "read_at" IS NULL
      GROUP BY "user_id", "category"
    ) "d"
    WHERE "c"."user_id" = "d"."user_id" AND "c"."category" = "d"."category";
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "notificacion_destinatarios_unread_delete" AFTER DELETE ON "notificacion_destinatarios"
  REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "unread_counts_after_delete"();
