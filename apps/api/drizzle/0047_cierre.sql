CREATE TABLE "alarmas_cierre" (
	"id" serial PRIMARY KEY NOT NULL,
	"periodo" text NOT NULL,
	"linea_id" integer NOT NULL,
	"codigo" text NOT NULL,
	"mensaje" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "liquidacion_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"liquidacion_id" integer NOT NULL,
	"linea_id" integer NOT NULL,
	"tipo" text NOT NULL,
	"importe" integer NOT NULL,
	"coseguro" integer NOT NULL,
	"debito" integer NOT NULL,
	"neto" integer NOT NULL,
	"motivo" text,
	"motivo_text" text,
	"nota" text,
	"lote_id" integer,
	CONSTRAINT "liquidacion_items_tipo" CHECK ("liquidacion_items"."tipo" in ('prestacion','reintegro','debito_os')),
	CONSTRAINT "liquidacion_items_suma" CHECK ("liquidacion_items"."importe" = "liquidacion_items"."coseguro" + "liquidacion_items"."debito" + "liquidacion_items"."neto")
);
--> statement-breakpoint
CREATE TABLE "liquidaciones" (
	"id" serial PRIMARY KEY NOT NULL,
	"periodo" text NOT NULL,
	"profesional_id" integer NOT NULL,
	"lineas" integer NOT NULL,
	"bruto" bigint NOT NULL,
	"coseguros" bigint NOT NULL,
	"debitos" bigint NOT NULL,
	"neto" bigint NOT NULL,
	"emitida_el" date NOT NULL,
	"pagada_el" date,
	CONSTRAINT "liquidaciones_suma" CHECK ("liquidaciones"."bruto" = "liquidaciones"."coseguros" + "liquidaciones"."debitos" + "liquidaciones"."neto")
);
--> statement-breakpoint
CREATE TABLE "lotes" (
	"id" serial PRIMARY KEY NOT NULL,
	"periodo" text NOT NULL,
	"convenio_id" integer NOT NULL,
	"obra_social_id" integer NOT NULL,
	"numero_factura" text NOT NULL,
	"lineas" integer NOT NULL,
	"total" bigint NOT NULL,
	"presentar_antes" date NOT NULL,
	"pagado_el" date,
	CONSTRAINT "lotes_total" CHECK ("lotes"."total" >= 0 and "lotes"."lineas" >= 0)
);
--> statement-breakpoint
CREATE TABLE "periodos" (
	"periodo" text PRIMARY KEY NOT NULL,
	"fecha_cierre" date NOT NULL,
	"semilla" integer NOT NULL,
	"muestra" jsonb NOT NULL,
	"cerrado_at" timestamp with time zone DEFAULT now() NOT NULL,
	"cerrado_by" integer,
	CONSTRAINT "periodos_periodo" CHECK ("periodos"."periodo" ~ '^[0-9]{4}-(0[1-9]|1[0-2])$')
);
--> statement-breakpoint
ALTER TABLE "lineas" ADD COLUMN "cierre" text;--> statement-breakpoint
ALTER TABLE "lineas" ADD COLUMN "importe_aprobado" integer;--> statement-breakpoint
ALTER TABLE "lineas" ADD COLUMN "motivo" text;--> statement-breakpoint
ALTER TABLE "lineas" ADD COLUMN "motivo_text" text;--> statement-breakpoint
ALTER TABLE "lineas" ADD COLUMN "nota" text;--> statement-breakpoint
ALTER TABLE "lineas" ADD COLUMN "muestra" text;--> statement-breakpoint
ALTER TABLE "alarmas_cierre" ADD CONSTRAINT "alarmas_cierre_periodo_periodos_periodo_fk" FOREIGN KEY ("periodo") REFERENCES "public"."periodos"("periodo") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alarmas_cierre" ADD CONSTRAINT "alarmas_cierre_linea_id_lineas_id_fk" FOREIGN KEY ("linea_id") REFERENCES "public"."lineas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "liquidacion_items" ADD CONSTRAINT "liquidacion_items_liquidacion_id_liquidaciones_id_fk" FOREIGN KEY ("liquidacion_id") REFERENCES "public"."liquidaciones"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "liquidacion_items" ADD CONSTRAINT "liquidacion_items_linea_id_lineas_id_fk" FOREIGN KEY ("linea_id") REFERENCES "public"."lineas"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "liquidacion_items" ADD CONSTRAINT "liquidacion_items_lote_id_lotes_id_fk" FOREIGN KEY ("lote_id") REFERENCES "public"."lotes"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "liquidaciones" ADD CONSTRAINT "liquidaciones_periodo_periodos_periodo_fk" FOREIGN KEY ("periodo") REFERENCES "public"."periodos"("periodo") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "liquidaciones" ADD CONSTRAINT "liquidaciones_profesional_id_profesionales_id_fk" FOREIGN KEY ("profesional_id") REFERENCES "public"."profesionales"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lotes" ADD CONSTRAINT "lotes_periodo_periodos_periodo_fk" FOREIGN KEY ("periodo") REFERENCES "public"."periodos"("periodo") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lotes" ADD CONSTRAINT "lotes_convenio_id_convenios_id_fk" FOREIGN KEY ("convenio_id") REFERENCES "public"."convenios"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lotes" ADD CONSTRAINT "lotes_obra_social_id_obras_sociales_id_fk" FOREIGN KEY ("obra_social_id") REFERENCES "public"."obras_sociales"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "periodos" ADD CONSTRAINT "periodos_cerrado_by_users_id_fk" FOREIGN KEY ("cerrado_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "alarmas_cierre_periodo_idx" ON "alarmas_cierre" USING btree ("periodo","linea_id");--> statement-breakpoint
CREATE INDEX "liquidacion_items_liquidacion_idx" ON "liquidacion_items" USING btree ("liquidacion_id","id");--> statement-breakpoint
CREATE INDEX "liquidacion_items_lote_idx" ON "liquidacion_items" USING btree ("lote_id","id") WHERE "liquidacion_items"."lote_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "liquidacion_items_prestacion_key" ON "liquidacion_items" USING btree ("linea_id") WHERE "liquidacion_items"."tipo" = 'prestacion';--> statement-breakpoint
CREATE UNIQUE INDEX "liquidacion_items_reintegro_key" ON "liquidacion_items" USING btree ("linea_id") WHERE "liquidacion_items"."tipo" = 'reintegro';--> statement-breakpoint
CREATE UNIQUE INDEX "liquidaciones_periodo_profesional_key" ON "liquidaciones" USING btree ("periodo","profesional_id");--> statement-breakpoint
CREATE INDEX "liquidaciones_profesional_idx" ON "liquidaciones" USING btree ("profesional_id","periodo");--> statement-breakpoint
CREATE UNIQUE INDEX "lotes_periodo_convenio_key" ON "lotes" USING btree ("periodo","convenio_id");--> statement-breakpoint
CREATE UNIQUE INDEX "lotes_numero_factura_key" ON "lotes" USING btree ("numero_factura");--> statement-breakpoint
CREATE INDEX "lineas_cierre_idx" ON "lineas" USING btree ("cierre","estado") WHERE "lineas"."cierre" is not null;--> statement-breakpoint
CREATE INDEX "lineas_validadas_idx" ON "lineas" USING btree ("afiliado_id","id") WHERE "lineas"."estado" = 'validada';--> statement-breakpoint
ALTER TABLE "lineas" ADD CONSTRAINT "lineas_aprobado" CHECK ("lineas"."importe_aprobado" is null or ("lineas"."importe_aprobado" between 0 and "lineas"."cargo_os"));--> statement-breakpoint
ALTER TABLE "lineas" ADD CONSTRAINT "lineas_muestra" CHECK ("lineas"."muestra" is null or "lineas"."muestra" in ('azar','monto','desvio','aviso','alarma'));