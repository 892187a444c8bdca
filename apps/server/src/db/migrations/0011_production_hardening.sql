CREATE TABLE "address_attempts" (
	"address" text NOT NULL,
	"scope" text NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"window_started_at" timestamp with time zone NOT NULL,
	"blocked_until" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "address_attempts_address_scope_pk" PRIMARY KEY("address","scope"),
	CONSTRAINT "address_attempts_scope_check" CHECK ("address_attempts"."scope" in ('login', 'code', 'recovery', 'registration'))
);
--> statement-breakpoint
ALTER TABLE "sso_configs" ADD COLUMN "saml_accept_signed_response" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "sso_configs" ADD COLUMN "saml_metadata_checked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sso_configs" ADD COLUMN "saml_metadata_error" text;--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD COLUMN "message_id" text;--> statement-breakpoint
UPDATE "webhook_deliveries" SET "message_id" = 'msg_' || replace(gen_random_uuid()::text, '-', '') WHERE "message_id" IS NULL;--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ALTER COLUMN "message_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "webhooks" ADD COLUMN "signing_mode" text DEFAULT 'none' NOT NULL;--> statement-breakpoint
ALTER TABLE "webhooks" ADD COLUMN "signing_secret" text;--> statement-breakpoint
ALTER TABLE "webhooks" ADD COLUMN "secret_updated_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "address_attempts_updated_idx" ON "address_attempts" USING btree ("updated_at");--> statement-breakpoint
CREATE UNIQUE INDEX "webhook_deliveries_message_id_key" ON "webhook_deliveries" USING btree ("message_id");--> statement-breakpoint
ALTER TABLE "webhooks" ADD CONSTRAINT "webhooks_signing_mode_check" CHECK ("webhooks"."signing_mode" in ('none', 'standard', 'dingtalk', 'feishu'));
