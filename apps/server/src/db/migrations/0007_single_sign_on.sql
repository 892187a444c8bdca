CREATE TABLE "sso_assertion_ids" (
	"account_id" bigint NOT NULL,
	"assertion_id_hash" "bytea" NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sso_assertion_ids_account_id_assertion_id_hash_pk" PRIMARY KEY("account_id","assertion_id_hash")
);
--> statement-breakpoint
CREATE TABLE "sso_configs" (
	"account_id" bigint PRIMARY KEY NOT NULL,
	"protocol" text NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"support_admin_login" boolean DEFAULT true NOT NULL,
	"jit_provisioning" boolean DEFAULT false NOT NULL,
	"oidc_issuer" text,
	"oidc_client_id" text,
	"oidc_client_secret" text,
	"oidc_scopes" text,
	"oidc_username_claim" text,
	"saml_metadata_url" text,
	"saml_metadata_xml" text,
	"saml_idp_entity_id" text,
	"saml_idp_sso_url" text,
	"saml_idp_certs" jsonb,
	"saml_username_attribute" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" bigint,
	CONSTRAINT "sso_configs_protocol_check" CHECK ("sso_configs"."protocol" in ('OIDC', 'SAML2'))
);
--> statement-breakpoint
CREATE TABLE "sso_flows" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sso_flows_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"state_hash" "bytea" NOT NULL,
	"kind" text NOT NULL,
	"protocol" text NOT NULL,
	"account_id" bigint NOT NULL,
	"user_id" bigint,
	"secrets" text NOT NULL,
	"request_id_hash" "bytea",
	"return_to" text,
	"browser_hash" "bytea",
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"consumed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "third_party_bindings" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "third_party_bindings_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"account_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"provider" text NOT NULL,
	"subject" text NOT NULL,
	"external_name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "third_party_settings" (
	"account_id" bigint PRIMARY KEY NOT NULL,
	"login_enabled" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" bigint
);
--> statement-breakpoint
ALTER TABLE "sso_assertion_ids" ADD CONSTRAINT "sso_assertion_ids_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sso_configs" ADD CONSTRAINT "sso_configs_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sso_flows" ADD CONSTRAINT "sso_flows_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "third_party_bindings" ADD CONSTRAINT "third_party_bindings_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "third_party_bindings" ADD CONSTRAINT "third_party_bindings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "third_party_settings" ADD CONSTRAINT "third_party_settings_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sso_assertion_ids_expires_idx" ON "sso_assertion_ids" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "sso_flows_state_key" ON "sso_flows" USING btree ("state_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "sso_flows_request_id_key" ON "sso_flows" USING btree ("request_id_hash");--> statement-breakpoint
CREATE INDEX "sso_flows_expires_idx" ON "sso_flows" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "third_party_bindings_user_key" ON "third_party_bindings" USING btree ("user_id","provider");--> statement-breakpoint
CREATE UNIQUE INDEX "third_party_bindings_subject_key" ON "third_party_bindings" USING btree ("account_id","provider","subject");