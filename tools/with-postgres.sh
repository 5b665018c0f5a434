#!/usr/bin/env bash
# Runs a command with TEST_DATABASE_URL pointing at a local PostgreSQL (installed and started by
# tools/ensure-postgres.sh when missing): e.g. `bash tools/with-postgres.sh npm test -w player-api`.
set -euo pipefail
url="$(bash "$(dirname "$0")/ensure-postgres.sh")"
TEST_DATABASE_URL="$url" exec "$@"
