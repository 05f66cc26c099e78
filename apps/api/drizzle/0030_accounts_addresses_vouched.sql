-- Staff vouch for the address of an account they invite, as for one they create; accounts already
-- invited or deactivated count as confirmed, so only an address changed by someone else waits for its owner.
UPDATE "users" SET "email_confirmed_at" = "created_at" WHERE "status" IN ('invited', 'inactive') AND "email_confirmed_at" IS NULL;
