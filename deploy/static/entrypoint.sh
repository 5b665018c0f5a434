#!/bin/sh
# Starts one static part of Suwerte — the host or a remote — behind nginx, as its container does.
#
# Everything the *browser* must know about the environment is generated here, at start, from
# environment variables, so one image runs anywhere: the host's /remotes.json, /config.json
# (API, socket, game-site and image-upload URLs) and the Content-Security-Policy, which allows
# exactly the remotes' origins and the API/socket origins. The e2e suite runs this same script
# with the same templates (deploy/nginx) against Debian's nginx; see deploy/README.md.
#
# The host's registry (/remotes.json) is kept on its own volume (REGISTRY_DIR, /srv/registry): the
# REMOTE_<NAME>_* variables write it at the first start and whenever they change; a restart with
# the same variables keeps what was pointed since (publish-remote, an edit), never undoing it
# (docs/decisions/186).
#
# SUWERTE_CHECK_ONLY=1 renders everything and runs `nginx -t` instead of serving.
#
# `suwerte-entrypoint prune --keep N --pin x.y.z [--pin …]` (in a remote's container) removes old releases
# from its volume: it keeps the release the container serves, the pinned ones (those the host
# uses: REMOTE_<NAME>_VERSION and any canary) and the newest N. It is the one implementation of that
# rule: `npm run publish-remote -- prune` runs it too, on a folder of releases (a CDN's).
#
# The remotes' names and the release-name pattern come from @suwerte/federation, written at image build
# into $FEDERATION_ENV (deploy/scripts/federation-env.mjs): this script holds no copy of them.
set -eu

die() {
  echo "suwerte-entrypoint: $*" >&2
  exit 64
}

FEDERATION_ENV="${FEDERATION_ENV:-/etc/suwerte/federation.env}"
[ -r "$FEDERATION_ENV" ] || die "$FEDERATION_ENV is missing (written at image build by deploy/scripts/federation-env.mjs)"
# shellcheck source=/dev/null
. "$FEDERATION_ENV"
RELEASE_RE="$SUWERTE_RELEASE_RE"

check_version() {
  printf '%s' "$2" | grep -Eq "$RELEASE_RE" || die "$1 must be a version such as 1.4.2 (got '$2')"
}

# Every file of a folder with its checksum, in a stable order: two folders with the same list
# hold the same release.
tree_sums() { (cd "$1" && find . -type f -exec sha256sum {} + | sort -k 2); }

prune() {
  releases_dir="${RELEASES_DIR:-/srv/releases}"
  keep=""
  pins=" "
  while [ $# -gt 0 ]; do
    case "$1" in
      --keep) [ $# -ge 2 ] || die "--keep needs a number"; keep=$2; shift 2 ;;
      --pin) [ $# -ge 2 ] || die "--pin needs a version"; check_version --pin "$2"; pins="$pins$2 "; shift 2 ;;
      *) die "usage: suwerte-entrypoint prune --keep N --pin x.y.z [--pin …] (got '$1')" ;;
    esac
  done
  printf '%s' "$keep" | grep -Eq '^[1-9][0-9]*$' || die "--keep must be a whole number of releases, at least 1 (got '$keep')"
  # This container cannot see which releases the host gives players; guessing could delete the
  # pinned one (a rollback pins an older release than the newest N), so it is told, as publish-remote is.
  [ "$pins" != " " ] || die "prune keeps the releases players use: give --pin x.y.z for each (the host's REMOTE_<NAME>_VERSION and any canary)"
  served="${RELEASE:-}"
  if [ -z "$served" ] && [ -f "${RELEASE_FILE:-/srv/RELEASE}" ]; then served=$(cat "${RELEASE_FILE:-/srv/RELEASE}"); fi
  newest=" $(ls -t "$releases_dir" | grep -E "$RELEASE_RE" | head -n "$keep" | tr '\n' ' ')"
  kept=""
  removed=""
  for name in $(ls "$releases_dir" | grep -E "$RELEASE_RE"); do
    case "$newest$pins $served " in
      *" $name "*) kept="$kept $name" ;;
      *)
        # Out of the served path first (never half-deleted under its name), then removed.
        mv "$releases_dir/$name" "$releases_dir/.pruned-$name-$$"
        rm -rf "${releases_dir:?}/.pruned-$name-$$"
        removed="$removed $name"
        ;;
    esac
  done
  echo "suwerte-entrypoint: kept${kept:- nothing}; removed${removed:- nothing}"
}

if [ "${1:-}" = prune ]; then
  shift
  prune "$@"
  exit 0
fi

PART="${SUWERTE_PART:-}"
case "$PART" in
  host | remote) ;;
  *) die "SUWERTE_PART must be 'host' or 'remote' (got '$PART')" ;;
esac

# Paths: container defaults, overridden by the test suite.
APP_DIR="${APP_DIR:-/srv/app}"
RUNTIME_DIR="${RUNTIME_DIR:-/srv/runtime}"
RELEASES_DIR="${RELEASES_DIR:-/srv/releases}"
TEMPLATE_DIR="${TEMPLATE_DIR:-/etc/suwerte/nginx}"
REGISTRY_TEMPLATE="${REGISTRY_TEMPLATE:-/srv/remotes.template.json}"
REGISTRY_DIR="${REGISTRY_DIR:-/srv/registry}"
RELEASE_FILE="${RELEASE_FILE:-/srv/RELEASE}"
MIME_TYPES="${MIME_TYPES:-/etc/nginx/mime.types}"
NGINX_MODULES_DIR="${NGINX_MODULES_DIR:-/usr/lib/nginx/modules}"
NGINX_BIN="${NGINX_BIN:-nginx}"
LISTEN="${LISTEN:-8080}"
NGINX_WORKERS="${NGINX_WORKERS:-auto}"
ACCESS_LOG="${ACCESS_LOG:-/dev/stdout}"

for pair in "APP_DIR=$APP_DIR" "RUNTIME_DIR=$RUNTIME_DIR" "RELEASES_DIR=$RELEASES_DIR" "REGISTRY_DIR=$REGISTRY_DIR" "TEMPLATE_DIR=$TEMPLATE_DIR" \
  "MIME_TYPES=$MIME_TYPES" "NGINX_MODULES_DIR=$NGINX_MODULES_DIR" "ACCESS_LOG=$ACCESS_LOG"; do
  if printf '%s' "${pair#*=}" | grep -q '[^A-Za-z0-9._/-]'; then die "${pair%%=*} must be a plain path (got '${pair#*=}')"; fi
done
printf '%s' "$LISTEN" | grep -Eq '^([0-9.]+:)?[0-9]+$' || die "LISTEN must be a port or address:port (got '$LISTEN')"
printf '%s' "$NGINX_WORKERS" | grep -Eq '^(auto|[0-9]+)$' || die "NGINX_WORKERS must be auto or a number"

# --- URLs the browser uses -------------------------------------------------------------------

# Names of the compose services: a URL with one of them as its host only resolves inside the
# compose network, never in a player's browser.
CONTAINER_NAMES=" player-api host $(for name in $SUWERTE_REMOTES; do printf 'remote-%s ' "$name"; done)"

# check_url NAME VALUE: an absolute http(s) URL without query, fragment or characters that
# could break the JSON, nginx or sed text it is written into.
check_url() {
  case "$2" in
    http://?* | https://?*) ;;
    *) die "$1 must be an absolute http(s) URL the browser can reach (got '$2')" ;;
  esac
  if printf '%s' "$2" | grep -q "[^A-Za-z0-9._~:/@!()*+,=%-]"; then
    die "$1 has characters not allowed here (no spaces, quotes, ?, #, & or \$): '$2'"
  fi
  url_host=$(printf '%s' "$2" | sed -e 's#^[a-z]*://##' -e 's#[/:].*##')
  case "$CONTAINER_NAMES" in
    *" $url_host "*) die "$1 points at the container name '$url_host', which the browser cannot reach: use the published address (e.g. http://localhost:PORT)" ;;
  esac
}

# origin URL -> scheme://host[:port]
origin() { printf '%s\n' "$1" | sed -e 's#^\([a-z]*://[^/]*\).*#\1#'; }
# websocket origin of an http(s) origin: http -> ws, https -> wss
ws_origin() { printf '%s\n' "$1" | sed -e 's#^http#ws#'; }
trim_slash() { printf '%s\n' "$1" | sed -e 's#/*$##'; }

check_token() {
  if [ -z "$2" ] || printf '%s' "$2" | grep -q '[^A-Za-z0-9_.-]'; then die "$1 must be letters, digits, '.', '_' or '-' (got '$2')"; fi
}

API_URL=$(trim_slash "${PLAYER_API_URL:-}")
[ -n "$API_URL" ] || die "PLAYER_API_URL is not set: the player API's URL as the browser reaches it (e.g. http://localhost:4000)"
check_url PLAYER_API_URL "$API_URL"
SOCKET=$(trim_slash "${SOCKET_URL:-$API_URL}")
GAME_SITE=$(trim_slash "${GAME_SITE_URL:-$API_URL/games}")
UPLOAD=$(trim_slash "${IMAGE_UPLOAD_URL:-$API_URL/image/upload}")
TEST_API=$(trim_slash "${TEST_PLAYER_API_URL:-$API_URL}")
TEST_SOCKET=$(trim_slash "${TEST_SOCKET_URL:-$SOCKET}")
TEST_GAME_SITE=$(trim_slash "${TEST_GAME_SITE_URL:-$GAME_SITE}")
check_url SOCKET_URL "$SOCKET"
check_url GAME_SITE_URL "$GAME_SITE"
check_url IMAGE_UPLOAD_URL "$UPLOAD"
check_url TEST_PLAYER_API_URL "$TEST_API"
check_url TEST_SOCKET_URL "$TEST_SOCKET"
check_url TEST_GAME_SITE_URL "$TEST_GAME_SITE"
UPLOAD_PRESET="${IMAGE_UPLOAD_PRESET:-suwerte}"
CLOUD_NAME="${IMAGE_UPLOAD_CLOUD_NAME:-suwerte}"
REFERRAL="${DEFAULT_REFERRAL_CODE:-SUWERTE}"
check_token IMAGE_UPLOAD_PRESET "$UPLOAD_PRESET"
check_token IMAGE_UPLOAD_CLOUD_NAME "$CLOUD_NAME"
check_token DEFAULT_REFERRAL_CODE "$REFERRAL"
MEASUREMENT_ID="${ANALYTICS_MEASUREMENT_ID:-}"
if [ -n "$MEASUREMENT_ID" ]; then
  check_token ANALYTICS_MEASUREMENT_ID "$MEASUREMENT_ID"
  MEASUREMENT_JSON="\"$MEASUREMENT_ID\""
else
  MEASUREMENT_JSON=null
fi
# The share of page loads that report their vitals (LCP, INP, CLS) per remote release: 0 to 1.
VITALS_RATE="${VITALS_SAMPLE_RATE:-0.1}"
printf '%s' "$VITALS_RATE" | grep -Eq '^(0(\.[0-9]{1,6})?|1(\.0{1,6})?)$' || die "VITALS_SAMPLE_RATE must be a number from 0 to 1, such as 0.1 (got '$VITALS_RATE')"
CORS="${CORS_ALLOW_ORIGIN:-*}"
if [ "$CORS" != "*" ]; then check_url CORS_ALLOW_ORIGIN "$CORS"; fi

mkdir -p "$RUNTIME_DIR/public" "$RUNTIME_DIR/tmp"

# --- /config.json (shared/kernel/src/config/runtime-config.ts) ----------------------------------------
cat >"$RUNTIME_DIR/public/config.json.next" <<JSON
{
  "api": { "production": "$API_URL", "test": "$TEST_API" },
  "socket": { "production": "$SOCKET", "test": "$TEST_SOCKET" },
  "gameSite": { "production": "$GAME_SITE", "test": "$TEST_GAME_SITE" },
  "imageUpload": { "url": "$UPLOAD", "uploadPreset": "$UPLOAD_PRESET", "cloudName": "$CLOUD_NAME" },
  "defaultReferralCode": "$REFERRAL",
  "analytics": { "measurementId": $MEASUREMENT_JSON },
  "vitals": { "sampleRate": $VITALS_RATE }
}
JSON
mv "$RUNTIME_DIR/public/config.json.next" "$RUNTIME_DIR/public/config.json"

# Origins the page talks to: the API, the socket server (http polling + websocket) and the
# image upload. The site type is fixed to production, so the test URLs are not allowed.
api_origins=""
for url in "$API_URL" "$SOCKET" "$UPLOAD"; do
  o=$(origin "$url")
  case " $api_origins " in *" $o "*) ;; *) api_origins="${api_origins:+$api_origins }$o" ;; esac
done
ws_origins=""
for url in "$API_URL" "$SOCKET"; do
  o=$(ws_origin "$(origin "$url")")
  case " $ws_origins " in *" $o "*) ;; *) ws_origins="${ws_origins:+$ws_origins }$o" ;; esac
done

# --- the host's /remotes.json (host/src/features/federation/registry.ts) -----------------------
# REMOTE_<NAME>_VERSION pins the release every player gets (`current` follows whatever release the
# remote's server runs — opt-in, never the default). REMOTE_<NAME>_CANARY_VERSION and _CANARY_SHARE
# give another release to that share of players.
remote_origins=""
if [ "$PART" = host ]; then
  [ -f "$REGISTRY_TEMPLATE" ] || die "registry template $REGISTRY_TEMPLATE is missing (made at image build by deploy/scripts/registry-template.mjs)"
  set --
  for name in $SUWERTE_REMOTES; do
    upper=$(printf '%s' "$name" | tr 'a-z' 'A-Z')
    eval "base=\${REMOTE_${upper}_URL:-}"
    eval "version=\${REMOTE_${upper}_VERSION:-}"
    eval "canary_version=\${REMOTE_${upper}_CANARY_VERSION:-}"
    eval "canary_share=\${REMOTE_${upper}_CANARY_SHARE:-}"
    base=$(trim_slash "$base")
    [ -n "$base" ] || die "REMOTE_${upper}_URL is not set: where the browser reaches remote-$name (e.g. http://localhost:3002)"
    check_url "REMOTE_${upper}_URL" "$base"
    case "$version" in
      "") die "REMOTE_${upper}_VERSION is not set: the release of remote-$name every player gets (e.g. 1.0.0), or 'current' to follow the release its server runs" ;;
      current) entry="$base/mf-manifest.json" ;;
      *)
        check_version "REMOTE_${upper}_VERSION" "$version"
        entry="$base/$version/mf-manifest.json"
        ;;
    esac
    canary=""
    if [ -n "$canary_version" ]; then
      check_version "REMOTE_${upper}_CANARY_VERSION" "$canary_version"
      printf '%s' "$canary_share" | grep -Eq '^([1-9]|[1-9][0-9])$' || die "REMOTE_${upper}_CANARY_SHARE must be the percentage of players (1-99) who get the canary (got '$canary_share')"
      canary=", \"canary\": { \"entry\": \"$base/$canary_version/mf-manifest.json\", \"share\": $canary_share }"
    elif [ -n "$canary_share" ]; then
      die "REMOTE_${upper}_CANARY_SHARE is set but REMOTE_${upper}_CANARY_VERSION is not"
    fi
    set -- "$@" -e "s|@ENTRY_${upper}@|$entry|g" -e "s|@CANARY_${upper}@|$canary|g"
    o=$(origin "$base")
    case " $remote_origins " in *" $o "*) ;; *) remote_origins="${remote_origins:+$remote_origins }$o" ;; esac
  done
  mkdir -p "$REGISTRY_DIR"
  registry="$REGISTRY_DIR/remotes.json"
  # What the variables say, remote by remote: compared with what they said when the registry was written.
  settings="$REGISTRY_DIR/remotes.settings"
  printf '%s\n' "$@" >"$settings.next"
  sed "$@" "$REGISTRY_TEMPLATE" >"$registry.next"
  if grep -q '@ENTRY_\|@CANARY_' "$registry.next"; then die "$REGISTRY_TEMPLATE names a remote this script does not know"; fi
  if [ -f "$registry" ] && [ -f "$settings" ] && cmp -s "$settings" "$settings.next"; then
    # A restart: the registry stays as last pointed (publish-remote or an edit since).
    grep -q '"remotes"' "$registry" || die "$registry has no \"remotes\": fix it, or delete it to write it again from the REMOTE_* variables"
    rm -f "$registry.next" "$settings.next"
    echo "suwerte-entrypoint: serving the registry kept in $registry (REMOTE_* unchanged since it was written; what was pointed since stays)"
  else
    if [ -f "$registry" ]; then
      echo "suwerte-entrypoint: REMOTE_* changed since $registry was written: it is written from them again (replacing what was pointed since)"
    else
      echo "suwerte-entrypoint: first start: $registry written from REMOTE_*"
    fi
    mv "$registry.next" "$registry"
    mv "$settings.next" "$settings"
  fi
fi

# --- a remote publishes the release it carries beside the ones already on its volume ----------
# Releases are immutable: the same version with other content is refused (a URL always means the
# same code, in every open tab), and nothing already published is ever removed here.
RELEASE="${RELEASE:-}"
if [ "$PART" = remote ]; then
  if [ -z "$RELEASE" ] && [ -f "$RELEASE_FILE" ]; then RELEASE=$(cat "$RELEASE_FILE"); fi
  check_version RELEASE "$RELEASE"
  [ -f "$APP_DIR/mf-manifest.json" ] || die "$APP_DIR has no mf-manifest.json: not a remote's build"
  mkdir -p "$RELEASES_DIR"
  if [ -d "$RELEASES_DIR/$RELEASE" ]; then
    if [ "$(tree_sums "$APP_DIR")" != "$(tree_sums "$RELEASES_DIR/$RELEASE")" ]; then
      die "release $RELEASE is already published on this server with other content; releases never change — build this one under a new version (RELEASE / <NAME>_RELEASE)"
    fi
    echo "suwerte-entrypoint: release $RELEASE is already published (same content)"
  else
    staging="$RELEASES_DIR/.incoming-$RELEASE-$$"
    cp -R "$APP_DIR" "$staging"
    mv "$staging" "$RELEASES_DIR/$RELEASE"
  fi
  echo "suwerte-entrypoint: serving release $RELEASE; releases on this server: $(ls "$RELEASES_DIR" | tr '\n' ' ')"
fi

# --- security headers -------------------------------------------------------------------------
# Mantine writes inline styles (style attributes and <style> tags): style-src needs
# 'unsafe-inline'. Scripts only from this origin and the remotes', never inline or eval.
self_and_remotes="'self'${remote_origins:+ $remote_origins}"
csp="default-src 'self'"
csp="$csp; script-src $self_and_remotes"
csp="$csp; style-src $self_and_remotes 'unsafe-inline'"
csp="$csp; img-src $self_and_remotes $api_origins data: blob:"
csp="$csp; font-src $self_and_remotes data:"
csp="$csp; connect-src $self_and_remotes $api_origins $ws_origins"
csp="$csp; object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'"

# The CSP and the frame rule are a document's (a page, or an SVG opened on its own): a script,
# a stylesheet or a JSON file never reads them, and a deep link's forty-odd files would each carry
# ~0.7 KB of them (more with real host names) over a phone's HTTP/1.1 link (docs/decisions/237).
# An empty value adds no header.
cat >"$RUNTIME_DIR/documents.conf" <<CONF
map \$sent_http_content_type \$suwerte_csp {
  default "";
  "~^(text/html|image/svg\+xml)" "$csp";
}
map \$sent_http_content_type \$suwerte_frame_options {
  default "";
  "~^(text/html|image/svg\+xml)" "DENY";
}
CONF
cat >"$RUNTIME_DIR/headers.conf" <<CONF
add_header Content-Security-Policy \$suwerte_csp always;
add_header X-Content-Type-Options "nosniff" always;
add_header Referrer-Policy "strict-origin-when-cross-origin" always;
add_header X-Frame-Options \$suwerte_frame_options always;
add_header Access-Control-Allow-Origin "$CORS" always;
CONF

# --- compression: gzip always, brotli when the nginx build has the module ----------------------
# A build's precompressed twins (name.br, name.gz: tools/rspack/precompress.mjs) are sent as they
# are; other text is compressed on the fly.
types="text/css text/plain text/javascript application/javascript application/json application/manifest+json image/svg+xml"
: >"$RUNTIME_DIR/modules.conf"
brotli=""
if [ -f "$NGINX_MODULES_DIR/ngx_http_brotli_filter_module.so" ]; then
  echo "load_module $NGINX_MODULES_DIR/ngx_http_brotli_filter_module.so;" >>"$RUNTIME_DIR/modules.conf"
  brotli="brotli on;
brotli_comp_level 5;
brotli_min_length 256;
brotli_types $types;"
  if [ -f "$NGINX_MODULES_DIR/ngx_http_brotli_static_module.so" ]; then
    echo "load_module $NGINX_MODULES_DIR/ngx_http_brotli_static_module.so;" >>"$RUNTIME_DIR/modules.conf"
    brotli="$brotli
brotli_static on;"
  fi
else
  echo "suwerte-entrypoint: no brotli module in $NGINX_MODULES_DIR; serving gzip only" >&2
fi
cat >"$RUNTIME_DIR/compression.conf" <<CONF
gzip on;
gzip_static on;
gzip_vary on;
gzip_proxied any;
gzip_comp_level 6;
gzip_min_length 256;
gzip_types $types;
$brotli
CONF

# --- nginx configuration from the templates ---------------------------------------------------
render() {
  sed -e "s|@WORKERS@|$NGINX_WORKERS|g" \
    -e "s|@RUNTIME_DIR@|$RUNTIME_DIR|g" \
    -e "s|@APP_DIR@|$APP_DIR|g" \
    -e "s|@RELEASES_DIR@|$RELEASES_DIR|g" \
    -e "s|@REGISTRY_DIR@|$REGISTRY_DIR|g" \
    -e "s|@RELEASE@|$RELEASE|g" \
    -e "s|@MIME_TYPES@|$MIME_TYPES|g" \
    -e "s|@ACCESS_LOG@|$ACCESS_LOG|g" \
    -e "s|@LISTEN@|$LISTEN|g" \
    "$1" >"$2"
}
render "$TEMPLATE_DIR/nginx.conf.template" "$RUNTIME_DIR/nginx.conf"
render "$TEMPLATE_DIR/$PART.conf.template" "$RUNTIME_DIR/site.conf"

if [ "${SUWERTE_CHECK_ONLY:-0}" = 1 ]; then
  exec "$NGINX_BIN" -t -q -p "$RUNTIME_DIR" -e stderr -c "$RUNTIME_DIR/nginx.conf"
fi
echo "suwerte-entrypoint: $PART listening on $LISTEN"
exec "$NGINX_BIN" -p "$RUNTIME_DIR" -e stderr -c "$RUNTIME_DIR/nginx.conf" -g 'daemon off;'
