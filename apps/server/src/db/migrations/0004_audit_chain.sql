-- Audit log: a hash chain per account, keyset indexes for the list, and the purge marker.
-- Entries of the installation itself (license activation and release) have no account.
ALTER TABLE "audit_entries" ALTER COLUMN "account_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "audit_entries" ADD COLUMN "seq" bigint;--> statement-breakpoint
ALTER TABLE "audit_entries" ADD COLUMN "prev_hash" bytea;--> statement-breakpoint
ALTER TABLE "audit_entries" ADD COLUMN "hash" bytea;--> statement-breakpoint
-- One row per chain: account_id 0 is the installation's chain (entries without an account).
CREATE TABLE "audit_chain_heads" (
	"account_id" bigint PRIMARY KEY NOT NULL,
	"seq" bigint NOT NULL,
	"hash" bytea NOT NULL
);
--> statement-breakpoint
CREATE TABLE "audit_chain_purges" (
	"account_id" bigint PRIMARY KEY NOT NULL,
	"seq" bigint NOT NULL,
	"hash" bytea NOT NULL,
	"purged_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- One field of the canonical text: "~" for null, else "<characters>:<text>".
CREATE FUNCTION audit_field(v text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN v IS NULL THEN '~' ELSE length(v)::text || ':' || v END
$$;
--> statement-breakpoint
-- The canonical text of an entry that its hash covers (reproduced by the verifier in audit.chain.ts).
CREATE FUNCTION audit_entry_canonical(e audit_entries) RETURNS text LANGUAGE sql STABLE AS $$
  SELECT concat_ws('|', 'v1',
    audit_field(e.account_id::text), audit_field(e.seq::text),
    audit_field(((extract(epoch FROM e.created_at) * 1000000)::bigint)::text),
    audit_field(e.user_id::text), audit_field(e.username), audit_field(e.action),
    audit_field(e.object_type), audit_field(e.object_id), audit_field(e.object_name),
    audit_field(e.status::text), audit_field(e.info::text), audit_field(e.ip), audit_field(e.request_id))
$$;
--> statement-breakpoint
-- Chains every new entry, whoever inserts it: the account's head row is locked (FOR UPDATE) until
-- the inserting transaction ends, so appends of one account are serialised and those of different
-- accounts never wait on each other.
CREATE FUNCTION audit_entries_chain() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  chain bigint;
  head_seq bigint;
  head_hash bytea;
BEGIN
  chain := coalesce(NEW.account_id, 0);
  SELECT seq, hash INTO head_seq, head_hash FROM audit_chain_heads WHERE account_id = chain FOR UPDATE;
  IF NOT FOUND THEN
    INSERT INTO audit_chain_heads (account_id, seq, hash)
      VALUES (chain, 0, decode(repeat('00', 32), 'hex')) ON CONFLICT (account_id) DO NOTHING;
    SELECT seq, hash INTO head_seq, head_hash FROM audit_chain_heads WHERE account_id = chain FOR UPDATE;
  END IF;
  NEW.seq := head_seq + 1;
  NEW.prev_hash := head_hash;
  NEW.hash := sha256(head_hash || convert_to(audit_entry_canonical(NEW), 'UTF8'));
  UPDATE audit_chain_heads SET seq = NEW.seq, hash = NEW.hash WHERE account_id = chain;
  RETURN NEW;
END
$$;
--> statement-breakpoint
-- Chains the entries written before this migration, per account in the order they were written.
DO $$
DECLARE
  r audit_entries%ROWTYPE;
  current_account bigint := NULL;
  prev bytea;
  n bigint;
BEGIN
  FOR r IN SELECT * FROM audit_entries ORDER BY account_id, id LOOP
    IF current_account IS DISTINCT FROM r.account_id THEN
      IF current_account IS NOT NULL THEN
        INSERT INTO audit_chain_heads (account_id, seq, hash) VALUES (current_account, n, prev);
      END IF;
      current_account := r.account_id;
      prev := decode(repeat('00', 32), 'hex');
      n := 0;
    END IF;
    n := n + 1;
    r.seq := n;
    r.prev_hash := prev;
    r.hash := sha256(prev || convert_to(audit_entry_canonical(r), 'UTF8'));
    UPDATE audit_entries SET seq = r.seq, prev_hash = r.prev_hash, hash = r.hash WHERE id = r.id;
    prev := r.hash;
  END LOOP;
  IF current_account IS NOT NULL THEN
    INSERT INTO audit_chain_heads (account_id, seq, hash) VALUES (current_account, n, prev);
  END IF;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "audit_entries_chain" BEFORE INSERT ON "audit_entries" FOR EACH ROW EXECUTE FUNCTION audit_entries_chain();
--> statement-breakpoint
DROP INDEX "audit_entries_account_idx";--> statement-breakpoint
CREATE UNIQUE INDEX "audit_entries_chain_idx" ON "audit_entries" USING btree (coalesce("account_id", 0),"seq");--> statement-breakpoint
CREATE INDEX "audit_entries_time_idx" ON "audit_entries" USING btree ("account_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "audit_entries_object_type_idx" ON "audit_entries" USING btree ("account_id","object_type","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "audit_entries_user_idx" ON "audit_entries" USING btree ("account_id",lower("username"),"created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "audit_entries_failure_idx" ON "audit_entries" USING btree ("account_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "status" = 0;
