-- Schema 4: whether a server's games get threads of their own (issue 19);
-- 1 keeps their boards in the channel where they are started.
ALTER TABLE guild_settings ADD COLUMN no_threads INTEGER NOT NULL DEFAULT 0;
