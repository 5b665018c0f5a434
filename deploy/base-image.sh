#!/usr/bin/env bash
# Makes the base image every Suwerte image starts from, docker.io/library/debian:trixie-slim,
# the way Debian's official image is made (debootstrap's minbase variant, then the "slim" rules:
# no documentation, manual pages or translations, no package lists or downloaded packages kept),
# and imports it into the container engine. For machines that cannot pull from Docker Hub; anywhere
# else `docker pull debian:trixie-slim` gives the official one and this script is not needed.
#
#   bash deploy/base-image.sh [podman|docker]      (default: podman; needs root and debootstrap)
#
# MIRROR=http://… picks another Debian mirror (default deb.debian.org). Does nothing when the
# engine already has the image (FORCE=1 makes it again).
set -euo pipefail

ENGINE="${1:-podman}"
IMAGE=docker.io/library/debian:trixie-slim
MIRROR="${MIRROR:-http://deb.debian.org/debian}"
SECURITY_MIRROR="${SECURITY_MIRROR:-http://deb.debian.org/debian-security}"

if [ "${FORCE:-0}" != 1 ] && "$ENGINE" image inspect "$IMAGE" >/dev/null 2>&1; then
  echo "base-image: $IMAGE is already in $ENGINE"
  exit 0
fi
command -v debootstrap >/dev/null 2>&1 || { echo "base-image: debootstrap is not installed (apt-get install debootstrap)" >&2; exit 69; }
[ "$(id -u)" -eq 0 ] || { echo "base-image: debootstrap needs root" >&2; exit 77; }

work=$(mktemp -d /tmp/suwerte-base-image.XXXXXX)
trap 'rm -rf "$work"' EXIT
root="$work/rootfs"

echo "base-image: debootstrap --variant=minbase trixie from $MIRROR"
debootstrap --variant=minbase trixie "$root" "$MIRROR" >"$work/debootstrap.log" 2>&1 \
  || { tail -n 30 "$work/debootstrap.log" >&2; exit 1; }

# The official image's sources: the release, its updates and the security archive.
rm -f "$root/etc/apt/sources.list"
cat >"$root/etc/apt/sources.list.d/debian.sources" <<SOURCES
Types: deb
URIs: $MIRROR
Suites: trixie trixie-updates
Components: main
Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg

Types: deb
URIs: $SECURITY_MIRROR
Suites: trixie-security
Components: main
Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg
SOURCES

# The slim rules (Debian's debuerreotype): packages installed later leave these out too.
cat >"$root/etc/dpkg/dpkg.cfg.d/docker" <<'DPKG'
path-exclude /usr/share/doc/*
path-include /usr/share/doc/*/copyright
path-exclude /usr/share/groff/*
path-exclude /usr/share/info/*
path-exclude /usr/share/linda/*
path-exclude /usr/share/lintian/*
path-exclude /usr/share/locale/*
path-exclude /usr/share/man/*
DPKG
find "$root/usr/share/doc" -mindepth 1 -not -name copyright -not -type d -delete
find "$root/usr/share/doc" -mindepth 1 -type d -empty -delete
rm -rf "$root/usr/share/groff/"* "$root/usr/share/info/"* "$root/usr/share/linda/"* \
  "$root/usr/share/lintian/"* "$root/usr/share/locale/"* "$root/usr/share/man/"*

# apt in a container: no downloaded packages or translations kept, no suggested packages.
cat >"$root/etc/apt/apt.conf.d/docker-clean" <<'APT'
DPkg::Post-Invoke { "rm -f /var/cache/apt/archives/*.deb /var/cache/apt/archives/partial/*.deb /var/cache/apt/*.bin || true"; };
APT::Update::Post-Invoke { "rm -f /var/cache/apt/archives/*.deb /var/cache/apt/archives/partial/*.deb /var/cache/apt/*.bin || true"; };
Dir::Cache::pkgcache "";
Dir::Cache::srcpkgcache "";
APT
echo 'Acquire::Languages "none";' >"$root/etc/apt/apt.conf.d/docker-no-languages"
echo 'Acquire::GzipIndexes "true";' >"$root/etc/apt/apt.conf.d/docker-gzip-indexes"
echo 'Apt::AutoRemove::SuggestsImportant "false";' >"$root/etc/apt/apt.conf.d/docker-autoremove-suggests"
# No service starts while packages install inside a container.
printf '#!/bin/sh\nexit 101\n' >"$root/usr/sbin/policy-rc.d"
chmod 755 "$root/usr/sbin/policy-rc.d"

rm -rf "$root/var/cache/apt/"*.bin "$root/var/cache/apt/archives/"*.deb "$root/var/lib/apt/lists/"* \
  "$root/var/log/"*.log "$root/var/log/apt/"* "$root/tmp/"* "$root/root/".bash_history
: >"$root/etc/machine-id"

echo "base-image: importing $(du -sh "$root" | cut -f1) as $IMAGE"
tar --numeric-owner -C "$root" -c . | "$ENGINE" import --change 'CMD ["bash"]' - "$IMAGE" >/dev/null 2>"$work/import.log" \
  || { cat "$work/import.log" >&2; exit 1; }
echo "base-image: $IMAGE ready"
