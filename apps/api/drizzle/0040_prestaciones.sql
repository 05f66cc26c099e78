CREATE TABLE "atenciones" (
	"id" serial PRIMARY KEY NOT NULL,
	"codigo_validacion" text NOT NULL,
	"afiliado_id" integer NOT NULL,
	"profesional_id" integer NOT NULL,
	"obra_social_id" integer NOT NULL,
	"convenio_id" integer NOT NULL,
	"plan_id" integer NOT NULL,
	"fecha" date NOT NULL,
	"canal" text DEFAULT 'normal' NOT NULL,
	"token_probado" boolean DEFAULT false NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "atenciones_canal" CHECK ("atenciones"."canal" in ('normal','urgencia')),
	CONSTRAINT "atenciones_codigo_validacion_format" CHECK ("atenciones"."codigo_validacion" ~ '^[2-9A-HJKMNP-Z]{4}-[2-9A-HJKMNP-Z]{4}$')
);
--> statement-breakpoint
CREATE TABLE "lineas" (
	"id" serial PRIMARY KEY NOT NULL,
	"atencion_id" integer NOT NULL,
	"afiliado_id" integer NOT NULL,
	"profesional_id" integer NOT NULL,
	"codigo_id" integer NOT NULL,
	"fecha" date NOT NULL,
	"periodo" text NOT NULL,
	"pieza" smallint,
	"caras" text DEFAULT '' NOT NULL,
	"sector" text,
	"autorizacion" text,
	"adjuntos" text[] DEFAULT '{}'::text[] NOT NULL,
	"importe" integer NOT NULL,
	"coseguro" integer NOT NULL,
	"cargo_os" integer NOT NULL,
	"estado" text DEFAULT 'validada' NOT NULL,
	"resultados" jsonb NOT NULL,
	"regularizar_antes" date,
	"anulada_at" timestamp with time zone,
	"anulada_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lineas_pieza" CHECK (pieza is null or pieza in (11,12,13,14,15,16,17,18,21,22,23,24,25,26,27,28,31,32,33,34,35,36,37,38,41,42,43,44,45,46,47,48,51,52,53,54,55,61,62,63,64,65,71,72,73,74,75,81,82,83,84,85)),
	CONSTRAINT "lineas_caras" CHECK ("lineas"."caras" ~ '^O?V?M?D?P?L?I?C?$'),
	CONSTRAINT "lineas_sector" CHECK ("lineas"."sector" is null or "lineas"."sector" in ('SD','SA','SI','ID','IA','II','S','I')),
	CONSTRAINT "lineas_estado" CHECK (estado in ('validada','presentada','aprobada','aprobada_parcial','observada','rechazada','reconsideracion','liquidada','facturada','debitada_os','refacturada','anulada')),
	CONSTRAINT "lineas_periodo" CHECK ("lineas"."periodo" = to_char("lineas"."fecha", 'YYYY-MM')),
	CONSTRAINT "lineas_importes" CHECK ("lineas"."importe" >= 0 and "lineas"."coseguro" >= 0 and "lineas"."cargo_os" >= 0 and "lineas"."coseguro" + "lineas"."cargo_os" = "lineas"."importe"),
	CONSTRAINT "lineas_anulada" CHECK (("lineas"."estado" = 'anulada') = ("lineas"."anulada_at" is not null))
);
--> statement-breakpoint
ALTER TABLE "convenios" DROP CONSTRAINT "convenios_plazos";--> statement-breakpoint
ALTER TABLE "convenios" ADD COLUMN "plazo_urgencia_dias" smallint DEFAULT 3 NOT NULL;--> statement-breakpoint
ALTER TABLE "atenciones" ADD CONSTRAINT "atenciones_afiliado_id_afiliados_id_fk" FOREIGN KEY ("afiliado_id") REFERENCES "public"."afiliados"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "atenciones" ADD CONSTRAINT "atenciones_profesional_id_profesionales_id_fk" FOREIGN KEY ("profesional_id") REFERENCES "public"."profesionales"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "atenciones" ADD CONSTRAINT "atenciones_obra_social_id_obras_sociales_id_fk" FOREIGN KEY ("obra_social_id") REFERENCES "public"."obras_sociales"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "atenciones" ADD CONSTRAINT "atenciones_convenio_id_convenios_id_fk" FOREIGN KEY ("convenio_id") REFERENCES "public"."convenios"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "atenciones" ADD CONSTRAINT "atenciones_plan_id_planes_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."planes"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "atenciones" ADD CONSTRAINT "atenciones_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lineas" ADD CONSTRAINT "lineas_atencion_id_atenciones_id_fk" FOREIGN KEY ("atencion_id") REFERENCES "public"."atenciones"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lineas" ADD CONSTRAINT "lineas_afiliado_id_afiliados_id_fk" FOREIGN KEY ("afiliado_id") REFERENCES "public"."afiliados"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lineas" ADD CONSTRAINT "lineas_profesional_id_profesionales_id_fk" FOREIGN KEY ("profesional_id") REFERENCES "public"."profesionales"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lineas" ADD CONSTRAINT "lineas_codigo_id_codigos_prestacion_id_fk" FOREIGN KEY ("codigo_id") REFERENCES "public"."codigos_prestacion"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lineas" ADD CONSTRAINT "lineas_anulada_by_users_id_fk" FOREIGN KEY ("anulada_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "atenciones_codigo_validacion_key" ON "atenciones" USING btree ("codigo_validacion");--> statement-breakpoint
CREATE INDEX "atenciones_afiliado_idx" ON "atenciones" USING btree ("afiliado_id","fecha");--> statement-breakpoint
CREATE INDEX "lineas_afiliado_idx" ON "lineas" USING btree ("afiliado_id","fecha");--> statement-breakpoint
CREATE INDEX "lineas_profesional_periodo_idx" ON "lineas" USING btree ("profesional_id","periodo","fecha");--> statement-breakpoint
CREATE INDEX "lineas_atencion_idx" ON "lineas" USING btree ("atencion_id");--> statement-breakpoint
CREATE INDEX "lineas_codigo_idx" ON "lineas" USING btree ("codigo_id");--> statement-breakpoint
ALTER TABLE "convenios" ADD CONSTRAINT "convenios_plazos" CHECK ("convenios"."plazo_presentacion_dias" between 0 and 365 and "convenios"."plazo_refacturacion_dias" between 0 and 365
        and "convenios"."plazo_urgencia_dias" between 0 and 365);--> statement-breakpoint
-- Dentists validate at the chair: a network's existing PRESTADOR role gains the permission (the
-- seed gives default permissions only to roles it creates). On an empty database there is no role
-- yet and the seed gives it.
INSERT INTO "permissions" ("name", "description")
  VALUES ('PRESTACIONES.VALIDATE', 'Atender: validar prestaciones en el consultorio')
  ON CONFLICT ("name") DO NOTHING;--> statement-breakpoint
INSERT INTO "role_permissions" ("role_id", "permission_id")
  SELECT r."id", p."id" FROM "roles" r, "permissions" p
  WHERE r."name" = 'PRESTADOR' AND p."name" = 'PRESTACIONES.VALIDATE'
  ON CONFLICT DO NOTHING;
