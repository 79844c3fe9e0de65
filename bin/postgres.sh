# Start and stop a throw-away PostgreSQL cluster for the test suite (sourced by ./bin/test).
# It listens on a free port on 127.0.0.1 only, trusts local connections, and lives in a
# temporary folder that postgres_stop removes.

postgres_start() {
  local bindir
  bindir=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)
  if [ -z "$bindir" ]; then
    echo "PostgreSQL server binaries not found (Debian package: postgresql)." >&2
    return 1
  fi
  PG_DIR=$(mktemp -d)
  PG_PORT=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
  local run_as=()
  if [ "$(id -u)" = 0 ]; then
    # The server refuses to run as root: run it as the postgres account of the Debian package.
    chown postgres "$PG_DIR"
    run_as=(runuser -u postgres --)
  fi
  PG_RUN_AS=("${run_as[@]}")
  PG_BIN=$bindir
  # Run from / so the server account is not left in a folder it may not read.
  (cd / && "${run_as[@]}" "$bindir/initdb" -D "$PG_DIR/data" -U postgres --auth=trust -E UTF8 \
    --no-locale >/dev/null)
  (cd / && "${run_as[@]}" "$bindir/pg_ctl" -D "$PG_DIR/data" -l "$PG_DIR/server.log" -w start \
    -o "-p $PG_PORT -c listen_addresses=127.0.0.1 -k $PG_DIR -c fsync=off" >/dev/null)
  POSTGRES_URL="postgres://postgres@127.0.0.1:$PG_PORT/burraco"
  export POSTGRES_URL
}

postgres_stop() {
  if [ -n "${PG_DIR:-}" ] && [ -d "$PG_DIR/data" ]; then
    (cd / && "${PG_RUN_AS[@]}" "$PG_BIN/pg_ctl" -D "$PG_DIR/data" -m fast -w stop) \
      >/dev/null 2>&1 || true
    rm -rf "$PG_DIR"
  fi
}
