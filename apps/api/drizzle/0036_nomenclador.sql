CREATE TABLE "codigos_prestacion" (
	"id" serial PRIMARY KEY NOT NULL,
	"codigo" text NOT NULL,
	"capitulo" text NOT NULL,
	"nombre" text NOT NULL,
	"nombre_busqueda" text NOT NULL,
	"norma" text,
	"area" text NOT NULL,
	"caras_min" smallint DEFAULT 0 NOT NULL,
	"caras_max" smallint DEFAULT 0 NOT NULL,
	"denticion" text NOT NULL,
	"unidades" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "codigos_prestacion_codigo_format" CHECK ("codigos_prestacion"."codigo" ~ '^[0-9]{2}\.[0-9]{2}(\.[0-9]{2})?$'),
	CONSTRAINT "codigos_prestacion_capitulo_of_codigo" CHECK ("codigos_prestacion"."capitulo" = left("codigos_prestacion"."codigo", 2)),
	CONSTRAINT "codigos_prestacion_capitulo_known" CHECK ("codigos_prestacion"."capitulo" in ('01','02','03','04','05','06','07','08','09','10')),
	CONSTRAINT "codigos_prestacion_area" CHECK ("codigos_prestacion"."area" in ('boca','arcada','sector','pieza','caras')),
	CONSTRAINT "codigos_prestacion_denticion" CHECK ("codigos_prestacion"."denticion" in ('permanente','temporaria','ambas')),
	CONSTRAINT "codigos_prestacion_caras" CHECK (("codigos_prestacion"."area" = 'caras' and "codigos_prestacion"."caras_min" between 1 and 5 and "codigos_prestacion"."caras_max" between "codigos_prestacion"."caras_min" and 5)
        or ("codigos_prestacion"."area" <> 'caras' and "codigos_prestacion"."caras_min" = 0 and "codigos_prestacion"."caras_max" = 0)),
	CONSTRAINT "codigos_prestacion_unidades" CHECK ("codigos_prestacion"."unidades" is null or "codigos_prestacion"."unidades" > 0)
);
--> statement-breakpoint
CREATE TABLE "grupos_codigos" (
	"id" serial PRIMARY KEY NOT NULL,
	"nombre" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "grupos_codigos_items" (
	"grupo_id" integer NOT NULL,
	"codigo_id" integer NOT NULL,
	CONSTRAINT "grupos_codigos_items_grupo_id_codigo_id_pk" PRIMARY KEY("grupo_id","codigo_id")
);
--> statement-breakpoint
ALTER TABLE "grupos_codigos_items" ADD CONSTRAINT "grupos_codigos_items_grupo_id_grupos_codigos_id_fk" FOREIGN KEY ("grupo_id") REFERENCES "public"."grupos_codigos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grupos_codigos_items" ADD CONSTRAINT "grupos_codigos_items_codigo_id_codigos_prestacion_id_fk" FOREIGN KEY ("codigo_id") REFERENCES "public"."codigos_prestacion"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "codigos_prestacion_codigo_key" ON "codigos_prestacion" USING btree ("codigo");--> statement-breakpoint
CREATE INDEX "codigos_prestacion_capitulo_idx" ON "codigos_prestacion" USING btree ("capitulo","codigo");--> statement-breakpoint
CREATE UNIQUE INDEX "grupos_codigos_nombre_key" ON "grupos_codigos" USING btree (lower("nombre"));--> statement-breakpoint
CREATE INDEX "grupos_codigos_items_codigo_idx" ON "grupos_codigos_items" USING btree ("codigo_id");