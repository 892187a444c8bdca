-- The back office's manual adjustments of an account's cash (issue 40, finance): a credit or a
-- debit with a reason; above OPS_ADJUSTMENT_APPROVAL_FEN it waits for a second finance operator.
CREATE TABLE "ops_adjustments" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ops_adjustments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"account_id" bigint NOT NULL,
	"direction" text NOT NULL,
	"amount_fen" bigint NOT NULL,
	"reason" text NOT NULL,
	"status" text NOT NULL,
	"needs_approval" boolean NOT NULL,
	"requested_by" bigint NOT NULL,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_by" bigint,
	"decided_at" timestamp with time zone,
	"decision_note" text,
	"serial_no" text,
	"balance_after_fen" bigint,
	CONSTRAINT "ops_adjustments_amount_positive" CHECK ("ops_adjustments"."amount_fen" > 0)
);
--> statement-breakpoint
ALTER TABLE "ops_adjustments" ADD CONSTRAINT "ops_adjustments_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ops_adjustments" ADD CONSTRAINT "ops_adjustments_requested_by_operators_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ops_adjustments" ADD CONSTRAINT "ops_adjustments_decided_by_operators_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ops_adjustments_status_idx" ON "ops_adjustments" USING btree ("status","requested_at");--> statement-breakpoint
CREATE INDEX "ops_adjustments_account_idx" ON "ops_adjustments" USING btree ("account_id","requested_at");
