CREATE TABLE "afiliados" (
	"id" serial PRIMARY KEY NOT NULL,
	"nombre" text NOT NULL,
	"nombre_busqueda" text NOT NULL,
	"tipo_documento" text NOT NULL,
	"documento" text NOT NULL,
	"fecha_nacimiento" date,
	"obra_social_id" integer,
	"email" text,
	"email_pendiente" text,
	"email_token_hash" text,
	"email_token_expires_at" timestamp with time zone,
	"telefono" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notificacion_destinatarios" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"notificacion_id" integer NOT NULL,
	"user_id" integer,
	"afiliado_id" integer,
	"read_at" timestamp with time zone,
	CONSTRAINT "notificacion_destinatarios_one_recipient" CHECK (num_nonnulls("notificacion_destinatarios"."user_id", "notificacion_destinatarios"."afiliado_id") = 1)
);
--> statement-breakpoint
CREATE TABLE "notificaciones" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"category" text NOT NULL,
	"recipient_type" text NOT NULL,
	"file_key" text NOT NULL,
	"file_name" text NOT NULL,
	"file_size" integer NOT NULL,
	"filters" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "obras_sociales" (
	"id" serial PRIMARY KEY NOT NULL,
	"nombre" text NOT NULL,
	"mails" text[] DEFAULT '{}'::text[] NOT NULL,
	"telefonos" text[] DEFAULT '{}'::text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "especialidades" (
	"id" serial PRIMARY KEY NOT NULL,
	"nombre" text NOT NULL,
	CONSTRAINT "especialidades_nombre_unique" UNIQUE("nombre")
);
--> statement-breakpoint
CREATE TABLE "profesional_especialidades" (
	"profesional_id" integer NOT NULL,
	"especialidad_id" integer NOT NULL,
	CONSTRAINT "profesional_especialidades_profesional_id_especialidad_id_pk" PRIMARY KEY("profesional_id","especialidad_id")
);
--> statement-breakpoint
CREATE TABLE "profesional_obras_sociales" (
	"profesional_id" integer NOT NULL,
	"obra_social_id" integer NOT NULL,
	CONSTRAINT "profesional_obras_sociales_profesional_id_obra_social_id_pk" PRIMARY KEY("profesional_id","obra_social_id")
);
--> statement-breakpoint
CREATE TABLE "profesionales" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"nombre" text NOT NULL,
	"razon_social" text,
	"busqueda" text DEFAULT '' NOT NULL,
	"email" text NOT NULL,
	"telefono" text,
	"direccion" text,
	"depto" text,
	"lat" numeric(9, 6),
	"long" numeric(9, 6),
	"localidad" text,
	"zona_id" integer,
	"horarios" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"guardias" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "zonas" (
	"id" serial PRIMARY KEY NOT NULL,
	"nombre" text NOT NULL,
	"numero" integer NOT NULL,
	CONSTRAINT "zonas_numero_unique" UNIQUE("numero")
);
--> statement-breakpoint
CREATE TABLE "app_settings" (
	"key" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "audit_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"actor_user_id" integer,
	"actor_label" text NOT NULL,
	"action" text NOT NULL,
	"entity" text NOT NULL,
	"entity_id" text,
	"details" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "geocode_cache" (
	"query" text PRIMARY KEY NOT NULL,
	"results" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mail_outbox" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"to" text NOT NULL,
	"subject" text NOT NULL,
	"text" text NOT NULL,
	"html" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "rate_limits" (
	"key" text PRIMARY KEY NOT NULL,
	"count" integer NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "password_reset_tokens" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "password_reset_tokens_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "permissions" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text NOT NULL,
	CONSTRAINT "permissions_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "role_permissions" (
	"role_id" integer NOT NULL,
	"permission_id" integer NOT NULL,
	CONSTRAINT "role_permissions_role_id_permission_id_pk" PRIMARY KEY("role_id","permission_id")
);
--> statement-breakpoint
CREATE TABLE "roles" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	CONSTRAINT "roles_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "user_roles" (
	"user_id" integer NOT NULL,
	"role_id" integer NOT NULL,
	CONSTRAINT "user_roles_user_id_role_id_pk" PRIMARY KEY("user_id","role_id")
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"password_hash" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"token_version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "afiliados" ADD CONSTRAINT "afiliados_obra_social_id_obras_sociales_id_fk" FOREIGN KEY ("obra_social_id") REFERENCES "public"."obras_sociales"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notificacion_destinatarios" ADD CONSTRAINT "notificacion_destinatarios_notificacion_id_notificaciones_id_fk" FOREIGN KEY ("notificacion_id") REFERENCES "public"."notificaciones"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notificacion_destinatarios" ADD CONSTRAINT "notificacion_destinatarios_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notificacion_destinatarios" ADD CONSTRAINT "notificacion_destinatarios_afiliado_id_afiliados_id_fk" FOREIGN KEY ("afiliado_id") REFERENCES "public"."afiliados"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notificaciones" ADD CONSTRAINT "notificaciones_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profesional_especialidades" ADD CONSTRAINT "profesional_especialidades_profesional_id_profesionales_id_fk" FOREIGN KEY ("profesional_id") REFERENCES "public"."profesionales"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profesional_especialidades" ADD CONSTRAINT "profesional_especialidades_especialidad_id_especialidades_id_fk" FOREIGN KEY ("especialidad_id") REFERENCES "public"."especialidades"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profesional_obras_sociales" ADD CONSTRAINT "profesional_obras_sociales_profesional_id_profesionales_id_fk" FOREIGN KEY ("profesional_id") REFERENCES "public"."profesionales"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profesional_obras_sociales" ADD CONSTRAINT "profesional_obras_sociales_obra_social_id_obras_sociales_id_fk" FOREIGN KEY ("obra_social_id") REFERENCES "public"."obras_sociales"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profesionales" ADD CONSTRAINT "profesionales_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profesionales" ADD CONSTRAINT "profesionales_zona_id_zonas_id_fk" FOREIGN KEY ("zona_id") REFERENCES "public"."zonas"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "password_reset_tokens" ADD CONSTRAINT "password_reset_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "role_permissions" ADD CONSTRAINT "role_permissions_role_id_roles_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."roles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "role_permissions" ADD CONSTRAINT "role_permissions_permission_id_permissions_id_fk" FOREIGN KEY ("permission_id") REFERENCES "public"."permissions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_roles" ADD CONSTRAINT "user_roles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_roles" ADD CONSTRAINT "user_roles_role_id_roles_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."roles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "afiliados_documento_key" ON "afiliados" USING btree ("documento" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "afiliados_nombre_busqueda_trgm_idx" ON "afiliados" USING gin ("nombre_busqueda" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "afiliados_nombre_busqueda_idx" ON "afiliados" USING btree ("nombre_busqueda" text_pattern_ops,"id");--> statement-breakpoint
CREATE INDEX "afiliados_obra_social_idx" ON "afiliados" USING btree ("obra_social_id","nombre_busqueda");--> statement-breakpoint
CREATE UNIQUE INDEX "afiliados_email_token_key" ON "afiliados" USING btree ("email_token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "notificacion_destinatarios_user_key" ON "notificacion_destinatarios" USING btree ("user_id","notificacion_id");--> statement-breakpoint
CREATE UNIQUE INDEX "notificacion_destinatarios_afiliado_key" ON "notificacion_destinatarios" USING btree ("afiliado_id","notificacion_id");--> statement-breakpoint
CREATE INDEX "notificacion_destinatarios_notificacion_idx" ON "notificacion_destinatarios" USING btree ("notificacion_id");--> statement-breakpoint
CREATE INDEX "notificaciones_category_created_idx" ON "notificaciones" USING btree ("category","created_at");--> statement-breakpoint
CREATE INDEX "notificaciones_created_idx" ON "notificaciones" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "obras_sociales_nombre_key" ON "obras_sociales" USING btree (lower("nombre"));--> statement-breakpoint
CREATE INDEX "profesional_especialidades_esp_idx" ON "profesional_especialidades" USING btree ("especialidad_id");--> statement-breakpoint
CREATE INDEX "profesional_obras_sociales_os_idx" ON "profesional_obras_sociales" USING btree ("obra_social_id");--> statement-breakpoint
CREATE UNIQUE INDEX "profesionales_user_key" ON "profesionales" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "profesionales_busqueda_trgm_idx" ON "profesionales" USING gin ("busqueda" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "profesionales_nombre_idx" ON "profesionales" USING btree ("nombre");--> statement-breakpoint
CREATE INDEX "profesionales_zona_idx" ON "profesionales" USING btree ("zona_id");--> statement-breakpoint
CREATE INDEX "audit_log_entity_idx" ON "audit_log" USING btree ("entity","entity_id");--> statement-breakpoint
CREATE INDEX "audit_log_created_idx" ON "audit_log" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "mail_outbox_pending_idx" ON "mail_outbox" USING btree ("next_attempt_at") WHERE "mail_outbox"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "rate_limits_expires_idx" ON "rate_limits" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "password_reset_tokens_user_idx" ON "password_reset_tokens" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "user_roles_role_idx" ON "user_roles" USING btree ("role_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_key" ON "users" USING btree ("email");--> statement-breakpoint
CREATE INDEX "users_pending_idx" ON "users" USING btree ("created_at") WHERE "users"."status" = 'pending';