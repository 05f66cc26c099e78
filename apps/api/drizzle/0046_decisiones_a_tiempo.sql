ALTER TABLE "decisiones" ADD COLUMN "a_tiempo" boolean NOT NULL;--> statement-breakpoint
CREATE INDEX "decisiones_created_idx" ON "decisiones" USING btree ("created_at");