ALTER TABLE "mail_outbox" ADD COLUMN "template" text NOT NULL DEFAULT 'desconocida';--> statement-breakpoint
ALTER TABLE "mail_outbox" ALTER COLUMN "template" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "carries_secret" boolean DEFAULT false NOT NULL;--> statement-breakpoint
UPDATE "mail_outbox" SET "template" = CASE "subject"
  WHEN 'Red Dental: recuperación de contraseña' THEN 'recuperar-contrasena'
  WHEN 'Red Dental: confirme su email' THEN 'confirmar-email'
  WHEN 'Red Dental: cambio de email en el portal de afiliados' THEN 'aviso-cambio-email'
  WHEN 'Red Dental: recibimos su solicitud de registro' THEN 'registro-recibido'
  WHEN 'Red Dental: su solicitud fue aprobada' THEN 'solicitud-aprobada'
  ELSE 'desconocida' END;--> statement-breakpoint
UPDATE "mail_outbox" SET "carries_secret" = true
  WHERE "template" IN ('recuperar-contrasena', 'confirmar-email')
     OR "text" LIKE '%/recover-password/%' OR "text" LIKE '%/confirmar-email/%';--> statement-breakpoint
UPDATE "mail_outbox" SET "text" = '', "html" = NULL WHERE "carries_secret" AND "status" <> 'pending';
