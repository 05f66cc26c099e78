-- The recipients' triggers (0014) also keep each notification's read count and, when recipients
-- go (a deleted affiliate or account), its recipient and read counts, so 'Leída por X de N' always
-- matches the recipients listed. Counts are taken in a fixed order, so two statements touching the
-- same users wait for each other instead of deadlocking (decision 051).
CREATE OR REPLACE FUNCTION "unread_counts_after_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "notificacion_unread_counts" ("user_id", "category", "unread")
    SELECT "user_id", "category", count(*) FROM "new_rows"
    WHERE "user_id" IS NOT NULL AND "read_at" IS NULL
    GROUP BY "user_id", "category"
    ORDER BY "user_id", "category"
    ON CONFLICT ("user_id", "category")
      DO UPDATE SET "unread" = "notificacion_unread_counts"."unread" + EXCLUDED."unread";
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "unread_counts_after_update"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "notificacion_unread_counts" ("user_id", "category", "unread")
    SELECT "n"."user_id", "n"."category",
      sum(CASE WHEN "n"."read_at" IS NULL THEN 1 ELSE 0 END)
        - sum(CASE WHEN "o"."read_at" IS NULL THEN 1 ELSE 0 END)
    FROM "old_rows" "o" JOIN "new_rows" "n" ON "n"."id" = "o"."id"
    WHERE "n"."user_id" IS NOT NULL AND ("o"."read_at" IS NULL) <> ("n"."read_at" IS NULL)
    GROUP BY "n"."user_id", "n"."category"
    ORDER BY "n"."user_id", "n"."category"
    ON CONFLICT ("user_id", "category")
      DO UPDATE SET "unread" = "notificacion_unread_counts"."unread" + EXCLUDED."unread";
  UPDATE "notificaciones" "t" SET "read_count" = "t"."read_count" + "d"."delta"
    FROM (
      SELECT "n"."notificacion_id",
        sum(CASE WHEN "n"."read_at" IS NOT NULL THEN 1 ELSE -1 END) AS "delta"
      FROM "old_rows" "o" JOIN "new_rows" "n" ON "n"."id" = "o"."id"
      WHERE ("o"."read_at" IS NULL) <> ("n"."read_at" IS NULL)
      GROUP BY "n"."notificacion_id"
    ) "d"
    WHERE "t"."id" = "d"."notificacion_id";
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "unread_counts_after_delete"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "notificacion_unread_counts" "c" SET "unread" = "c"."unread" - "d"."n"
    FROM (
      SELECT "user_id", "category", count(*) AS "n" FROM "old_rows"
      WHERE "user_id" IS NOT NULL AND "read_at" IS NULL
      GROUP BY "user_id", "category"
    ) "d"
    WHERE "c"."user_id" = "d"."user_id" AND "c"."category" = "d"."category";
  UPDATE "notificaciones" "t"
    SET "recipient_count" = "t"."recipient_count" - "d"."total", "read_count" = "t"."read_count" - "d"."reads"
    FROM (
      SELECT "notificacion_id", count(*) AS "total", count("read_at") AS "reads" FROM "old_rows"
      GROUP BY "notificacion_id"
    ) "d"
    WHERE "t"."id" = "d"."notificacion_id";
  RETURN NULL;
END
$$;
