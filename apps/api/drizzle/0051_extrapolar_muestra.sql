ALTER TABLE "liquidacion_items" DROP CONSTRAINT "liquidacion_items_tipo";--> statement-breakpoint
ALTER TABLE "convenios" ADD COLUMN "extrapola_muestra" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "liquidacion_items_extrapolacion_key" ON "liquidacion_items" USING btree ("linea_id") WHERE "liquidacion_items"."tipo" = 'extrapolacion';--> statement-breakpoint
CREATE INDEX "lineas_muestra_azar_idx" ON "lineas" USING btree ("cierre","profesional_id") WHERE "lineas"."muestra" = 'azar';--> statement-breakpoint
ALTER TABLE "liquidacion_items" ADD CONSTRAINT "liquidacion_items_tipo" CHECK ("liquidacion_items"."tipo" in ('prestacion','reintegro','debito_os','extrapolacion'));