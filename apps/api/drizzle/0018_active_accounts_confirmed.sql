-- Accounts already in use when e-mail confirmation arrived count as confirmed; pending sign-up requests must confirm.
UPDATE "users" SET "email_confirmed_at" = "created_at" WHERE "status" = 'active';
