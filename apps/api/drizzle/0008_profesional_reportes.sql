CREATE TABLE "profesional_reportes" (
	"id" serial PRIMARY KEY NOT NULL,
	"profesional_id" integer NOT NULL,
	"afiliado_id" integer,
	"motivo" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"cerrado_at" timestamp with time zone,
	"cerrado_por" integer
);
--> statement-breakpoint
ALTER TABLE "profesional_reportes" ADD CONSTRAINT "profesional_reportes_profesional_id_profesionales_id_fk" FOREIGN KEY ("profesional_id") REFERENCES "public"."profesionales"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profesional_reportes" ADD CONSTRAINT "profesional_reportes_afiliado_id_afiliados_id_fk" FOREIGN KEY ("afiliado_id") REFERENCES "public"."afiliados"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profesional_reportes" ADD CONSTRAINT "profesional_reportes_cerrado_por_users_id_fk" FOREIGN KEY ("cerrado_por") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "profesional_reportes_abiertos_idx" ON "profesional_reportes" USING btree ("profesional_id","created_at") WHERE "profesional_reportes"."cerrado_at" is null;--> statement-breakpoint
CREATE INDEX "profesional_reportes_afiliado_idx" ON "profesional_reportes" USING btree ("afiliado_id");