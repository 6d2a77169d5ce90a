-- Schema 1: servers' settings, the change log other processes poll, and the
-- daily puzzle (posts and solvers). IDs are Discord snowflakes; times are
-- unix milliseconds; days are UTC dates written YYYY-MM-DD.

-- One row per server that changed a setting; a server without a row uses the
-- bot's defaults. 'default' and '' mean "the bot's default".
CREATE TABLE guild_settings (
    guild_id      INTEGER PRIMARY KEY,
    prefix        TEXT    NOT NULL DEFAULT '',
    spoilers      TEXT    NOT NULL DEFAULT 'default'
                  CHECK (spoilers IN ('default', 'off', 'on', 'channels')),
    pictures      TEXT    NOT NULL DEFAULT 'default'
                  CHECK (pictures IN ('default', 'off', 'auto', 'always')),
    daily_channel INTEGER,                       -- NULL: no daily post
    daily_hour    INTEGER NOT NULL DEFAULT 0 CHECK (daily_hour BETWEEN 0 AND 23),
    daily_level   TEXT    NOT NULL DEFAULT 'default'
                  CHECK (daily_level IN ('default', 'easy', 'medium', 'hard', 'expert', 'extreme')),
    version       INTEGER NOT NULL,              -- settings_changes.seq of the last write
    updated_at    INTEGER NOT NULL
) STRICT;

CREATE INDEX guild_settings_daily ON guild_settings (daily_hour) WHERE daily_channel IS NOT NULL;

-- The channel lists of a server: 'answer' (the bot answers only there; none
-- listed: everywhere) and 'spoiler' (spoilers on there, in mode 'channels').
CREATE TABLE guild_channels (
    guild_id   INTEGER NOT NULL REFERENCES guild_settings (guild_id) ON DELETE CASCADE,
    list       TEXT    NOT NULL CHECK (list IN ('answer', 'spoiler')),
    position   INTEGER NOT NULL,
    channel_id INTEGER NOT NULL,
    PRIMARY KEY (guild_id, list, channel_id)
) STRICT, WITHOUT ROWID;

-- Every write or deletion of a server's settings, numbered in commit order
-- (writers are serialised), kept for an hour so that other processes' caches
-- reload what changed.
CREATE TABLE settings_changes (
    seq        INTEGER PRIMARY KEY AUTOINCREMENT,
    guild_id   INTEGER NOT NULL,
    changed_at INTEGER NOT NULL
) STRICT;

CREATE INDEX settings_changes_changed_at ON settings_changes (changed_at);

-- The daily post of a server and day: the primary key makes the claim unique.
-- message_id is set once the post is made; until then a claim older than its
-- lease may be taken over.
CREATE TABLE daily_posts (
    guild_id   INTEGER NOT NULL,
    day        TEXT    NOT NULL,
    claimed_at INTEGER NOT NULL,
    channel_id INTEGER,
    message_id INTEGER,
    PRIMARY KEY (guild_id, day)
) STRICT, WITHOUT ROWID;

-- The members who solved a server's daily puzzle, once each, in order.
CREATE TABLE daily_solvers (
    guild_id  INTEGER NOT NULL,
    day       TEXT    NOT NULL,
    place     INTEGER NOT NULL,
    user_id   INTEGER NOT NULL,
    solved_at INTEGER NOT NULL,
    PRIMARY KEY (guild_id, day, place),
    UNIQUE (guild_id, day, user_id)
) STRICT, WITHOUT ROWID;

CREATE INDEX daily_solvers_member ON daily_solvers (guild_id, user_id, day);
