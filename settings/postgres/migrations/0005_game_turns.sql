-- Schema 5 (issue 28): a game's turn, the events played on it, and whether
-- it is ranked; indexes for a member's statistics and the leaderboard.
--
-- turn counts the changes of the board and only grows. A game saved before
-- it had one starts at its number of history steps (one a line), which is
-- what the buttons already drawn carry.
ALTER TABLE games ADD COLUMN turn BIGINT NOT NULL DEFAULT 0 CHECK (turn >= 0);
UPDATE games SET turn = length(history) - length(replace(history, chr(10), '')) + 1 WHERE history <> '';

-- events: the IDs of the last events played on the game (Discord
-- snowflakes), oldest first.
ALTER TABLE games ADD COLUMN events BIGINT[] NOT NULL DEFAULT '{}';

-- ranked: the game counts on leaderboards. The command layer decides it for
-- a new game; a game saved before is ranked when its puzzle has a level and
-- at least half of its cells are empty ('.').
ALTER TABLE games ADD COLUMN ranked BOOLEAN NOT NULL DEFAULT false;
UPDATE games SET ranked = true
    WHERE level <> '' AND 2 * (length(puzzle) - length(replace(puzzle, '.', ''))) >= length(puzzle);

-- The leaderboard: a server's ranked solves since a time, with what picks
-- the fastest (an index-only scan: no row is read but theirs).
CREATE INDEX games_ranked_solves ON games (guild_id, finished_at) INCLUDE (started_at, level, game_id)
    WHERE status = 'solved' AND ranked;
-- A member's statistics: the finished games they own, and those they played in.
CREATE INDEX games_owner_finished ON games (guild_id, owner_id) WHERE status IN ('solved', 'gave_up');
CREATE INDEX game_players_user ON game_players (user_id);
