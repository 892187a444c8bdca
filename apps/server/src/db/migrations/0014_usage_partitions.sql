-- Usage records in monthly partitions of their billing day (UTC+8): a month's partition holds
-- exactly the raw records of one statement month. The unique record id moves to its own table
-- (`usage_record_keys`), written in the ingesting transaction: a unique index of a partitioned
-- table must include the partition key, and a record resent with another period must still be
-- recognised. Existing rows are moved.
ALTER TABLE "usage_records" RENAME TO "usage_records_unpartitioned";--> statement-breakpoint
ALTER TABLE "usage_records_unpartitioned" DROP CONSTRAINT "usage_records_pkey";--> statement-breakpoint
DROP INDEX "usage_records_record_key";--> statement-breakpoint
DROP INDEX "usage_records_account_day_idx";--> statement-breakpoint
ALTER SEQUENCE "usage_records_id_seq" RENAME TO "usage_records_unpartitioned_id_seq";--> statement-breakpoint
CREATE TABLE "usage_records" (
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "usage_records_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"record_id" text NOT NULL,
	"account_id" bigint NOT NULL,
	"instance_id" bigint NOT NULL,
	"region_id" bigint NOT NULL,
	"sku_code" text NOT NULL,
	"workspace" text NOT NULL,
	"period_start" timestamp with time zone NOT NULL,
	"period_end" timestamp with time zone NOT NULL,
	"bill_day" date NOT NULL,
	"quantity" numeric NOT NULL,
	"unit_price_fen" numeric NOT NULL,
	"discount_rate" numeric(6, 4) NOT NULL,
	"amount_fen" bigint NOT NULL,
	"discounted_fen" bigint NOT NULL,
	"voucher_fen" bigint NOT NULL,
	"cash_fen" bigint NOT NULL,
	"outstanding_fen" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "usage_records_bill_day_id_pk" PRIMARY KEY("bill_day","id")
) PARTITION BY RANGE ("bill_day");--> statement-breakpoint
ALTER TABLE "usage_records" ADD CONSTRAINT "usage_records_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "usage_records" ADD CONSTRAINT "usage_records_instance_id_instances_id_fk" FOREIGN KEY ("instance_id") REFERENCES "public"."instances"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "usage_records" ADD CONSTRAINT "usage_records_sku_code_skus_code_fk" FOREIGN KEY ("sku_code") REFERENCES "public"."skus"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "usage_records_account_day_idx" ON "usage_records" USING btree ("account_id","bill_day");--> statement-breakpoint
CREATE TABLE "usage_record_keys" (
	"record_id" text PRIMARY KEY NOT NULL,
	"bill_day" date NOT NULL
);--> statement-breakpoint
-- The partition of the month of `day` (`usage_records_YYYY_MM`), created when missing. Concurrent
-- callers queue on a transaction-level advisory lock, so two never create the same one.
CREATE OR REPLACE FUNCTION usage_records_ensure_month(day date) RETURNS text
LANGUAGE plpgsql AS $$
DECLARE
	first date := date_trunc('month', day)::date;
	part text := 'usage_records_' || to_char(first, 'YYYY_MM');
BEGIN
	IF to_regclass(part) IS NULL THEN
		PERFORM pg_advisory_xact_lock(7031204118);
		IF to_regclass(part) IS NULL THEN
			EXECUTE format('CREATE TABLE %I PARTITION OF usage_records FOR VALUES FROM (%L) TO (%L)',
				part, first, (first + interval '1 month')::date);
		END IF;
	END IF;
	RETURN part;
END
$$;--> statement-breakpoint
-- Every month the existing rows cover, and this month and the next three (UTC+8).
SELECT usage_records_ensure_month(m::date)
  FROM generate_series(
         date_trunc('month', least((SELECT min("bill_day") FROM "usage_records_unpartitioned"), (now() AT TIME ZONE 'UTC' + interval '8 hours')::date)),
         date_trunc('month', greatest((SELECT max("bill_day") FROM "usage_records_unpartitioned"), (now() AT TIME ZONE 'UTC' + interval '8 hours')::date + 93)),
         interval '1 month') AS m;--> statement-breakpoint
INSERT INTO "usage_records" OVERRIDING SYSTEM VALUE
SELECT "id", "record_id", "account_id", "instance_id", "region_id", "sku_code", "workspace", "period_start",
       "period_end", "bill_day", "quantity", "unit_price_fen", "discount_rate", "amount_fen", "discounted_fen",
       "voucher_fen", "cash_fen", "outstanding_fen", "created_at"
  FROM "usage_records_unpartitioned";--> statement-breakpoint
INSERT INTO "usage_record_keys" ("record_id", "bill_day")
SELECT "record_id", "bill_day" FROM "usage_records_unpartitioned";--> statement-breakpoint
SELECT setval(pg_get_serial_sequence('usage_records', 'id'), coalesce((SELECT max("id") FROM "usage_records_unpartitioned"), 0) + 1, false);--> statement-breakpoint
DROP TABLE "usage_records_unpartitioned";
