# Start and stop a throw-away Redis for the test suite (sourced by ./bin/test), as bin/postgres.sh
# does for PostgreSQL: it listens on a free port on 127.0.0.1 only, writes nothing to disk, and
# lives in a temporary folder that redis_stop removes. REDIS_TEST_URL names it (the two-server
# test, tests/security/test_two_servers.py, shares the public pages through it).

redis_start() {
  if ! command -v redis-server >/dev/null 2>&1; then
    echo "Redis not found (Debian package: redis-server)." >&2
    return 1
  fi
  REDIS_DIR=$(mktemp -d)
  REDIS_PORT=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
  redis-server --port "$REDIS_PORT" --bind 127.0.0.1 --save "" --appendonly no \
    --dir "$REDIS_DIR" --daemonize yes --pidfile "$REDIS_DIR/redis.pid" \
    --logfile "$REDIS_DIR/redis.log" >/dev/null
  local tries=0
  until redis-cli -p "$REDIS_PORT" ping >/dev/null 2>&1; do
    tries=$((tries + 1))
    if [ "$tries" -gt 100 ]; then
      echo "Redis did not start (see $REDIS_DIR/redis.log)." >&2
      return 1
    fi
    sleep 0.1
  done
  REDIS_TEST_URL="redis://127.0.0.1:$REDIS_PORT/0"
  export REDIS_TEST_URL
}

redis_stop() {
  if [ -n "${REDIS_DIR:-}" ] && [ -d "$REDIS_DIR" ]; then
    redis-cli -p "$REDIS_PORT" shutdown nosave >/dev/null 2>&1 || true
    rm -rf "$REDIS_DIR"
  fi
}
