DROP INDEX "afiliados_nombre_busqueda_idx";--> statement-breakpoint
DROP INDEX "afiliados_obra_social_idx";--> statement-breakpoint
CREATE INDEX "afiliados_nombre_orden_idx" ON "afiliados" USING btree ("nombre_busqueda" collate "C","id");--> statement-breakpoint
CREATE INDEX "afiliados_obra_social_orden_idx" ON "afiliados" USING btree ("obra_social_id","nombre_busqueda" collate "C","id");