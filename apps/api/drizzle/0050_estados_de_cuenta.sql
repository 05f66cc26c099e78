ALTER TABLE "liquidaciones" ADD COLUMN "publicada_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "liquidaciones" ADD COLUMN "notificacion_id" integer;--> statement-breakpoint
ALTER TABLE "liquidaciones" ADD CONSTRAINT "liquidaciones_notificacion_id_notificaciones_id_fk" FOREIGN KEY ("notificacion_id") REFERENCES "public"."notificaciones"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "liquidaciones_sin_publicar_idx" ON "liquidaciones" USING btree ("id") WHERE "liquidaciones"."publicada_at" is null;--> statement-breakpoint
-- Settlements of months closed before statements were published stay as they were: their dentists
-- read them on 'Mis liquidaciones'; no PDF, notification or mail goes out for them now.
UPDATE "liquidaciones" SET "publicada_at" = "emitida_el"::timestamptz;
