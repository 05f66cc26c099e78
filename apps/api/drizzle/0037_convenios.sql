CREATE TABLE "aranceles" (
	"id" serial PRIMARY KEY NOT NULL,
	"convenio_id" integer NOT NULL,
	"codigo_id" integer NOT NULL,
	"importe" integer,
	"unidades" integer,
	"vigente_desde" date NOT NULL,
	"vigente_hasta" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "aranceles_importe_o_unidades" CHECK (num_nonnulls("aranceles"."importe", "aranceles"."unidades") = 1),
	CONSTRAINT "aranceles_positivos" CHECK (coalesce("aranceles"."importe", "aranceles"."unidades") >= 0),
	CONSTRAINT "aranceles_vigencia" CHECK ("aranceles"."vigente_hasta" is null or "aranceles"."vigente_hasta" >= "aranceles"."vigente_desde")
);
--> statement-breakpoint
CREATE TABLE "convenios" (
	"id" serial PRIMARY KEY NOT NULL,
	"obra_social_id" integer NOT NULL,
	"nombre" text NOT NULL,
	"vigente_desde" date NOT NULL,
	"vigente_hasta" date,
	"dia_cierre" smallint NOT NULL,
	"plazo_presentacion_dias" smallint NOT NULL,
	"plazo_refacturacion_dias" smallint NOT NULL,
	"requiere_token" boolean DEFAULT false NOT NULL,
	"valor_unidad" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "convenios_vigencia" CHECK ("convenios"."vigente_hasta" is null or "convenios"."vigente_hasta" >= "convenios"."vigente_desde"),
	CONSTRAINT "convenios_dia_cierre" CHECK ("convenios"."dia_cierre" between 1 and 28),
	CONSTRAINT "convenios_plazos" CHECK ("convenios"."plazo_presentacion_dias" between 0 and 365 and "convenios"."plazo_refacturacion_dias" between 0 and 365),
	CONSTRAINT "convenios_valor_unidad" CHECK ("convenios"."valor_unidad" is null or "convenios"."valor_unidad" >= 0)
);
--> statement-breakpoint
ALTER TABLE "aranceles" ADD CONSTRAINT "aranceles_convenio_id_convenios_id_fk" FOREIGN KEY ("convenio_id") REFERENCES "public"."convenios"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "aranceles" ADD CONSTRAINT "aranceles_codigo_id_codigos_prestacion_id_fk" FOREIGN KEY ("codigo_id") REFERENCES "public"."codigos_prestacion"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "convenios" ADD CONSTRAINT "convenios_obra_social_id_obras_sociales_id_fk" FOREIGN KEY ("obra_social_id") REFERENCES "public"."obras_sociales"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "aranceles_version_key" ON "aranceles" USING btree ("convenio_id","codigo_id","vigente_desde");--> statement-breakpoint
CREATE INDEX "aranceles_codigo_idx" ON "aranceles" USING btree ("codigo_id");--> statement-breakpoint
CREATE INDEX "convenios_obra_social_idx" ON "convenios" USING btree ("obra_social_id","vigente_desde");