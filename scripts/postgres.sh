#!/usr/bin/env bash
# A throwaway PostgreSQL for the server's tests, from Debian's postgresql package: a cluster in
# a temporary folder, listening on loopback only, trusted without passwords.
#   scripts/postgres.sh start   prints `export TEST_DATABASE_URL=...` and `export PG_TEST_DIR=...`
#   scripts/postgres.sh stop    stops the cluster in $PG_TEST_DIR and removes the folder
set -euo pipefail
bin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1)
[ -x "$bin/initdb" ] || { echo "PostgreSQL is not installed (scripts/setup.sh --server)" >&2; exit 1; }
# PostgreSQL refuses to run as root: as root, the cluster belongs to the package's own user.
as_owner() {
  if [ "$(id -u)" = 0 ]; then (cd / && runuser -u postgres -- "$@"); else "$@"; fi
}
case "${1:-}" in
  start)
    dir=$(mktemp -d -t board-suite-pg.XXXXXX)
    [ "$(id -u)" = 0 ] && chown postgres "$dir"
    port=$(node -e "const s=require('net').createServer().listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})")
    as_owner "$bin/initdb" -D "$dir/data" -U postgres --auth=trust -E UTF8 >/dev/null
    as_owner "$bin/pg_ctl" -D "$dir/data" -l "$dir/log" -w -s \
      -o "-c listen_addresses=127.0.0.1 -p $port -k $dir -c fsync=off -c max_connections=200" start >&2
    echo "export TEST_DATABASE_URL=postgres://postgres@127.0.0.1:$port/postgres"
    echo "export PG_TEST_DIR=$dir"
    ;;
  stop)
    [ -n "${PG_TEST_DIR:-}" ] || exit 0
    as_owner "$bin/pg_ctl" -D "$PG_TEST_DIR/data" -m immediate -s stop >&2 || true
    rm -rf "$PG_TEST_DIR"
    ;;
  *)
    echo "usage: scripts/postgres.sh start|stop" >&2
    exit 2
    ;;
esac
