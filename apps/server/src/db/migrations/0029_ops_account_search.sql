-- The back office's account search (issue 40, item 2): substring search of accounts (names,
-- company, registration phone and e-mail) and of their verifications (company, credit code) by
-- trigram indexes (users are searched through the user list's users_search_trgm_idx), and a whole
-- e-mail address looked up as it is. pg_trgm is created by migration 0003 (PGlite loads it too).
CREATE INDEX "accounts_ops_search_trgm_idx" ON "accounts" USING gin ((lower("name" || ' ' || "display_name" || ' ' || coalesce("company_name", '') || ' ' || coalesce("registration_phone", '') || ' ' || coalesce("registration_email", ''))) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "certifications_ops_search_trgm_idx" ON "certifications" USING gin ((lower(coalesce("company_name", '') || ' ' || coalesce("credit_code", ''))) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_email_lower_idx" ON "users" USING btree (lower("email"));