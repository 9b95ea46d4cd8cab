#!/usr/bin/env bash
# The HTTP test suite against a three-node Citus cluster (docs/scale-out.md): builds Citus if missing
# (skips, and says so, when that fails), starts the cluster, makes a fresh database that refuses
# multi-shard statements, runs every test file on PostgreSQL against it, then the cluster's own tests
# (test/cluster: writes stay on one worker; a worker stopped and restarted under load), drops the
# database. The cluster keeps running for the next run; `scripts/citus-cluster.sh stop` stops it.
set -euo pipefail
cd "$(dirname "$0")/.."

if ! scripts/citus-cluster.sh build; then
  echo "# Citus suite SKIPPED: Citus could not be built"
  exit 0
fi
scripts/citus-cluster.sh start >/dev/null
DB="folio_citus_$(date +%s)_$$"
URL=$(scripts/citus-cluster.sh createdb "$DB" | tail -1)
trap 'scripts/citus-cluster.sh dropdb "$DB" >/dev/null 2>&1 || true' EXIT

start=$(date +%s)
# Compiled, as npm test runs them (scripts/test-build.mjs).
mapfile -t files < <(node scripts/test-build.mjs $(find test -name '*.test.ts' | sort))
status=0
FOLIO_TEST_DB=postgres TEST_DATABASE_URL="$URL" \
  node --enable-source-maps --test --test-concurrency="${FOLIO_CITUS_TEST_CONCURRENCY:-2}" "${files[@]}" || status=$?
echo "# Citus suite: ${#files[@]} files in $(($(date +%s) - start)) s$([ "$status" = 0 ] || echo ", FAILED")"

# Then, with nothing else writing, the cluster's own tests (test/cluster): one organization's writes
# reach only its worker, and a worker stopped during writes (the second worker: it is restarted).
start=$(date +%s)
cluster_status=0
FOLIO_TEST_DB=postgres TEST_DATABASE_URL="$URL" FOLIO_CITUS_FAULT_NODE="$(( ${FOLIO_CITUS_PORT:-5441} + 2 ))" \
  node --enable-source-maps --test --test-concurrency=1 .test-build/test/cluster/*.test.js || cluster_status=$?
scripts/citus-cluster.sh start >/dev/null # whatever the fault test left, every node runs again
echo "# Citus cluster tests: $(($(date +%s) - start)) s$([ "$cluster_status" = 0 ] || echo ", FAILED")"
[ "$status" = 0 ] && status=$cluster_status
exit "$status"
