ALTER TABLE "convenios" DROP CONSTRAINT "convenios_plazos";--> statement-breakpoint
ALTER TABLE "adjuntos" ALTER COLUMN "autorizacion_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "adjuntos" ADD COLUMN "linea_id" integer;--> statement-breakpoint
ALTER TABLE "decisiones" ADD COLUMN "linea_id" integer;--> statement-breakpoint
ALTER TABLE "decisiones" ADD COLUMN "importe" integer;--> statement-breakpoint
ALTER TABLE "convenios" ADD COLUMN "plazo_respuesta_dias" smallint DEFAULT 15 NOT NULL;--> statement-breakpoint
ALTER TABLE "lineas" ADD COLUMN "observada_hasta" date;--> statement-breakpoint
ALTER TABLE "adjuntos" ADD CONSTRAINT "adjuntos_linea_id_lineas_id_fk" FOREIGN KEY ("linea_id") REFERENCES "public"."lineas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "decisiones" ADD CONSTRAINT "decisiones_linea_id_lineas_id_fk" FOREIGN KEY ("linea_id") REFERENCES "public"."lineas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "adjuntos_linea_idx" ON "adjuntos" USING btree ("linea_id","id") WHERE "adjuntos"."linea_id" is not null;--> statement-breakpoint
CREATE INDEX "decisiones_linea_idx" ON "decisiones" USING btree ("linea_id","id") WHERE "decisiones"."linea_id" is not null;--> statement-breakpoint
CREATE INDEX "lineas_en_auditoria_idx" ON "lineas" USING btree ("cierre","fecha","id") WHERE "lineas"."estado" in ('presentada','observada','reconsideracion');--> statement-breakpoint
CREATE INDEX "lineas_por_liquidar_idx" ON "lineas" USING btree ("id") WHERE "lineas"."estado" in ('aprobada','aprobada_parcial','rechazada');--> statement-breakpoint
ALTER TABLE "adjuntos" ADD CONSTRAINT "adjuntos_de" CHECK (num_nonnulls("adjuntos"."autorizacion_id", "adjuntos"."linea_id") = 1);--> statement-breakpoint
ALTER TABLE "decisiones" ADD CONSTRAINT "decisiones_sobre" CHECK (num_nonnulls("decisiones"."autorizacion_id", "decisiones"."linea_id") = 1);--> statement-breakpoint
ALTER TABLE "convenios" ADD CONSTRAINT "convenios_plazos" CHECK ("convenios"."plazo_presentacion_dias" between 0 and 365 and "convenios"."plazo_refacturacion_dias" between 0 and 365
        and "convenios"."plazo_urgencia_dias" between 0 and 365 and "convenios"."plazo_respuesta_dias" between 0 and 365);