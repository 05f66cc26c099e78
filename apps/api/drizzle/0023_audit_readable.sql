DROP INDEX "audit_log_entity_idx";--> statement-breakpoint
DROP INDEX "audit_log_created_idx";--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "actor_nombre" text;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "actor_rol" text;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "documento" text;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "afiliado_ids" integer[];--> statement-breakpoint
-- Rows written before: the affiliate's document and records from what the details kept, the actor's name and roles as they are now.
UPDATE "audit_log" SET
  "documento" = CASE WHEN "entity" = 'afiliado' THEN "details"->>'documento' END,
  "afiliado_ids" = CASE
    WHEN "entity" = 'afiliado' AND "entity_id" ~ '^[0-9]{1,9}$' THEN ARRAY["entity_id"::integer]
    WHEN "entity" = 'afiliado' AND jsonb_typeof("details"->'ids') = 'array'
      THEN ARRAY(SELECT jsonb_array_elements_text("details"->'ids')::integer)
  END,
  "actor_nombre" = (SELECT coalesce(p."nombre", u."nombre") FROM "users" u LEFT JOIN "profesionales" p ON p."user_id" = u."id" WHERE u."id" = "audit_log"."actor_user_id"),
  "actor_rol" = (SELECT CASE WHEN EXISTS (SELECT 1 FROM "profesionales" p WHERE p."user_id" = ur."user_id") THEN 'Profesional' ELSE string_agg(r."name", ', ' ORDER BY r."name") END
    FROM "user_roles" ur JOIN "roles" r ON r."id" = ur."role_id" WHERE ur."user_id" = "audit_log"."actor_user_id" GROUP BY ur."user_id");--> statement-breakpoint
CREATE INDEX "audit_log_actor_idx" ON "audit_log" USING btree ("actor_user_id","created_at","id");--> statement-breakpoint
CREATE INDEX "audit_log_action_idx" ON "audit_log" USING btree ("action","created_at","id");--> statement-breakpoint
CREATE INDEX "audit_log_documento_idx" ON "audit_log" USING btree ("documento","created_at","id") WHERE "audit_log"."documento" is not null;--> statement-breakpoint
CREATE INDEX "audit_log_afiliados_idx" ON "audit_log" USING gin ("afiliado_ids");--> statement-breakpoint
CREATE INDEX "audit_log_entity_idx" ON "audit_log" USING btree ("entity","created_at","id");--> statement-breakpoint
CREATE INDEX "audit_log_created_idx" ON "audit_log" USING btree ("created_at","id");