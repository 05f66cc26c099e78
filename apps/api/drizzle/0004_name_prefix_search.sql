DROP INDEX "afiliados_nombre_busqueda_trgm_idx";--> statement-breakpoint
ALTER TABLE "afiliados" ADD COLUMN "nombre_prefijos" text[] GENERATED ALWAYS AS (name_prefixes(nombre_busqueda)) STORED;--> statement-breakpoint
CREATE INDEX "afiliados_nombre_prefijos_idx" ON "afiliados" USING gin ("nombre_prefijos");