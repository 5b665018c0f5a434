#!/usr/bin/env bash
# Installs the Debian packages the end-to-end tests need when they are missing:
# Chromium (browser downloads do not work here), plus the packages named as arguments (a
# command such as nginx, or a package name). Idempotent and quick when all is present.
set -euo pipefail

packages=()
[ -x "${CHROMIUM_PATH:-/usr/bin/chromium}" ] || packages+=(chromium)
for extra in "$@"; do
  command -v "$extra" >/dev/null 2>&1 || [ -x "/usr/sbin/$extra" ] \
    || dpkg-query -W -f='${Status}' "$extra" 2>/dev/null | grep -q 'ok installed' || packages+=("$extra")
done

[ ${#packages[@]} -eq 0 ] && exit 0

echo "Installing Debian packages: ${packages[*]}"
sudo=""
[ "$(id -u)" -eq 0 ] || sudo="sudo"
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get install -y --no-install-recommends "${packages[@]}" \
  || { $sudo apt-get update && $sudo apt-get install -y --no-install-recommends "${packages[@]}"; }
