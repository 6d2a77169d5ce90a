-- Schema 2: the members who asked for the solution of a day's puzzle while it
-- was the daily one (issue 22): they are not ranked among that day's solvers,
-- in any server. Days are UTC dates written YYYY-MM-DD.
CREATE TABLE daily_unranked (
    day     TEXT    NOT NULL,
    user_id INTEGER NOT NULL,
    PRIMARY KEY (day, user_id)
) STRICT, WITHOUT ROWID;
