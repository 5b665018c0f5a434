#!/usr/bin/env bash
# Installs Debian's redis-server when missing and starts one on loopback (no persistence: a test
# and bench server). Prints the URL to use as TEST_REDIS_URL / REDIS_URL. Idempotent.
#   REDIS_PORT (default 6390).
set -euo pipefail

sudo=""
[ "$(id -u)" -eq 0 ] || sudo="sudo"
if ! command -v redis-server >/dev/null 2>&1; then
  echo "Installing Debian packages: redis-server" >&2
  export DEBIAN_FRONTEND=noninteractive
  $sudo apt-get install -y --no-install-recommends redis-server >&2 \
    || { $sudo apt-get update >&2 && $sudo apt-get install -y --no-install-recommends redis-server >&2; }
fi

port="${REDIS_PORT:-6390}"
if ! redis-cli -h 127.0.0.1 -p "$port" ping >/dev/null 2>&1; then
  dir="$(mktemp -d /tmp/suwerte-redis.XXXXXX)"
  redis-server --bind 127.0.0.1 --port "$port" --daemonize yes --save '' --appendonly no \
    --dir "$dir" --logfile "$dir/redis.log" --pidfile "$dir/redis.pid" >&2
  for _ in $(seq 1 50); do redis-cli -h 127.0.0.1 -p "$port" ping >/dev/null 2>&1 && break; sleep 0.1; done
fi
echo "redis://127.0.0.1:$port"
