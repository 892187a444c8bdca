-- AWS Marketplace registration: the ids ResolveCustomer answers, kept on the account (one account per
-- AWS account), and the buyers AWS posted to the registration URL, held an hour behind a reference.
CREATE TABLE "marketplace_arrivals" (
	"reference_hash" "bytea" PRIMARY KEY NOT NULL,
	"token_sealed" text NOT NULL,
	"offer_type" text,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "marketplace_aws_account_id" text;--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "marketplace_license_arn" text;--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "marketplace_product_code" text;--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "marketplace_customer_identifier" text;--> statement-breakpoint
CREATE UNIQUE INDEX "accounts_marketplace_aws_account_id_key" ON "accounts" USING btree ("marketplace_aws_account_id");