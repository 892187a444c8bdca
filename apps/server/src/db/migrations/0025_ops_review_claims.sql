-- The back office's review queues: the claims that keep two reviewers off the same item, the
-- reason chosen from a list when an operator rejects a verification or a remittance, and the
-- outcome of an application for a formal account (waiting, approved or declined with a reason).
CREATE TABLE "ops_review_claims" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ops_review_claims_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"kind" text NOT NULL,
	"item_id" bigint NOT NULL,
	"operator_id" bigint NOT NULL,
	"claimed_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ops_review_claims" ADD CONSTRAINT "ops_review_claims_operator_id_operators_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."operators"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ops_review_claims_item_key" ON "ops_review_claims" USING btree ("kind","item_id");--> statement-breakpoint
CREATE INDEX "ops_review_claims_operator_idx" ON "ops_review_claims" USING btree ("operator_id");--> statement-breakpoint
ALTER TABLE "certifications" ADD COLUMN "reason_code" text;--> statement-breakpoint
ALTER TABLE "remittances" ADD COLUMN "review_reason" text;--> statement-breakpoint
ALTER TABLE "formal_applications" ADD COLUMN "status" text DEFAULT 'submitted' NOT NULL;--> statement-breakpoint
ALTER TABLE "formal_applications" ADD COLUMN "reason_code" text;--> statement-breakpoint
ALTER TABLE "formal_applications" ADD COLUMN "reason_note" text;--> statement-breakpoint
ALTER TABLE "formal_applications" ADD COLUMN "decided_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "formal_applications_status_idx" ON "formal_applications" USING btree ("status","created_at");--> statement-breakpoint
-- Applications of accounts that are formal already wait for nothing.
UPDATE "formal_applications" SET "status" = 'approved', "decided_at" = now()
  WHERE "account_id" IN (SELECT "id" FROM "accounts" WHERE "type" = 3);
