CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "users_account_id_idx" ON "users" USING btree ("account_id","id");--> statement-breakpoint
CREATE INDEX "users_account_last_login_idx" ON "users" USING btree ("account_id","last_login_at","id");--> statement-breakpoint
CREATE INDEX "users_search_trgm_idx" ON "users" USING gin ((lower("username" || ' ' || "display_name" || ' ' || coalesce("phone", '') || ' ' || coalesce("email", ''))) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_deleted_idx" ON "users" USING btree ("deleted_at") WHERE "users"."deleted_at" is not null;--> statement-breakpoint
CREATE INDEX "contact_change_requests_user_idx" ON "contact_change_requests" USING btree ("user_id") WHERE "contact_change_requests"."consumed_at" is null and "contact_change_requests"."revoked_at" is null;
