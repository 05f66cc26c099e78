CREATE TABLE "adjuntos" (
	"id" serial PRIMARY KEY NOT NULL,
	"autorizacion_id" integer NOT NULL,
	"tipo" text NOT NULL,
	"nombre" text NOT NULL,
	"mime" text NOT NULL,
	"bytes" integer NOT NULL,
	"sha256" text NOT NULL,
	"storage_key" text NOT NULL,
	"subido_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "adjuntos_tipo" CHECK ("adjuntos"."tipo" in ('rx_pre','rx_post','foto','presupuesto')),
	CONSTRAINT "adjuntos_mime" CHECK ("adjuntos"."mime" in ('image/jpeg','image/png','application/pdf')),
	CONSTRAINT "adjuntos_bytes" CHECK ("adjuntos"."bytes" > 0)
);
--> statement-breakpoint
ALTER TABLE "adjuntos" ADD CONSTRAINT "adjuntos_autorizacion_id_autorizaciones_id_fk" FOREIGN KEY ("autorizacion_id") REFERENCES "public"."autorizaciones"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "adjuntos" ADD CONSTRAINT "adjuntos_subido_by_users_id_fk" FOREIGN KEY ("subido_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "adjuntos_autorizacion_idx" ON "adjuntos" USING btree ("autorizacion_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "adjuntos_storage_key" ON "adjuntos" USING btree ("storage_key");