CREATE TABLE "profesional_recordatorios" (
	"profesional_id" integer PRIMARY KEY NOT NULL,
	"enviado_at" timestamp with time zone DEFAULT now() NOT NULL,
	"token_hash" text,
	"expira_at" timestamp with time zone,
	CONSTRAINT "profesional_recordatorios_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
ALTER TABLE "profesional_recordatorios" ADD CONSTRAINT "profesional_recordatorios_profesional_id_profesionales_id_fk" FOREIGN KEY ("profesional_id") REFERENCES "public"."profesionales"("id") ON DELETE cascade ON UPDATE no action;