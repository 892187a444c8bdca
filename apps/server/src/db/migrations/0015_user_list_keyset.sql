-- The user list sorted by username pages on an index-only scan: the username itself is carried so
-- that the planner reads lower(username) and the id from the index alone, at any depth.
CREATE INDEX IF NOT EXISTS "users_account_username_cover_idx" ON "users" USING btree ("account_id",lower("username")) INCLUDE ("username","id");
