#!/usr/bin/env bash
# Installs Debian's PostgreSQL when missing, starts its cluster on loopback and makes the test
# database. Prints the URL to use as TEST_DATABASE_URL / DATABASE_URL. Idempotent.
#   PG_PORT (default 5432), PG_PASSWORD (default: a password kept in the cluster's data folder),
#   PG_DATABASE (default suwerte_test).
set -euo pipefail

sudo=""
[ "$(id -u)" -eq 0 ] || sudo="sudo"
if ! ls /usr/lib/postgresql/*/bin/postgres >/dev/null 2>&1; then
  echo "Installing Debian packages: postgresql" >&2
  export DEBIAN_FRONTEND=noninteractive
  $sudo apt-get install -y --no-install-recommends postgresql >&2 \
    || { $sudo apt-get update >&2 && $sudo apt-get install -y --no-install-recommends postgresql >&2; }
fi

version="$(ls /usr/lib/postgresql | sort -V | tail -1)"
port="${PG_PORT:-5432}"
database="${PG_DATABASE:-suwerte_test}"
if ! pg_lsclusters -h 2>/dev/null | awk '{print $1" "$2}' | grep -q "^$version main$"; then
  $sudo pg_createcluster "$version" main --port "$port" >&2
fi
cluster_port="$(pg_lsclusters -h | awk -v v="$version" '$1==v && $2=="main" {print $3}')"
if ! pg_lsclusters -h | awk -v v="$version" '$1==v && $2=="main" {print $4}' | grep -q online; then
  $sudo pg_ctlcluster --skip-systemctl-redirect "$version" main start >&2
fi

as_postgres() { if [ "$(id -u)" -eq 0 ]; then su postgres -s /bin/sh -c "$1"; else sudo -u postgres sh -c "$1"; fi; }
for _ in $(seq 1 50); do as_postgres "psql -p $cluster_port -qtAc 'select 1'" >/dev/null 2>&1 && break; sleep 0.2; done

password_file="/var/lib/postgresql/.suwerte-test-password"
if [ -n "${PG_PASSWORD:-}" ]; then
  password="$PG_PASSWORD"
elif $sudo test -s "$password_file"; then
  password="$($sudo cat "$password_file")"
else
  password="$(head -c 18 /dev/urandom | base64 | tr -dc 'A-Za-z0-9' | head -c 24)"
  echo "$password" | $sudo tee "$password_file" >/dev/null
  $sudo chmod 600 "$password_file"
fi
as_postgres "psql -p $cluster_port -qc \"ALTER ROLE postgres PASSWORD '$password'\"" >/dev/null
as_postgres "psql -p $cluster_port -qtAc \"SELECT 1 FROM pg_database WHERE datname = '$database'\"" | grep -q 1 \
  || as_postgres "createdb -p $cluster_port $database"
echo "postgres://postgres:$password@127.0.0.1:$cluster_port/$database"
