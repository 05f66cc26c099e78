-- A session opened after its account turned two-factor sign-in on went through the code: it keeps its standing.
UPDATE "user_sessions" SET "second_factor_at" = "user_sessions"."created_at"
  FROM "users"
  WHERE "users"."id" = "user_sessions"."user_id"
    AND "users"."totp_enabled_at" IS NOT NULL
    AND "users"."totp_enabled_at" <= "user_sessions"."created_at";
