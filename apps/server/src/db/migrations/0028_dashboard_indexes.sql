-- The back office's dashboard (decision 0054): its daily series and failing lists read by index,
-- not by scanning sessions, top-ups, rated days, jobs and deliveries whole.
CREATE INDEX "jobs_failing_idx" ON "jobs" USING btree ("updated_at") WHERE "jobs"."status" = 'failed' or ("jobs"."status" = 'queued' and "jobs"."attempts" > 0);--> statement-breakpoint
CREATE INDEX "sessions_created_idx" ON "sessions" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "transactions_recharge_created_idx" ON "transactions" USING btree ("created_at") WHERE "transactions"."type" = 'recharge';--> statement-breakpoint
CREATE INDEX "usage_account_daily_day_idx" ON "usage_account_daily" USING btree ("day");--> statement-breakpoint
CREATE INDEX "webhook_deliveries_failing_idx" ON "webhook_deliveries" USING btree ("created_at") WHERE "webhook_deliveries"."status" = 'failed' or ("webhook_deliveries"."status" = 'pending' and "webhook_deliveries"."attempts" > 0);