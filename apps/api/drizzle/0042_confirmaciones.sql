CREATE TABLE "confirmaciones" (
	"atencion_id" integer PRIMARY KEY NOT NULL,
	"afiliado_id" integer NOT NULL,
	"atendido" boolean NOT NULL,
	"cobro" integer DEFAULT 0 NOT NULL,
	"coseguro" integer NOT NULL,
	"observada" boolean NOT NULL,
	"respondida_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revisada_at" timestamp with time zone,
	"revisada_by" integer,
	CONSTRAINT "confirmaciones_cobro_check" CHECK ("confirmaciones"."cobro" >= 0 and "confirmaciones"."coseguro" >= 0)
);
--> statement-breakpoint
ALTER TABLE "confirmaciones" ADD CONSTRAINT "confirmaciones_atencion_id_atenciones_id_fk" FOREIGN KEY ("atencion_id") REFERENCES "public"."atenciones"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "confirmaciones" ADD CONSTRAINT "confirmaciones_afiliado_id_afiliados_id_fk" FOREIGN KEY ("afiliado_id") REFERENCES "public"."afiliados"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "confirmaciones" ADD CONSTRAINT "confirmaciones_revisada_by_users_id_fk" FOREIGN KEY ("revisada_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "confirmaciones_observadas_idx" ON "confirmaciones" USING btree ("respondida_at") WHERE "confirmaciones"."observada" and "confirmaciones"."revisada_at" is null;