ALTER TABLE "profesionales" ADD COLUMN "ubicacion_origen" text;--> statement-breakpoint
ALTER TABLE "profesionales" ADD COLUMN "matricula" text;--> statement-breakpoint
ALTER TABLE "profesionales" ADD COLUMN "matricula_jurisdiccion" text;--> statement-breakpoint
ALTER TABLE "profesionales" ADD COLUMN "matricula_verificada_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "profesionales" ADD COLUMN "matricula_verificada_por" integer;--> statement-breakpoint
ALTER TABLE "profesionales" ADD COLUMN "acepta_nuevos_pacientes" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "profesionales" ADD COLUMN "ausencias" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "profesionales" ADD COLUMN "datos_confirmados_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "profesionales" ADD CONSTRAINT "profesionales_matricula_verificada_por_users_id_fk" FOREIGN KEY ("matricula_verificada_por") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;