-- Cached sessions (ADR 010): any change to who a session belongs to, what role or company that
-- user has, or the session itself tells every server process, which drops the cached entries.
-- Row triggers, so changes made outside the app (the admin CLI, a DBA, a cascade) count too.
CREATE OR REPLACE FUNCTION portico_notify_actor_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'sessions' THEN
    PERFORM pg_notify('portico_actor_changes', 'session:' || OLD.id::text);
  ELSIF TG_TABLE_NAME = 'profiles' THEN
    PERFORM pg_notify('portico_actor_changes', 'user:' || OLD.id::text);
  ELSE
    IF TG_OP <> 'INSERT' THEN
      PERFORM pg_notify('portico_actor_changes', 'user:' || OLD.user_id::text);
    END IF;
    IF TG_OP <> 'DELETE' THEN
      PERFORM pg_notify('portico_actor_changes', 'user:' || NEW.user_id::text);
    END IF;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER sessions_actor_change AFTER UPDATE OR DELETE ON sessions
  FOR EACH ROW EXECUTE FUNCTION portico_notify_actor_change();
--> statement-breakpoint
CREATE TRIGGER profiles_actor_change AFTER UPDATE OR DELETE ON profiles
  FOR EACH ROW EXECUTE FUNCTION portico_notify_actor_change();
--> statement-breakpoint
CREATE TRIGGER user_roles_actor_change AFTER INSERT OR UPDATE OR DELETE ON user_roles
  FOR EACH ROW EXECUTE FUNCTION portico_notify_actor_change();
--> statement-breakpoint
CREATE TRIGGER company_users_actor_change AFTER INSERT OR UPDATE OR DELETE ON company_users
  FOR EACH ROW EXECUTE FUNCTION portico_notify_actor_change();
