-- Transfers are immutable: a correction is a new transfer, never an edit.
CREATE FUNCTION backlay_refuse_transfer_change() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'transfers are immutable (% refused)', TG_OP;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER transfers_immutable
BEFORE UPDATE OR DELETE ON transfers
FOR EACH ROW EXECUTE FUNCTION backlay_refuse_transfer_change();
