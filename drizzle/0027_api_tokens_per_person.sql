-- At most 25 API tokens a person (API_TOKENS_PER_PERSON, ADR 030), however the row is inserted
-- (Better Auth's API key plugin inserts it). The owner's profile row is locked first, so parallel
-- creations for one person count one after another: each sees the rows committed before it. The
-- lock is FOR NO KEY UPDATE, which foreign-key checks on the profile (sessions, other rows) do not wait for.
CREATE OR REPLACE FUNCTION portico_api_tokens_per_person() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM profiles WHERE id = NEW.reference_id FOR NO KEY UPDATE;
  IF (SELECT count(*) FROM api_tokens WHERE reference_id = NEW.reference_id) >= 25 THEN
    RAISE EXCEPTION 'A person holds at most 25 API tokens' USING ERRCODE = 'check_violation', CONSTRAINT = 'api_tokens_per_person';
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER api_tokens_per_person BEFORE INSERT ON api_tokens
  FOR EACH ROW EXECUTE FUNCTION portico_api_tokens_per_person();
