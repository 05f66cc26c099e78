CREATE TABLE "planes" (
	"id" serial PRIMARY KEY NOT NULL,
	"obra_social_id" integer NOT NULL,
	"codigo" text NOT NULL,
	"nombre" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reglas" (
	"id" serial PRIMARY KEY NOT NULL,
	"plan_id" integer NOT NULL,
	"codigo_id" integer,
	"grupo_id" integer,
	"capitulo" text,
	"objetivo_clave" text GENERATED ALWAYS AS (coalesce('c' || codigo_id, 'g' || grupo_id, 'k' || capitulo)) STORED NOT NULL,
	"cubre" boolean NOT NULL,
	"cobertura_pct" smallint,
	"coseguro_importe" integer,
	"coseguro_pct" smallint,
	"requiere_autorizacion" boolean DEFAULT false NOT NULL,
	"adjuntos" text[] DEFAULT '{}'::text[] NOT NULL,
	"frecuencia" smallint,
	"periodo_dias" smallint,
	"anio_calendario" boolean DEFAULT false NOT NULL,
	"ambito" text,
	"mismo_prestador" boolean DEFAULT false NOT NULL,
	"edad_min" smallint,
	"edad_max" smallint,
	"carencia_dias" smallint,
	"tope_mensual" smallint,
	"garantia_meses" smallint,
	"vigente_desde" date NOT NULL,
	"vigente_hasta" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reglas_un_objetivo" CHECK (num_nonnulls("reglas"."codigo_id", "reglas"."grupo_id", "reglas"."capitulo") = 1),
	CONSTRAINT "reglas_capitulo" CHECK ("reglas"."capitulo" is null or "reglas"."capitulo" in ('01','02','03','04','05','06','07','08','09','10')),
	CONSTRAINT "reglas_vigencia" CHECK ("reglas"."vigente_hasta" is null or "reglas"."vigente_hasta" >= "reglas"."vigente_desde"),
	CONSTRAINT "reglas_cobertura" CHECK (("reglas"."cubre" and "reglas"."cobertura_pct" between 1 and 100) or (not "reglas"."cubre" and "reglas"."cobertura_pct" is null)),
	CONSTRAINT "reglas_coseguro" CHECK (num_nonnulls("reglas"."coseguro_importe", "reglas"."coseguro_pct") <= 1
        and ("reglas"."coseguro_importe" is null or "reglas"."coseguro_importe" >= 0)
        and ("reglas"."coseguro_pct" is null or "reglas"."coseguro_pct" between 1 and 100)),
	CONSTRAINT "reglas_adjuntos" CHECK ("reglas"."adjuntos" <@ array['rx_pre','rx_post','foto','presupuesto']::text[]),
	CONSTRAINT "reglas_frecuencia" CHECK (("reglas"."frecuencia" is null and "reglas"."periodo_dias" is null and not "reglas"."anio_calendario" and "reglas"."ambito" is null and not "reglas"."mismo_prestador")
        or ("reglas"."frecuencia" between 1 and 99 and "reglas"."ambito" in ('afiliado','pieza','pieza+cara','sector')
          and not ("reglas"."periodo_dias" is not null and "reglas"."anio_calendario")
          and ("reglas"."periodo_dias" is null or "reglas"."periodo_dias" between 1 and 3650))),
	CONSTRAINT "reglas_edad" CHECK (("reglas"."edad_min" is null or "reglas"."edad_min" between 0 and 120) and ("reglas"."edad_max" is null or "reglas"."edad_max" between 0 and 120)
        and ("reglas"."edad_min" is null or "reglas"."edad_max" is null or "reglas"."edad_min" <= "reglas"."edad_max")),
	CONSTRAINT "reglas_limites" CHECK (("reglas"."carencia_dias" is null or "reglas"."carencia_dias" between 0 and 3650)
        and ("reglas"."tope_mensual" is null or "reglas"."tope_mensual" between 1 and 99)
        and ("reglas"."garantia_meses" is null or "reglas"."garantia_meses" between 1 and 240))
);
--> statement-breakpoint
ALTER TABLE "afiliados" ADD COLUMN "plan_id" integer;--> statement-breakpoint
ALTER TABLE "afiliados" ADD COLUMN "numero_afiliado" text;--> statement-breakpoint
ALTER TABLE "afiliados" ADD COLUMN "fecha_alta" date;--> statement-breakpoint
ALTER TABLE "planes" ADD CONSTRAINT "planes_obra_social_id_obras_sociales_id_fk" FOREIGN KEY ("obra_social_id") REFERENCES "public"."obras_sociales"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reglas" ADD CONSTRAINT "reglas_plan_id_planes_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."planes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reglas" ADD CONSTRAINT "reglas_codigo_id_codigos_prestacion_id_fk" FOREIGN KEY ("codigo_id") REFERENCES "public"."codigos_prestacion"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reglas" ADD CONSTRAINT "reglas_grupo_id_grupos_codigos_id_fk" FOREIGN KEY ("grupo_id") REFERENCES "public"."grupos_codigos"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "planes_codigo_key" ON "planes" USING btree ("obra_social_id",lower("codigo"));--> statement-breakpoint
CREATE UNIQUE INDEX "planes_id_obra_social_key" ON "planes" USING btree ("id","obra_social_id");--> statement-breakpoint
CREATE UNIQUE INDEX "reglas_version_key" ON "reglas" USING btree ("plan_id","objetivo_clave","vigente_desde");--> statement-breakpoint
CREATE INDEX "reglas_plan_vigencia_idx" ON "reglas" USING btree ("plan_id","vigente_desde");--> statement-breakpoint
CREATE INDEX "reglas_codigo_idx" ON "reglas" USING btree ("codigo_id");--> statement-breakpoint
CREATE INDEX "reglas_grupo_idx" ON "reglas" USING btree ("grupo_id");--> statement-breakpoint
ALTER TABLE "afiliados" ADD CONSTRAINT "afiliados_plan_fk" FOREIGN KEY ("plan_id","obra_social_id") REFERENCES "public"."planes"("id","obra_social_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "afiliados_plan_idx" ON "afiliados" USING btree ("plan_id");