ALTER TABLE "decisiones" ADD COLUMN "a_tiempo" boolean DEFAULT true NOT NULL;--> statement-breakpoint
CREATE INDEX "decisiones_created_idx" ON "decisiones" USING btree ("created_at");