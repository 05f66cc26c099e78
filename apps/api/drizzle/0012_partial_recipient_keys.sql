DROP INDEX "notificacion_destinatarios_user_key";--> statement-breakpoint
DROP INDEX "notificacion_destinatarios_afiliado_key";--> statement-breakpoint
CREATE UNIQUE INDEX "notificacion_destinatarios_user_key" ON "notificacion_destinatarios" USING btree ("user_id","notificacion_id") WHERE "notificacion_destinatarios"."user_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "notificacion_destinatarios_afiliado_key" ON "notificacion_destinatarios" USING btree ("afiliado_id","notificacion_id") WHERE "notificacion_destinatarios"."afiliado_id" is not null;