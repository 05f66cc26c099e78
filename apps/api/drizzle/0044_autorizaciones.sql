CREATE TABLE "autorizacion_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"autorizacion_id" integer NOT NULL,
	"codigo_id" integer NOT NULL,
	"pieza" smallint,
	"caras" text DEFAULT '' NOT NULL,
	"sector" text,
	"estado" text DEFAULT 'pendiente' NOT NULL,
	"resultados" jsonb NOT NULL,
	"linea_id" integer,
	CONSTRAINT "autorizacion_items_pieza" CHECK (pieza is null or pieza in (11,12,13,14,15,16,17,18,21,22,23,24,25,26,27,28,31,32,33,34,35,36,37,38,41,42,43,44,45,46,47,48,51,52,53,54,55,61,62,63,64,65,71,72,73,74,75,81,82,83,84,85)),
	CONSTRAINT "autorizacion_items_caras" CHECK ("autorizacion_items"."caras" ~ '^O?V?M?D?P?L?I?C?$'),
	CONSTRAINT "autorizacion_items_estado" CHECK ("autorizacion_items"."estado" in ('pendiente','aprobado','rechazado')),
	CONSTRAINT "autorizacion_items_consumo" CHECK ("autorizacion_items"."linea_id" is null or "autorizacion_items"."estado" = 'aprobado')
);
--> statement-breakpoint
CREATE TABLE "autorizacion_mensajes" (
	"id" serial PRIMARY KEY NOT NULL,
	"autorizacion_id" integer NOT NULL,
	"de" text NOT NULL,
	"autor_id" integer,
	"texto" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "autorizacion_mensajes_de" CHECK ("autorizacion_mensajes"."de" in ('prestador','auditor'))
);
--> statement-breakpoint
CREATE TABLE "autorizaciones" (
	"id" serial PRIMARY KEY NOT NULL,
	"numero" text NOT NULL,
	"afiliado_id" integer NOT NULL,
	"profesional_id" integer NOT NULL,
	"obra_social_id" integer NOT NULL,
	"convenio_id" integer NOT NULL,
	"plan_id" integer NOT NULL,
	"estado" text NOT NULL,
	"nota" text,
	"respuesta_antes" timestamp with time zone,
	"decidida_at" timestamp with time zone,
	"decidida_by" integer,
	"motivo" text,
	"nota_auditor" text,
	"vence_el" date,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "autorizaciones_estado" CHECK (estado in ('en_revision','observada','aprobada','aprobada_parcial','rechazada','consumida','anulada')),
	CONSTRAINT "autorizaciones_numero_format" CHECK ("autorizaciones"."numero" ~ '^AU-[2-9A-HJKMNP-Z]{8}$'),
	CONSTRAINT "autorizaciones_aprobada" CHECK ("autorizaciones"."estado" not in ('aprobada','aprobada_parcial','consumida') or "autorizaciones"."vence_el" is not null)
);
--> statement-breakpoint
CREATE TABLE "decisiones" (
	"id" serial PRIMARY KEY NOT NULL,
	"autorizacion_id" integer,
	"decision" text NOT NULL,
	"estado_antes" text NOT NULL,
	"estado_despues" text NOT NULL,
	"motivo" text,
	"nota" text,
	"auditor_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "convenios" ADD COLUMN "plazo_autorizacion_horas" smallint DEFAULT 48 NOT NULL;--> statement-breakpoint
ALTER TABLE "convenios" ADD COLUMN "vigencia_autorizacion_dias" smallint DEFAULT 90 NOT NULL;--> statement-breakpoint
ALTER TABLE "autorizacion_items" ADD CONSTRAINT "autorizacion_items_autorizacion_id_autorizaciones_id_fk" FOREIGN KEY ("autorizacion_id") REFERENCES "public"."autorizaciones"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "autorizacion_items" ADD CONSTRAINT "autorizacion_items_codigo_id_codigos_prestacion_id_fk" FOREIGN KEY ("codigo_id") REFERENCES "public"."codigos_prestacion"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "autorizacion_items" ADD CONSTRAINT "autorizacion_items_linea_id_lineas_id_fk" FOREIGN KEY ("linea_id") REFERENCES "public"."lineas"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "autorizacion_mensajes" ADD CONSTRAINT "autorizacion_mensajes_autorizacion_id_autorizaciones_id_fk" FOREIGN KEY ("autorizacion_id") REFERENCES "public"."autorizaciones"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "autorizacion_mensajes" ADD CONSTRAINT "autorizacion_mensajes_autor_id_users_id_fk" FOREIGN KEY ("autor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "autorizaciones" ADD CONSTRAINT "autorizaciones_afiliado_id_afiliados_id_fk" FOREIGN KEY ("afiliado_id") REFERENCES "public"."afiliados"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "autorizaciones" ADD CONSTRAINT "autorizaciones_profesional_id_profesionales_id_fk" FOREIGN KEY ("profesional_id") REFERENCES "public"."profesionales"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "autorizaciones" ADD CONSTRAINT "autorizaciones_obra_social_id_obras_sociales_id_fk" FOREIGN KEY ("obra_social_id") REFERENCES "public"."obras_sociales"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "autorizaciones" ADD CONSTRAINT "autorizaciones_convenio_id_convenios_id_fk" FOREIGN KEY ("convenio_id") REFERENCES "public"."convenios"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "autorizaciones" ADD CONSTRAINT "autorizaciones_plan_id_planes_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."planes"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "autorizaciones" ADD CONSTRAINT "autorizaciones_decidida_by_users_id_fk" FOREIGN KEY ("decidida_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "autorizaciones" ADD CONSTRAINT "autorizaciones_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "decisiones" ADD CONSTRAINT "decisiones_autorizacion_id_autorizaciones_id_fk" FOREIGN KEY ("autorizacion_id") REFERENCES "public"."autorizaciones"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "decisiones" ADD CONSTRAINT "decisiones_auditor_id_users_id_fk" FOREIGN KEY ("auditor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "autorizacion_items_autorizacion_idx" ON "autorizacion_items" USING btree ("autorizacion_id");--> statement-breakpoint
CREATE UNIQUE INDEX "autorizacion_items_linea_key" ON "autorizacion_items" USING btree ("linea_id");--> statement-breakpoint
CREATE INDEX "autorizacion_mensajes_autorizacion_idx" ON "autorizacion_mensajes" USING btree ("autorizacion_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "autorizaciones_numero_key" ON "autorizaciones" USING btree ("numero");--> statement-breakpoint
CREATE INDEX "autorizaciones_afiliado_idx" ON "autorizaciones" USING btree ("afiliado_id");--> statement-breakpoint
CREATE INDEX "autorizaciones_profesional_idx" ON "autorizaciones" USING btree ("profesional_id","created_at");--> statement-breakpoint
CREATE INDEX "autorizaciones_cola_idx" ON "autorizaciones" USING btree ("respuesta_antes","id") WHERE "autorizaciones"."estado" in ('en_revision','observada');--> statement-breakpoint
CREATE INDEX "decisiones_autorizacion_idx" ON "decisiones" USING btree ("autorizacion_id");--> statement-breakpoint
ALTER TABLE "convenios" ADD CONSTRAINT "convenios_autorizacion" CHECK ("convenios"."plazo_autorizacion_horas" between 1 and 2160 and "convenios"."vigencia_autorizacion_dias" between 1 and 730);