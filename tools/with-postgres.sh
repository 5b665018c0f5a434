#!/usr/bin/env bash
# Runs a command with TEST_DATABASE_URL pointing at a local PostgreSQL and TEST_REDIS_URL at a
# local Redis (installed and started by tools/ensure-postgres.sh and tools/ensure-redis.sh when
# missing): e.g. `bash tools/with-postgres.sh npm test -w player-api`.
set -euo pipefail
here="$(dirname "$0")"
url="$(bash "$here/ensure-postgres.sh")"
redis="$(bash "$here/ensure-redis.sh")"
TEST_DATABASE_URL="$url" TEST_REDIS_URL="$redis" exec "$@"
