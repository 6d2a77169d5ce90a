# Functions to run a throw-away PostgreSQL server on 127.0.0.1 for the tests
# (the settings backends' suite). Source this file, then:
#
#   start_postgres && trap stop_postgres EXIT
#
# start_postgres installs Debian's postgresql package if no server binaries
# are found (as root, through apt-get), runs initdb into a temporary directory
# (as the postgres user when running as root: PostgreSQL refuses root), starts
# the server on a free port of 127.0.0.1 only, and exports TEST_POSTGRES_URL.
# It returns non-zero, saying why, when no server can be started.

pg_bindir() {
  local d
  for d in $(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V -r); do
    if [ -x "$d/initdb" ] && [ -x "$d/pg_ctl" ]; then echo "$d"; return 0; fi
  done
  if command -v initdb >/dev/null 2>&1 && command -v pg_ctl >/dev/null 2>&1; then
    dirname "$(command -v initdb)"; return 0
  fi
  return 1
}

start_postgres() {
  local bin
  if ! bin=$(pg_bindir); then
    if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
      echo "installing Debian's postgresql package"
      apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >/dev/null || true
    fi
    if ! bin=$(pg_bindir); then
      echo "no PostgreSQL server binaries (initdb, pg_ctl) and none could be installed"
      return 1
    fi
  fi
  PG_TMP=$(mktemp -d /tmp/sudokubot-pg.XXXXXX)
  PG_RUN=()
  if [ "$(id -u)" = 0 ]; then
    if ! id postgres >/dev/null 2>&1; then
      echo "running as root and there is no postgres user to run the server as"
      return 1
    fi
    chown postgres "$PG_TMP"
    PG_RUN=(runuser -u postgres --)
  fi
  if ! "${PG_RUN[@]}" "$bin/initdb" -D "$PG_TMP/data" -U postgres -A trust -E UTF8 --no-sync >"$PG_TMP/initdb.log" 2>&1; then
    echo "initdb failed:"; cat "$PG_TMP/initdb.log"
    return 1
  fi
  local try port
  for try in 1 2 3 4 5 6 7 8; do
    port=$((20000 + RANDOM % 30000))
    if (exec 3<>/dev/tcp/127.0.0.1/$port) 2>/dev/null; then continue; fi # taken
    if "${PG_RUN[@]}" "$bin/pg_ctl" -D "$PG_TMP/data" -l "$PG_TMP/server.log" -w -t 60 \
        -o "-c listen_addresses=127.0.0.1 -p $port -k $PG_TMP -c max_connections=200" start >/dev/null; then
      PG_BIN=$bin
      export TEST_POSTGRES_URL="postgres://postgres@127.0.0.1:$port/postgres?sslmode=disable"
      echo "PostgreSQL $("$bin/postgres" --version | awk '{print $3}') on 127.0.0.1:$port (data in $PG_TMP)"
      return 0
    fi
  done
  echo "pg_ctl start failed:"; cat "$PG_TMP/server.log"
  return 1
}

stop_postgres() {
  if [ -n "${PG_BIN:-}" ] && [ -d "${PG_TMP:-}/data" ]; then
    "${PG_RUN[@]}" "$PG_BIN/pg_ctl" -D "$PG_TMP/data" -m fast -w stop >/dev/null 2>&1 || true
  fi
  if [ -n "${PG_TMP:-}" ]; then rm -rf "$PG_TMP"; fi
}
