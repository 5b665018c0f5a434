#!/bin/sh
# Starts the API gateway (compose's `scale` profile) as its container does: fills in
# default.conf.template's ${GATEWAY_LISTEN}, ${API_NODE_1}, ${API_NODE_2} and ${GATEWAY_ACCESS_LOG}
# from the environment (only those: nginx's own $variables stay as they are), writes nginx's main
# configuration around it into /srv/runtime and runs nginx in the foreground, unprivileged.
#
#   suwerte-gateway reload   re-reads the configuration and looks the nodes up again (after a
#                            node's container was recreated); open connections stay.
# SUWERTE_CHECK_ONLY=1 renders everything and runs `nginx -t` instead of serving.
set -eu

die() {
  echo "suwerte-gateway: $*" >&2
  exit 64
}

# Paths: container defaults, overridden by the test suite (tools/src/ops/api-gateway.test.ts).
RUNTIME_DIR="${RUNTIME_DIR:-/srv/runtime}"
TEMPLATE="${GATEWAY_TEMPLATE:-/etc/suwerte/gateway/default.conf.template}"
NGINX_BIN="${NGINX_BIN:-nginx}"
MAIN="$RUNTIME_DIR/nginx.conf"

if [ "${1:-}" = reload ]; then
  exec "$NGINX_BIN" -p "$RUNTIME_DIR" -e stderr -c "$MAIN" -s reload
fi

GATEWAY_LISTEN="${GATEWAY_LISTEN:-8080}"
GATEWAY_ACCESS_LOG="${GATEWAY_ACCESS_LOG:-/dev/stdout}"
API_NODE_1="${API_NODE_1:-}"
API_NODE_2="${API_NODE_2:-}"

printf '%s' "$GATEWAY_LISTEN" | grep -Eq '^([0-9.]+:)?[0-9]+$' || die "GATEWAY_LISTEN must be a port or address:port (got '$GATEWAY_LISTEN')"
for pair in "API_NODE_1=$API_NODE_1" "API_NODE_2=$API_NODE_2"; do
  printf '%s' "${pair#*=}" | grep -Eq '^[A-Za-z0-9._-]+:[0-9]+$' || die "${pair%%=*} must be a node's host:port, e.g. player-api-1:4000 (got '${pair#*=}')"
done
printf '%s' "$GATEWAY_ACCESS_LOG" | grep -Eq '^(off|/[A-Za-z0-9._/-]+)$' || die "GATEWAY_ACCESS_LOG must be off or a plain path (got '$GATEWAY_ACCESS_LOG')"

mkdir -p "$RUNTIME_DIR/tmp"
sed -e "s|\${GATEWAY_LISTEN}|$GATEWAY_LISTEN|g" \
  -e "s|\${API_NODE_1}|$API_NODE_1|g" \
  -e "s|\${API_NODE_2}|$API_NODE_2|g" \
  -e "s|\${GATEWAY_ACCESS_LOG}|$GATEWAY_ACCESS_LOG|g" \
  "$TEMPLATE" >"$RUNTIME_DIR/gateway.conf"

cat >"$MAIN" <<CONF
worker_processes auto;
pid $RUNTIME_DIR/nginx.pid;
error_log stderr warn;
events {
  worker_connections 1024;
}
http {
  client_body_temp_path $RUNTIME_DIR/tmp/body;
  proxy_temp_path $RUNTIME_DIR/tmp/proxy;
  fastcgi_temp_path $RUNTIME_DIR/tmp/fastcgi;
  uwsgi_temp_path $RUNTIME_DIR/tmp/uwsgi;
  scgi_temp_path $RUNTIME_DIR/tmp/scgi;
  include $RUNTIME_DIR/gateway.conf;
}
CONF

if [ "${SUWERTE_CHECK_ONLY:-0}" = 1 ]; then
  exec "$NGINX_BIN" -t -q -p "$RUNTIME_DIR" -e stderr -c "$MAIN"
fi
echo "suwerte-gateway: listening on $GATEWAY_LISTEN in front of $API_NODE_1 and $API_NODE_2"
exec "$NGINX_BIN" -p "$RUNTIME_DIR" -e stderr -c "$MAIN" -g 'daemon off;'
