-- Schema 3: games played in Discord (package game has their rules). IDs are
-- Discord snowflakes, guild_id 0 for a DM. Grids are one line of symbols;
-- marks and history are package game's encodings. version counts the
-- updates: a write names the version it read, so that two moves at once
-- never lose one.
CREATE TABLE games (
    game_id       BIGINT      GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    guild_id      BIGINT      NOT NULL,
    channel_id    BIGINT      NOT NULL,
    thread_id     BIGINT,
    message_id    BIGINT,
    owner_id      BIGINT      NOT NULL,
    team          BOOLEAN     NOT NULL,
    code          TEXT        NOT NULL,
    level         TEXT        NOT NULL,
    puzzle        TEXT        NOT NULL,
    solution      TEXT        NOT NULL,
    board         TEXT        NOT NULL,
    marks         TEXT        NOT NULL,
    history       TEXT        NOT NULL,
    status        TEXT        NOT NULL CHECK (status IN ('playing', 'solved', 'gave_up', 'closed')),
    started_at    TIMESTAMPTZ NOT NULL,
    finished_at   TIMESTAMPTZ,
    updated_at    TIMESTAMPTZ NOT NULL,
    moves         INTEGER     NOT NULL,
    mistakes      INTEGER     NOT NULL,
    hints         INTEGER     NOT NULL,
    checks        INTEGER     NOT NULL,
    show_mistakes BOOLEAN     NOT NULL,
    version       BIGINT      NOT NULL
);

-- A member's open games in a server (the limit), the games of a channel or
-- thread (where a typed move goes), the idle ones (closed after a while),
-- and the finished ones (statistics).
CREATE INDEX games_owner_open ON games (guild_id, owner_id) WHERE status = 'playing';
CREATE INDEX games_channel_open ON games (channel_id) WHERE status = 'playing';
CREATE INDEX games_thread_open ON games (thread_id) WHERE status = 'playing' AND thread_id IS NOT NULL;
CREATE INDEX games_idle ON games (updated_at) WHERE status = 'playing';
CREATE INDEX games_finished ON games (guild_id, finished_at) WHERE status IN ('solved', 'gave_up');

-- The members who made moves in a game, first mover first.
CREATE TABLE game_players (
    game_id  BIGINT  NOT NULL REFERENCES games (game_id) ON DELETE CASCADE,
    position INTEGER NOT NULL,
    user_id  BIGINT  NOT NULL,
    moves    INTEGER NOT NULL,
    PRIMARY KEY (game_id, position)
);
