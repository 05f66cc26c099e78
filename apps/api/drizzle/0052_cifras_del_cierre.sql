CREATE TABLE "cierre_cifras" (
	"periodo" text NOT NULL,
	"obra_social_id" integer NOT NULL,
	"lineas" integer NOT NULL,
	"presentado" bigint NOT NULL,
	"automaticas" integer NOT NULL,
	"debitado_red" bigint NOT NULL,
	CONSTRAINT "cierre_cifras_periodo_obra_social_id_pk" PRIMARY KEY("periodo","obra_social_id")
);
--> statement-breakpoint
CREATE TABLE "cierre_motivos" (
	"id" serial PRIMARY KEY NOT NULL,
	"periodo" text NOT NULL,
	"motivo" text,
	"cantidad" integer NOT NULL,
	"importe" bigint NOT NULL
);
--> statement-breakpoint
ALTER TABLE "cierre_cifras" ADD CONSTRAINT "cierre_cifras_periodo_periodos_periodo_fk" FOREIGN KEY ("periodo") REFERENCES "public"."periodos"("periodo") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cierre_cifras" ADD CONSTRAINT "cierre_cifras_obra_social_id_obras_sociales_id_fk" FOREIGN KEY ("obra_social_id") REFERENCES "public"."obras_sociales"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cierre_motivos" ADD CONSTRAINT "cierre_motivos_periodo_periodos_periodo_fk" FOREIGN KEY ("periodo") REFERENCES "public"."periodos"("periodo") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cierre_motivos_periodo_idx" ON "cierre_motivos" USING btree ("periodo");--> statement-breakpoint
-- The months closed before: their figures, as their closings would have fixed them.
INSERT INTO "cierre_cifras" ("periodo", "obra_social_id", "lineas", "presentado", "automaticas", "debitado_red")
SELECT x.periodo, x.obra_social_id, sum(x.lineas), sum(x.presentado), sum(x.automaticas), sum(x.debitado)
FROM (
  SELECT l.cierre AS periodo, at.obra_social_id, count(*) AS lineas, sum(l.importe) AS presentado,
    count(i.id) FILTER (WHERE l.muestra IS NULL AND i.motivo IS NULL) AS automaticas, 0 AS debitado
  FROM lineas l
  JOIN atenciones at ON at.id = l.atencion_id
  LEFT JOIN liquidacion_items i ON i.linea_id = l.id AND i.tipo = 'prestacion'
  WHERE l.cierre IN (SELECT periodo FROM periodos)
  GROUP BY l.cierre, at.obra_social_id
  UNION ALL
  SELECT q.periodo, at.obra_social_id, 0, 0, 0, sum(i.debito)
  FROM liquidaciones q
  JOIN liquidacion_items i ON i.liquidacion_id = q.id
  JOIN lineas l ON l.id = i.linea_id
  JOIN atenciones at ON at.id = l.atencion_id
  WHERE i.tipo <> 'debito_os' AND i.debito <> 0
  GROUP BY q.periodo, at.obra_social_id) x
GROUP BY x.periodo, x.obra_social_id;--> statement-breakpoint
INSERT INTO "cierre_motivos" ("periodo", "motivo", "cantidad", "importe")
SELECT q.periodo, i.motivo, count(*), sum(i.debito)
FROM liquidaciones q JOIN liquidacion_items i ON i.liquidacion_id = q.id
WHERE i.tipo <> 'debito_os' AND i.debito > 0
GROUP BY q.periodo, i.motivo;
