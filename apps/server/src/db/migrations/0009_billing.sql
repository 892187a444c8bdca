CREATE TABLE "account_discounts" (
	"account_id" bigint NOT NULL,
	"category" text NOT NULL,
	"rate" numeric(6, 4) NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "account_discounts_account_id_category_pk" PRIMARY KEY("account_id","category"),
	CONSTRAINT "account_discounts_rate_check" CHECK ("account_discounts"."rate" > 0 and "account_discounts"."rate" <= 1)
);
--> statement-breakpoint
CREATE TABLE "alert_configs" (
	"account_id" bigint PRIMARY KEY NOT NULL,
	"is_low_balance_enabled" boolean DEFAULT true NOT NULL,
	"low_balance_fen" bigint DEFAULT 5000 NOT NULL,
	"is_smart_enabled" boolean DEFAULT true NOT NULL,
	"smart_days" jsonb DEFAULT '[7,5,3,1]'::jsonb NOT NULL,
	"recipient_user_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"methods" jsonb DEFAULT '["email"]'::jsonb NOT NULL,
	"webhook_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" bigint
);
--> statement-breakpoint
CREATE TABLE "alert_states" (
	"account_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"is_active" boolean NOT NULL,
	"changed_at" timestamp with time zone NOT NULL,
	"fired_at" timestamp with time zone,
	CONSTRAINT "alert_states_account_id_kind_pk" PRIMARY KEY("account_id","kind")
);
--> statement-breakpoint
CREATE TABLE "funds" (
	"account_id" bigint PRIMARY KEY NOT NULL,
	"cash_fen" bigint DEFAULT 0 NOT NULL,
	"outstanding_fen" bigint DEFAULT 0 NOT NULL,
	"arrears_since" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "funds_non_negative" CHECK ("funds"."cash_fen" >= 0 and "funds"."outstanding_fen" >= 0)
);
--> statement-breakpoint
CREATE TABLE "hook_replays" (
	"digest" "bytea" PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "recharges" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" bigint NOT NULL,
	"user_id" bigint,
	"channel" text NOT NULL,
	"amount_fen" bigint NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"code_url" text,
	"provider_trade_no" text,
	"fail_reason" text,
	"notify_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"paid_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "recharges_amount_positive" CHECK ("recharges"."amount_fen" > 0)
);
--> statement-breakpoint
CREATE TABLE "remittances" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "remittances_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"account_id" bigint NOT NULL,
	"user_id" bigint,
	"amount_fen" bigint NOT NULL,
	"payer_name" text NOT NULL,
	"payer_account" text,
	"upload_id" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"review_note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reviewed_at" timestamp with time zone,
	CONSTRAINT "remittances_amount_positive" CHECK ("remittances"."amount_fen" > 0)
);
--> statement-breakpoint
CREATE TABLE "skus" (
	"code" text PRIMARY KEY NOT NULL,
	"category" text NOT NULL,
	"field" text,
	"service_id" smallint NOT NULL,
	"name_zh" text NOT NULL,
	"name_en" text NOT NULL,
	"unit" text NOT NULL,
	"unit_price_fen" numeric(24, 6) NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "statements" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "statements_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"account_id" bigint NOT NULL,
	"month" text NOT NULL,
	"amount_fen" bigint NOT NULL,
	"discounted_fen" bigint NOT NULL,
	"voucher_fen" bigint NOT NULL,
	"cash_fen" bigint NOT NULL,
	"outstanding_fen" bigint NOT NULL,
	"generated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "transactions" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "transactions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"account_id" bigint NOT NULL,
	"type" text NOT NULL,
	"channel" text NOT NULL,
	"amount_fen" bigint NOT NULL,
	"balance_after_fen" bigint NOT NULL,
	"serial_no" text NOT NULL,
	"reference" text,
	"remark" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "uploads" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" bigint NOT NULL,
	"user_id" bigint,
	"purpose" text NOT NULL,
	"file_name" text NOT NULL,
	"content_type" text NOT NULL,
	"size" integer NOT NULL,
	"storage_key" text NOT NULL,
	"sha256" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "usage_daily" (
	"account_id" bigint NOT NULL,
	"day" date NOT NULL,
	"instance_id" bigint NOT NULL,
	"workspace" text NOT NULL,
	"sku_code" text NOT NULL,
	"quantity" numeric(24, 6) NOT NULL,
	"amount_fen" bigint NOT NULL,
	"discounted_fen" bigint NOT NULL,
	"voucher_fen" bigint NOT NULL,
	"cash_fen" bigint NOT NULL,
	"outstanding_fen" bigint NOT NULL,
	"records" integer NOT NULL,
	CONSTRAINT "usage_daily_account_id_day_instance_id_workspace_sku_code_pk" PRIMARY KEY("account_id","day","instance_id","workspace","sku_code")
);
--> statement-breakpoint
CREATE TABLE "usage_records" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "usage_records_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"record_id" text NOT NULL,
	"account_id" bigint NOT NULL,
	"instance_id" bigint NOT NULL,
	"region_id" bigint NOT NULL,
	"sku_code" text NOT NULL,
	"workspace" text NOT NULL,
	"period_start" timestamp with time zone NOT NULL,
	"period_end" timestamp with time zone NOT NULL,
	"bill_day" date NOT NULL,
	"quantity" numeric(24, 6) NOT NULL,
	"unit_price_fen" numeric(24, 6) NOT NULL,
	"discount_rate" numeric(6, 4) NOT NULL,
	"amount_fen" bigint NOT NULL,
	"discounted_fen" bigint NOT NULL,
	"voucher_fen" bigint NOT NULL,
	"cash_fen" bigint NOT NULL,
	"outstanding_fen" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "voucher_deductions" (
	"voucher_id" bigint NOT NULL,
	"account_id" bigint NOT NULL,
	"day" date NOT NULL,
	"instance_id" bigint NOT NULL,
	"sku_code" text NOT NULL,
	"amount_fen" bigint NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "voucher_deductions_voucher_id_day_instance_id_sku_code_pk" PRIMARY KEY("voucher_id","day","instance_id","sku_code")
);
--> statement-breakpoint
CREATE TABLE "vouchers" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "vouchers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"account_id" bigint NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"face_fen" bigint NOT NULL,
	"available_fen" bigint NOT NULL,
	"effective_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"service_ids" jsonb,
	"region_ids" jsonb,
	"voided_at" timestamp with time zone,
	"void_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vouchers_amounts" CHECK ("vouchers"."available_fen" >= 0 and "vouchers"."available_fen" <= "vouchers"."face_fen")
);
--> statement-breakpoint
CREATE TABLE "webhook_deliveries" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "webhook_deliveries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"webhook_id" bigint NOT NULL,
	"account_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"message" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"response_status" integer,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "webhooks" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "webhooks_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"account_id" bigint NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"url" text NOT NULL,
	"channel" text DEFAULT 'custom' NOT NULL,
	"params_template" text NOT NULL,
	"success_key" text NOT NULL,
	"success_value" text NOT NULL,
	"is_enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "services_paused_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "account_discounts" ADD CONSTRAINT "account_discounts_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_configs" ADD CONSTRAINT "alert_configs_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_states" ADD CONSTRAINT "alert_states_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "funds" ADD CONSTRAINT "funds_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recharges" ADD CONSTRAINT "recharges_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "remittances" ADD CONSTRAINT "remittances_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "remittances" ADD CONSTRAINT "remittances_upload_id_uploads_id_fk" FOREIGN KEY ("upload_id") REFERENCES "public"."uploads"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "skus" ADD CONSTRAINT "skus_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "statements" ADD CONSTRAINT "statements_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "uploads" ADD CONSTRAINT "uploads_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "usage_records" ADD CONSTRAINT "usage_records_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "usage_records" ADD CONSTRAINT "usage_records_instance_id_instances_id_fk" FOREIGN KEY ("instance_id") REFERENCES "public"."instances"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "usage_records" ADD CONSTRAINT "usage_records_sku_code_skus_code_fk" FOREIGN KEY ("sku_code") REFERENCES "public"."skus"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voucher_deductions" ADD CONSTRAINT "voucher_deductions_voucher_id_vouchers_id_fk" FOREIGN KEY ("voucher_id") REFERENCES "public"."vouchers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vouchers" ADD CONSTRAINT "vouchers_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_webhook_id_webhooks_id_fk" FOREIGN KEY ("webhook_id") REFERENCES "public"."webhooks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhooks" ADD CONSTRAINT "webhooks_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "hook_replays_expires_idx" ON "hook_replays" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "recharges_account_idx" ON "recharges" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE INDEX "recharges_pending_idx" ON "recharges" USING btree ("created_at") WHERE "recharges"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "remittances_account_idx" ON "remittances" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "statements_account_month_key" ON "statements" USING btree ("account_id","month");--> statement-breakpoint
CREATE UNIQUE INDEX "transactions_serial_key" ON "transactions" USING btree ("serial_no");--> statement-breakpoint
CREATE INDEX "transactions_account_idx" ON "transactions" USING btree ("account_id","created_at","id");--> statement-breakpoint
CREATE INDEX "uploads_account_idx" ON "uploads" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "usage_records_record_key" ON "usage_records" USING btree ("record_id");--> statement-breakpoint
CREATE INDEX "usage_records_account_day_idx" ON "usage_records" USING btree ("account_id","bill_day");--> statement-breakpoint
CREATE INDEX "voucher_deductions_account_idx" ON "voucher_deductions" USING btree ("account_id","day");--> statement-breakpoint
CREATE UNIQUE INDEX "vouchers_code_key" ON "vouchers" USING btree ("code");--> statement-breakpoint
CREATE INDEX "vouchers_account_idx" ON "vouchers" USING btree ("account_id","expires_at");--> statement-breakpoint
CREATE INDEX "webhook_deliveries_webhook_idx" ON "webhook_deliveries" USING btree ("webhook_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "webhooks_account_name_key" ON "webhooks" USING btree ("account_id","name");--> statement-breakpoint
INSERT INTO "skus" ("code", "category", "field", "service_id", "name_zh", "name_en", "unit", "unit_price_fen", "sort") VALUES
  ('vc_gp', 'compute', 'vcGpEventAmount', 1, '通用型计算集群', 'GP virtual cluster', 'CRU-hour', 40, 1),
  ('vc_ap', 'compute', 'vcApEventAmount', 1, '分析型计算集群', 'AP virtual cluster', 'CRU-hour', 50, 2),
  ('vc_integration', 'compute', NULL, 1, '同步型计算集群', 'Integration virtual cluster', 'CRU-hour', 30, 3),
  ('bulk_ingestion', 'compute', 'bulkIngestionAmount', 1, '批量导入', 'Bulk ingestion', 'CRU-hour', 25, 4),
  ('stream_ingestion', 'compute', 'streamIngestionAmount', 1, '实时导入', 'Stream ingestion', 'CRU-hour', 35, 5),
  ('task_schedule', 'compute', 'taskScheduleAmount', 1, '任务调度', 'Task scheduling', 'CRU-hour', 10, 6),
  ('serverless_job', 'compute', 'serverlessJobAmount', 1, 'Serverless 作业', 'Serverless jobs', 'CRU-hour', 45, 7),
  ('decision_vc_gp', 'compute', 'decisionVclusterGpAmount', 2, '数据智能助手通用型集群', 'Data assistant GP cluster', 'CRU-hour', 60, 8),
  ('decision_vc_ap', 'compute', 'decisionVclusterApAmount', 2, '数据智能助手分析型集群', 'Data assistant AP cluster', 'CRU-hour', 70, 9),
  ('managed_storage', 'storage', 'storageOssAmount', 1, '托管存储', 'Managed storage', 'GiB-day', 0.42, 10),
  ('retained_storage', 'storage', NULL, 1, '保留存储', 'Retained storage', 'GiB-day', 0.21, 11),
  ('job_temp_storage', 'storage', NULL, 1, '作业临时存储', 'Job temporary storage', 'GiB-day', 0.42, 12),
  ('user_volume_storage', 'storage', NULL, 1, '用户卷存储', 'User volume storage', 'GiB-day', 0.42, 13),
  ('internet_egress', 'network', 'externalNetworkAmount', 1, '公网流出流量', 'Internet egress', 'GB', 50, 14),
  ('model_input_tokens', 'ai', NULL, 2, '模型输入 Token', 'Model input tokens', '1K tokens', 0.4, 15),
  ('model_output_tokens', 'ai', NULL, 2, '模型输出 Token', 'Model output tokens', '1K tokens', 1.2, 16);
--> statement-breakpoint
INSERT INTO "funds" ("account_id") SELECT "id" FROM "accounts" ON CONFLICT DO NOTHING;
--> statement-breakpoint
ANALYZE "skus", "services", "service_versions", "regions", "csps";
