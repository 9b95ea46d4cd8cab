#!/usr/bin/env bash
# The HTTP test suite against a three-node Citus cluster alone (docs/scale-out.md), for a developer:
# builds Citus if missing (skips, and says so, when that fails), starts the cluster, makes a fresh
# database that refuses multi-shard statements, runs every test file against it and `folio check`,
# then the cluster's own tests (test/cluster: writes stay on one worker; a worker stopped and
# restarted under load), drops the database. `npm test` does the same as its Citus pass when
# CITUS_TEST_DATABASE_URL is set, as .ci/run does. The cluster keeps running for the next run;
# `scripts/citus-cluster.sh stop` stops it.
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

FOLIO_TEST_PASSES=citus CITUS_TEST_DATABASE_URL="$URL" \
  FOLIO_CITUS_FAULT_NODE="$(( ${FOLIO_CITUS_PORT:-5441} + 2 ))" node scripts/test.mjs
