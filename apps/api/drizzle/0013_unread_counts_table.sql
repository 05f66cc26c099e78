CREATE TABLE "notificacion_unread_counts" (
	"user_id" integer NOT NULL,
	"category" text NOT NULL,
	"unread" integer NOT NULL,
	CONSTRAINT "notificacion_unread_counts_user_id_category_pk" PRIMARY KEY("user_id","category")
);
--> statement-breakpoint
ALTER TABLE "notificacion_unread_counts" ADD CONSTRAINT "notificacion_unread_counts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;