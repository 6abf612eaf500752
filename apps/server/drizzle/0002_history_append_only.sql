-- The operation history is evidence: once written, a row is neither changed nor removed, by the
-- application or by anyone with plain SQL access short of dropping the trigger.
CREATE FUNCTION operation_history_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'operation_history is append-only';
END;
$$;--> statement-breakpoint
CREATE TRIGGER operation_history_no_change BEFORE UPDATE OR DELETE ON operation_history
  FOR EACH ROW EXECUTE FUNCTION operation_history_append_only();--> statement-breakpoint
CREATE TRIGGER operation_history_no_truncate BEFORE TRUNCATE ON operation_history
  FOR EACH STATEMENT EXECUTE FUNCTION operation_history_append_only();
