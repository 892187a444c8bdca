CREATE TABLE "contact_change_requests" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "contact_change_requests_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"account_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"operator_id" bigint NOT NULL,
	"operator_name" text NOT NULL,
	"new_email" text,
	"new_phone" text,
	"new_phone_code" text,
	"token_hash" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"consumed_at" timestamp with time zone,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "huawei_licenses" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "huawei_licenses_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"license_id" text NOT NULL,
	"license" text NOT NULL,
	"customer" text NOT NULL,
	"activated_at" timestamp with time zone NOT NULL,
	"expire_time" timestamp with time zone NOT NULL,
	"released_at" timestamp with time zone,
	CONSTRAINT "huawei_licenses_license_id_unique" UNIQUE("license_id")
);
--> statement-breakpoint
CREATE TABLE "invite_codes" (
	"code" text PRIMARY KEY NOT NULL,
	"max_uses" integer DEFAULT 1 NOT NULL,
	"used_count" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "password_policies" (
	"account_id" bigint PRIMARY KEY NOT NULL,
	"required_char_types" jsonb NOT NULL,
	"min_length" integer NOT NULL,
	"expire_days" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" bigint,
	CONSTRAINT "password_policies_min_length_check" CHECK ("password_policies"."min_length" between 8 and 32),
	CONSTRAINT "password_policies_expire_days_check" CHECK ("password_policies"."expire_days" between 0 and 365)
);
--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "registration_ip" text;--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "registration_key_hash" "bytea";--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "registration_info" jsonb;--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "marketplace_customer_id" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "password_reminder_sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "contact_change_requests" ADD CONSTRAINT "contact_change_requests_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_change_requests" ADD CONSTRAINT "contact_change_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "password_policies" ADD CONSTRAINT "password_policies_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "contact_change_requests_token_key" ON "contact_change_requests" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "contact_change_requests_account_idx" ON "contact_change_requests" USING btree ("account_id","created_at");