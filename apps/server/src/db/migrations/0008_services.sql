CREATE TABLE "account_tags" (
	"account_id" bigint NOT NULL,
	"key" text NOT NULL,
	"value" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "account_tags_account_id_key_pk" PRIMARY KEY("account_id","key")
);
--> statement-breakpoint
CREATE TABLE "csps" (
	"code" text PRIMARY KEY NOT NULL,
	"name_zh" text NOT NULL,
	"name_en" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"is_enabled" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "insight_roles" (
	"code" text PRIMARY KEY NOT NULL,
	"name_zh" text NOT NULL,
	"name_en" text NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "insight_users" (
	"instance_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"account_id" bigint NOT NULL,
	"status" smallint NOT NULL,
	"role" text,
	"fail_reason" text,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "insight_users_instance_id_user_id_pk" PRIMARY KEY("instance_id","user_id"),
	CONSTRAINT "insight_users_status_check" CHECK ("insight_users"."status" between -1 and 5)
);
--> statement-breakpoint
CREATE TABLE "instance_user_sync" (
	"instance_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"account_id" bigint NOT NULL,
	"desired" text NOT NULL,
	"desired_version" integer DEFAULT 1 NOT NULL,
	"synced_version" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "instance_user_sync_instance_id_user_id_pk" PRIMARY KEY("instance_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "instances" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "instances_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"account_id" bigint NOT NULL,
	"service_id" smallint NOT NULL,
	"version_id" bigint NOT NULL,
	"region_id" bigint NOT NULL,
	"instance_name" text NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"url" text,
	"fail_reason" text,
	"operation_id" text,
	"attempt" integer DEFAULT 1 NOT NULL,
	"deadline_at" timestamp with time zone,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"opened_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "instances_status_check" CHECK ("instances"."status" in (-1, 0, 1, 2, 3))
);
--> statement-breakpoint
CREATE TABLE "regions" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "regions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"csp" text NOT NULL,
	"code" text NOT NULL,
	"name_zh" text NOT NULL,
	"name_en" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"is_enabled" boolean DEFAULT true NOT NULL,
	"required_tag" text
);
--> statement-breakpoint
CREATE TABLE "service_regions" (
	"service_id" smallint NOT NULL,
	"region_id" bigint NOT NULL,
	CONSTRAINT "service_regions_service_id_region_id_pk" PRIMARY KEY("service_id","region_id")
);
--> statement-breakpoint
CREATE TABLE "service_versions" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "service_versions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"service_id" smallint NOT NULL,
	"code" text NOT NULL,
	"name_zh" text NOT NULL,
	"name_en" text NOT NULL,
	"trial_days" integer,
	"user_limit" integer,
	"sort" integer DEFAULT 0 NOT NULL,
	"is_enabled" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "services" (
	"id" smallint PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name_zh" text NOT NULL,
	"name_en" text NOT NULL,
	"description_zh" text DEFAULT '' NOT NULL,
	"description_en" text DEFAULT '' NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"is_enabled" boolean DEFAULT true NOT NULL,
	CONSTRAINT "services_code_unique" UNIQUE("code")
);
--> statement-breakpoint
ALTER TABLE "account_tags" ADD CONSTRAINT "account_tags_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insight_users" ADD CONSTRAINT "insight_users_instance_id_instances_id_fk" FOREIGN KEY ("instance_id") REFERENCES "public"."instances"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insight_users" ADD CONSTRAINT "insight_users_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insight_users" ADD CONSTRAINT "insight_users_role_insight_roles_code_fk" FOREIGN KEY ("role") REFERENCES "public"."insight_roles"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "instance_user_sync" ADD CONSTRAINT "instance_user_sync_instance_id_instances_id_fk" FOREIGN KEY ("instance_id") REFERENCES "public"."instances"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "instance_user_sync" ADD CONSTRAINT "instance_user_sync_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "instances" ADD CONSTRAINT "instances_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "instances" ADD CONSTRAINT "instances_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "instances" ADD CONSTRAINT "instances_version_id_service_versions_id_fk" FOREIGN KEY ("version_id") REFERENCES "public"."service_versions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "instances" ADD CONSTRAINT "instances_region_id_regions_id_fk" FOREIGN KEY ("region_id") REFERENCES "public"."regions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "regions" ADD CONSTRAINT "regions_csp_csps_code_fk" FOREIGN KEY ("csp") REFERENCES "public"."csps"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_regions" ADD CONSTRAINT "service_regions_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_regions" ADD CONSTRAINT "service_regions_region_id_regions_id_fk" FOREIGN KEY ("region_id") REFERENCES "public"."regions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_versions" ADD CONSTRAINT "service_versions_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "insight_users_account_idx" ON "insight_users" USING btree ("account_id","status");--> statement-breakpoint
CREATE INDEX "instance_user_sync_user_idx" ON "instance_user_sync" USING btree ("account_id","user_id");--> statement-breakpoint
CREATE INDEX "instance_user_sync_pending_idx" ON "instance_user_sync" USING btree ("instance_id") WHERE "instance_user_sync"."synced_version" < "instance_user_sync"."desired_version";--> statement-breakpoint
CREATE UNIQUE INDEX "instances_name_key" ON "instances" USING btree ("instance_name");--> statement-breakpoint
CREATE UNIQUE INDEX "instances_live_key" ON "instances" USING btree ("account_id","service_id","region_id") WHERE "instances"."status" <> -1;--> statement-breakpoint
CREATE INDEX "instances_account_idx" ON "instances" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE INDEX "instances_opening_idx" ON "instances" USING btree ("deadline_at") WHERE "instances"."status" = 0;--> statement-breakpoint
CREATE UNIQUE INDEX "regions_key" ON "regions" USING btree ("csp","code");--> statement-breakpoint
CREATE UNIQUE INDEX "service_versions_key" ON "service_versions" USING btree ("service_id","code");--> statement-breakpoint
INSERT INTO "services" ("id", "code", "name_zh", "name_en", "description_zh", "description_en", "sort") VALUES
  (1, 'studio', 'Lakehouse', 'Lakehouse', '一体化湖仓：数据集成、开发、调度与治理', 'The lakehouse: data integration, development, scheduling and governance', 1),
  (3, 'hengshi', 'Insight 分析', 'Insight', '自助式 BI：仪表盘、报表与数据分析', 'Self-service BI: dashboards, reports and analysis', 2),
  (2, 'decision', '数据智能助手', 'Data Assistant', '用自然语言查询和分析数据', 'Ask questions of your data in natural language', 3);
--> statement-breakpoint
INSERT INTO "service_versions" ("service_id", "code", "name_zh", "name_en", "trial_days", "user_limit", "sort") VALUES
  (1, 'trial', '试用版', 'Trial', 30, NULL, 1),
  (1, 'formal', '正式版', 'Formal', NULL, NULL, 2),
  (2, 'trial', '试用版', 'Trial', 30, NULL, 1),
  (2, 'formal', '正式版', 'Formal', NULL, NULL, 2),
  (3, 'trial', '试用版', 'Trial', 30, 5, 1),
  (3, 'formal', '正式版', 'Formal', NULL, 50, 2);
--> statement-breakpoint
INSERT INTO "csps" ("code", "name_zh", "name_en", "sort") VALUES
  ('aliyun', '阿里云', 'Alibaba Cloud', 1),
  ('tencent', '腾讯云', 'Tencent Cloud', 2),
  ('huawei', '华为云', 'Huawei Cloud', 3),
  ('aws', '亚马逊云科技', 'AWS', 4);
--> statement-breakpoint
INSERT INTO "regions" ("csp", "code", "name_zh", "name_en", "sort") VALUES
  ('aliyun', 'cn-shanghai', '华东2（上海）', 'China East 2 (Shanghai)', 1),
  ('aliyun', 'cn-beijing', '华北2（北京）', 'China North 2 (Beijing)', 2),
  ('aliyun', 'ap-southeast-1', '新加坡', 'Singapore', 3),
  ('tencent', 'ap-shanghai', '华东地区（上海）', 'East China (Shanghai)', 4),
  ('tencent', 'ap-beijing', '华北地区（北京）', 'North China (Beijing)', 5),
  ('huawei', 'cn-north-4', '华北-北京四', 'CN North-Beijing4', 6),
  ('aws', 'cn-northwest-1', '中国（宁夏）', 'China (Ningxia)', 7),
  ('aws', 'ap-southeast-1', '亚太（新加坡）', 'Asia Pacific (Singapore)', 8);
--> statement-breakpoint
INSERT INTO "service_regions" ("service_id", "region_id")
  SELECT 1, "id" FROM "regions";
--> statement-breakpoint
INSERT INTO "service_regions" ("service_id", "region_id")
  SELECT s.id, r."id" FROM "regions" r CROSS JOIN (VALUES (2), (3)) AS s(id)
  WHERE (r."csp", r."code") IN (('aliyun', 'cn-shanghai'), ('aliyun', 'cn-beijing'), ('tencent', 'ap-shanghai'), ('aws', 'ap-southeast-1'));
--> statement-breakpoint
INSERT INTO "insight_roles" ("code", "name_zh", "name_en", "is_default", "sort") VALUES
  ('analyst', '数据分析师', 'Data analyst', true, 1),
  ('viewer', '数据查看者', 'Data viewer', false, 2),
  ('dataAdmin', '数据管理员', 'Data administrator', false, 3);
