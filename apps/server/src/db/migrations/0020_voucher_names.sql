-- A voucher's name in each language, shown in the reader's (as the catalogue's services, regions
-- and SKUs are): the one name a voucher had becomes both, and the demo's welcome voucher, seeded
-- with its English name only, gets its Chinese one.
ALTER TABLE "vouchers" ADD COLUMN "name_zh" text;--> statement-breakpoint
ALTER TABLE "vouchers" ADD COLUMN "name_en" text;--> statement-breakpoint
UPDATE "vouchers" SET "name_zh" = "name", "name_en" = "name";--> statement-breakpoint
UPDATE "vouchers" SET "name_zh" = '新用户欢迎代金券' WHERE "name" = 'Welcome voucher' AND "code" LIKE 'WELCOME-%';--> statement-breakpoint
ALTER TABLE "vouchers" ALTER COLUMN "name_zh" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "vouchers" ALTER COLUMN "name_en" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "vouchers" DROP COLUMN "name";
