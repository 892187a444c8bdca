ALTER TABLE "accounts" ADD COLUMN "trial_extension_days" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
CREATE TABLE "activation_codes" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "activation_codes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"code_hash" "bytea" NOT NULL,
	"kind" text NOT NULL,
	"extend_days" integer DEFAULT 0 NOT NULL,
	"note" text,
	"expires_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"used_by_account_id" bigint,
	"used_at" timestamp with time zone,
	CONSTRAINT "activation_codes_kind_check" CHECK ("activation_codes"."kind" in ('formal', 'extend'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "activation_codes_code_key" ON "activation_codes" USING btree ("code_hash");
--> statement-breakpoint
ALTER TABLE "activation_codes" ADD CONSTRAINT "activation_codes_used_by_account_id_accounts_id_fk" FOREIGN KEY ("used_by_account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
CREATE TABLE "formal_applications" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "formal_applications_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"account_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"contact_name" text NOT NULL,
	"company" text NOT NULL,
	"email" text NOT NULL,
	"open_services" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "formal_applications" ADD CONSTRAINT "formal_applications_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "formal_applications_account_idx" ON "formal_applications" USING btree ("account_id","created_at");
