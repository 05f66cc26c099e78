CREATE TABLE "debitos_os" (
	"id" serial PRIMARY KEY NOT NULL,
	"lote_id" integer NOT NULL,
	"linea_id" integer NOT NULL,
	"importe" integer NOT NULL,
	"motivo" text NOT NULL,
	"codigo" text,
	"decision" text,
	"cargo_a" integer,
	"por_regla" boolean DEFAULT false NOT NULL,
	"archivo" text NOT NULL,
	"decidido_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "debitos_os_importe" CHECK ("debitos_os"."importe" > 0),
	CONSTRAINT "debitos_os_decision" CHECK ("debitos_os"."decision" is null or "debitos_os"."decision" in ('trasladado','absorbido')),
	CONSTRAINT "debitos_os_cargo" CHECK (("debitos_os"."decision" = 'trasladado') = ("debitos_os"."cargo_a" is not null))
);
--> statement-breakpoint
ALTER TABLE "liquidacion_items" ADD COLUMN "debito_os_id" integer;--> statement-breakpoint
ALTER TABLE "lineas" ADD COLUMN "refactura_de" integer;--> statement-breakpoint
ALTER TABLE "debitos_os" ADD CONSTRAINT "debitos_os_lote_id_lotes_id_fk" FOREIGN KEY ("lote_id") REFERENCES "public"."lotes"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "debitos_os" ADD CONSTRAINT "debitos_os_linea_id_lineas_id_fk" FOREIGN KEY ("linea_id") REFERENCES "public"."lineas"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "debitos_os" ADD CONSTRAINT "debitos_os_cargo_a_profesionales_id_fk" FOREIGN KEY ("cargo_a") REFERENCES "public"."profesionales"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "debitos_os" ADD CONSTRAINT "debitos_os_decidido_by_users_id_fk" FOREIGN KEY ("decidido_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "debitos_os_lote_linea_key" ON "debitos_os" USING btree ("lote_id","linea_id");--> statement-breakpoint
CREATE INDEX "debitos_os_linea_idx" ON "debitos_os" USING btree ("linea_id");--> statement-breakpoint
ALTER TABLE "liquidacion_items" ADD CONSTRAINT "liquidacion_items_debito_os_id_debitos_os_id_fk" FOREIGN KEY ("debito_os_id") REFERENCES "public"."debitos_os"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lineas" ADD CONSTRAINT "lineas_refactura_de_lineas_id_fk" FOREIGN KEY ("refactura_de") REFERENCES "public"."lineas"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "alarmas_cierre_linea_idx" ON "alarmas_cierre" USING btree ("linea_id");--> statement-breakpoint
CREATE UNIQUE INDEX "liquidacion_items_debito_os_key" ON "liquidacion_items" USING btree ("debito_os_id");--> statement-breakpoint
CREATE UNIQUE INDEX "lineas_refactura_de_key" ON "lineas" USING btree ("refactura_de");--> statement-breakpoint
ALTER TABLE "liquidacion_items" ADD CONSTRAINT "liquidacion_items_debito_os" CHECK (("liquidacion_items"."tipo" = 'debito_os') = ("liquidacion_items"."debito_os_id" is not null));