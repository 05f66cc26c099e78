ALTER TABLE "notificaciones" ADD COLUMN "automatica" boolean DEFAULT false NOT NULL;--> statement-breakpoint
UPDATE "notificaciones" SET "automatica" = true
WHERE "id" IN (SELECT "notificacion_id" FROM "liquidaciones" WHERE "notificacion_id" IS NOT NULL);
