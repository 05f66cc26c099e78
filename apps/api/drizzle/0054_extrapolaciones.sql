CREATE TABLE "extrapolaciones" (
	"periodo" text NOT NULL,
	"profesional_id" integer NOT NULL,
	"convenio_id" integer NOT NULL,
	"muestreado" bigint NOT NULL,
	"debitado" bigint NOT NULL,
	"en" text NOT NULL,
	CONSTRAINT "extrapolaciones_periodo_profesional_id_convenio_id_pk" PRIMARY KEY("periodo","profesional_id","convenio_id")
);
--> statement-breakpoint
ALTER TABLE "cierre_motivos" ADD COLUMN "extrapolacion" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "periodos" ADD COLUMN "extrapolan" integer[] DEFAULT '{}'::int[] NOT NULL;--> statement-breakpoint
ALTER TABLE "extrapolaciones" ADD CONSTRAINT "extrapolaciones_periodo_periodos_periodo_fk" FOREIGN KEY ("periodo") REFERENCES "public"."periodos"("periodo") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "extrapolaciones" ADD CONSTRAINT "extrapolaciones_profesional_id_profesionales_id_fk" FOREIGN KEY ("profesional_id") REFERENCES "public"."profesionales"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "extrapolaciones" ADD CONSTRAINT "extrapolaciones_convenio_id_convenios_id_fk" FOREIGN KEY ("convenio_id") REFERENCES "public"."convenios"("id") ON DELETE restrict ON UPDATE no action;