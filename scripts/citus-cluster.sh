#!/usr/bin/env bash
# A three-node Citus cluster on this machine for development and tests (docs/scale-out.md): a
# coordinator and two workers, each its own data directory and port, run as the `postgres` user. It
# never touches the system cluster on 5432.
#
#   scripts/citus-cluster.sh start          build Citus if missing, init and start the three nodes
#   scripts/citus-cluster.sh createdb NAME  a database with the extension on every node, workers added;
#                                           prints its URL (the test suite's: multi-shard queries refused)
#   scripts/citus-cluster.sh dropdb NAME
#   scripts/citus-cluster.sh status | stop | destroy (stop and delete the data directories)
#   scripts/citus-cluster.sh fail-node PORT     stop one node at once (pg_ctl -m immediate: a crash,
#                                           connections cut, no checkpoint), for the fault test
#   scripts/citus-cluster.sh restart-node PORT  start it again (crash recovery replays its WAL)
#
# FOLIO_CITUS_DIR (default /tmp/folio-citus) holds the data directories and logs; FOLIO_CITUS_PORT
# (default 5441) is the coordinator's port, the workers take the next two. Citus itself is built from
# /work/shared/citus by its build.sh (CITUS_BUILD_SH), which returns at once when it is installed;
# on a real cluster install Citus from its own packages instead (docs/scale-out.md).
set -euo pipefail

DIR=${FOLIO_CITUS_DIR:-/tmp/folio-citus}
PORT=${FOLIO_CITUS_PORT:-5441}
PORTS="$PORT $((PORT + 1)) $((PORT + 2))"
WORKERS="$((PORT + 1)) $((PORT + 2))"
BIN=${PG_BIN:-/usr/lib/postgresql/15/bin}
BUILD_SH=${CITUS_BUILD_SH:-/work/shared/citus/build.sh}
HOST=127.0.0.1

as_postgres() {
  if [ "$(id -un)" = postgres ]; then bash -c "$1"; else su postgres -c "$1"; fi
}
psql_at() { # port database sql...
  local port=$1 db=$2
  shift 2
  psql -h "$HOST" -p "$port" -U postgres -d "$db" -v ON_ERROR_STOP=1 -qAt "$@"
}
valid_name() {
  [[ "$1" =~ ^[a-z_][a-z0-9_]{0,62}$ ]] || { echo "database name must match [a-z_][a-z0-9_]*" >&2; exit 2; }
}

build() {
  if [ -f "$("$BIN/pg_config" --pkglibdir)/citus.so" ]; then return 0; fi
  echo "citus: not installed; building it with $BUILD_SH (about 2.5 minutes of CPU)"
  bash "$BUILD_SH"
}

start() {
  build
  mkdir -p "$DIR"
  chown postgres "$DIR"
  for p in $PORTS; do
    if [ ! -f "$DIR/n$p/PG_VERSION" ]; then
      as_postgres "$BIN/initdb -D $DIR/n$p -A trust -U postgres >/dev/null"
      cat >>"$DIR/n$p/postgresql.conf" <<EOF
shared_preload_libraries = 'citus'
listen_addresses = '$HOST'
port = $p
unix_socket_directories = '$DIR'
max_connections = 200
shared_buffers = 128MB
fsync = off
synchronous_commit = off
full_page_writes = off
# Two shared cores: keep background work small.
max_worker_processes = 16
EOF
    fi
    if ! "$BIN/pg_isready" -h "$HOST" -p "$p" -U postgres -q; then
      as_postgres "$BIN/pg_ctl -D $DIR/n$p -l $DIR/n$p.log -w start >/dev/null"
    fi
  done
  for p in $PORTS; do psql_at "$p" postgres -c 'CREATE EXTENSION IF NOT EXISTS citus' >/dev/null; done
  add_nodes postgres
  status
}

add_nodes() { # database: the coordinator knows itself and both workers (per database in Citus)
  psql_at "$PORT" "$1" -c "SELECT citus_set_coordinator_host('$HOST', $PORT)" >/dev/null
  for p in $WORKERS; do
    psql_at "$PORT" "$1" -c "SELECT citus_add_node('$HOST', $p)
      WHERE NOT EXISTS (SELECT 1 FROM pg_dist_node WHERE nodeport = $p)" >/dev/null
  done
}

createdb() {
  valid_name "$1"
  for p in $PORTS; do
    psql_at "$p" postgres -c "CREATE DATABASE $1"
    psql_at "$p" "$1" -c 'CREATE EXTENSION citus'
  done
  add_nodes "$1"
  # The test suite's settings: a statement that would touch more than one shard is an error (D80's
  # exceptions lift it in their own transactions), and fewer shards than production's 32 keep a
  # fresh test database quick to distribute on a small machine.
  psql_at "$PORT" "$1" -c "ALTER DATABASE $1 SET citus.multi_task_query_log_level = 'error'"
  psql_at "$PORT" "$1" -c "ALTER DATABASE $1 SET citus.shard_count = 4"
  # Citus routes a prepared statement that is more than a one-table lookup (UPDATE ... FROM unnest,
  # a join, a CTE) only when it is planned for its values; a generic plan fans out to every shard.
  psql_at "$PORT" "$1" -c "ALTER DATABASE $1 SET plan_cache_mode = force_custom_plan"
  echo "postgres://postgres@$HOST:$PORT/$1"
}

dropdb() {
  valid_name "$1"
  for p in $PORTS; do psql_at "$p" postgres -c "DROP DATABASE IF EXISTS $1 WITH (FORCE)"; done
}

status() {
  for p in $PORTS; do
    if "$BIN/pg_isready" -h "$HOST" -p "$p" -U postgres -q; then echo "node $p: up ($DIR/n$p)"; else echo "node $p: down"; fi
  done
}

stop() {
  for p in $PORTS; do
    if [ -f "$DIR/n$p/postmaster.pid" ]; then as_postgres "$BIN/pg_ctl -D $DIR/n$p -m fast -w stop >/dev/null"; fi
  done
  status
}

node_dir() { # port: the data directory of one of the cluster's nodes
  [[ " $PORTS " == *" $1 "* ]] || { echo "not a node of this cluster: $1 (nodes: $PORTS)" >&2; exit 2; }
  echo "$DIR/n$1"
}

case "${1:-}" in
  build) build ;;
  start) start ;;
  createdb) PGOPTIONS='-c client_min_messages=warning' createdb "${2:?database name}" ;;
  dropdb) dropdb "${2:?database name}" ;;
  status) status ;;
  stop) stop ;;
  destroy) stop; rm -rf "$DIR" ;;
  fail-node) as_postgres "$BIN/pg_ctl -D $(node_dir "${2:?port}") -m immediate -w stop >/dev/null"; status ;;
  restart-node) as_postgres "$BIN/pg_ctl -D $(node_dir "${2:?port}") -l $DIR/n$2.log -w start >/dev/null"; status ;;
  *) sed -n '2,18p' "$0"; exit 2 ;;
esac
