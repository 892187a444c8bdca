CREATE TABLE "certification_attempts" (
	"account_id" bigint NOT NULL,
	"day" date NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "certification_attempts_account_id_day_pk" PRIMARY KEY("account_id","day")
);
--> statement-breakpoint
CREATE TABLE "certifications" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "certifications_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"account_id" bigint NOT NULL,
	"user_id" bigint,
	"type" text NOT NULL,
	"status" text NOT NULL,
	"result" text,
	"face_error" text,
	"manual_review" boolean DEFAULT false NOT NULL,
	"reason" text,
	"person_name_mask" text,
	"id_number_mask" text,
	"company_name" text,
	"credit_code" text,
	"legal_person_name_mask" text,
	"legal_person_id_mask" text,
	"bank_account_mask" text,
	"bank_name" text,
	"license_file_id" text,
	"sealed_data" text NOT NULL,
	"provider_ref" text,
	"decided_by" text,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "face_sessions" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "face_sessions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"certification_id" bigint NOT NULL,
	"account_id" bigint NOT NULL,
	"token_hash" "bytea" NOT NULL,
	"provider_session_id" text NOT NULL,
	"status" text DEFAULT 'waiting' NOT NULL,
	"error_code" text,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "trial_expired_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "certification_attempts" ADD CONSTRAINT "certification_attempts_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certifications" ADD CONSTRAINT "certifications_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "face_sessions" ADD CONSTRAINT "face_sessions_certification_id_certifications_id_fk" FOREIGN KEY ("certification_id") REFERENCES "public"."certifications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "certifications_account_idx" ON "certifications" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE INDEX "certifications_pending_idx" ON "certifications" USING btree ("status","manual_review");--> statement-breakpoint
CREATE UNIQUE INDEX "face_sessions_token_key" ON "face_sessions" USING btree ("token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "face_sessions_provider_key" ON "face_sessions" USING btree ("provider_session_id");