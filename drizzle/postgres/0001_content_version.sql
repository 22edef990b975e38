-- What the page cache for anonymous visitors follows (docs/decisions/025-page-cache.md): one number that
-- every change to what public pages show bumps, whoever writes it; as drizzle/sqlite/0009_content_version.sql.
-- bigint, as SQLite's 64-bit integer: node-postgres reads it as a string, so a reader converts it.
CREATE TABLE "content_version" (
	"id" integer PRIMARY KEY NOT NULL CHECK ("id" = 1),
	"version" bigint DEFAULT 0 NOT NULL
);--> statement-breakpoint
INSERT INTO "content_version" ("id", "version") VALUES (1, 0);--> statement-breakpoint
-- Also announced on the channel content_version (delivered at commit), so another app server can drop its
-- cache at once instead of asking for the number. Once per statement, not per row: a bulk change is one bump,
-- and a statement that changed no row bumps too, which costs only a cache refill.
CREATE FUNCTION "content_version_bump"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	new_version bigint;
BEGIN
	UPDATE "content_version" SET "version" = "version" + 1 WHERE "id" = 1 RETURNING "version" INTO new_version;
	PERFORM pg_notify('content_version', new_version::text);
	RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "blog_posts_content" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "blog_posts" FOR EACH STATEMENT EXECUTE FUNCTION "content_version_bump"();--> statement-breakpoint
CREATE TRIGGER "site_settings_content" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "site_settings" FOR EACH STATEMENT EXECUTE FUNCTION "content_version_bump"();--> statement-breakpoint
CREATE TRIGGER "professionals_content" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "professionals" FOR EACH STATEMENT EXECUTE FUNCTION "content_version_bump"();
