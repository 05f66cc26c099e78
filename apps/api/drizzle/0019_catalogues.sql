ALTER TABLE "especialidades" DROP CONSTRAINT "especialidades_nombre_unique";--> statement-breakpoint
ALTER TABLE "profesional_especialidades" DROP CONSTRAINT "profesional_especialidades_especialidad_id_especialidades_id_fk";
--> statement-breakpoint
ALTER TABLE "profesional_especialidades" ADD CONSTRAINT "profesional_especialidades_especialidad_id_especialidades_id_fk" FOREIGN KEY ("especialidad_id") REFERENCES "public"."especialidades"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "especialidades_nombre_key" ON "especialidades" USING btree (lower("nombre"));