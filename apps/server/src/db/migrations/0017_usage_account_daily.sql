CREATE TABLE "usage_account_daily" (
	"account_id" bigint NOT NULL,
	"day" date NOT NULL,
	"sku_code" text NOT NULL,
	"quantity" numeric(24, 6) NOT NULL,
	"amount_fen" bigint NOT NULL,
	"discounted_fen" bigint NOT NULL,
	"voucher_fen" bigint NOT NULL,
	"cash_fen" bigint NOT NULL,
	"outstanding_fen" bigint NOT NULL,
	"records" integer NOT NULL,
	CONSTRAINT "usage_account_daily_account_id_day_sku_code_pk" PRIMARY KEY("account_id","day","sku_code")
);
--> statement-breakpoint
-- The rows already ingested, summed once more.
INSERT INTO "usage_account_daily" ("account_id", "day", "sku_code", "quantity", "amount_fen", "discounted_fen",
                                   "voucher_fen", "cash_fen", "outstanding_fen", "records")
SELECT "account_id", "day", "sku_code", sum("quantity"), sum("amount_fen"), sum("discounted_fen"), sum("voucher_fen"),
       sum("cash_fen"), sum("outstanding_fen"), sum("records")
  FROM "usage_daily"
 GROUP BY "account_id", "day", "sku_code";
