-- The development platform's own records (its stand-in only): the workspaces each user belongs to on an
-- instance and what it owns there. The demo seed writes them; a user created later holds nothing.
CREATE TABLE "dev_platform_holdings" (
	"instance_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"workspaces" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"scheduled_tasks" integer DEFAULT 0 NOT NULL,
	"sync_tasks" integer DEFAULT 0 NOT NULL,
	"permission_approvals" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "dev_platform_holdings_instance_id_user_id_pk" PRIMARY KEY("instance_id","user_id"),
	CONSTRAINT "dev_platform_holdings_counts_check" CHECK ("dev_platform_holdings"."scheduled_tasks" >= 0 and "dev_platform_holdings"."sync_tasks" >= 0 and "dev_platform_holdings"."permission_approvals" >= 0)
);
--> statement-breakpoint
ALTER TABLE "dev_platform_holdings" ADD CONSTRAINT "dev_platform_holdings_instance_id_instances_id_fk" FOREIGN KEY ("instance_id") REFERENCES "public"."instances"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dev_platform_holdings" ADD CONSTRAINT "dev_platform_holdings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;