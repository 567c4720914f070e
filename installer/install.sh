#!/usr/bin/env bash
# Install (or upgrade) Dealer Station on a Linux table PC from an unpacked bundle.
# Run as root from the unpacked folder:  sudo ./installer/install.sh
# Upgrading keeps the table's database and audit log (they live in the station user's data
# directory, not in /opt); the new version migrates the database and continues the audit chain.
set -euo pipefail
here="$(cd "$(dirname "$0")/.." && pwd)"
prefix=/opt/dealer-station

[ "$(id -u)" -eq 0 ] || { echo "install.sh: run as root (sudo)" >&2; exit 1; }
[ -x "$here/dealer-station" ] || { echo "install.sh: run it from an unpacked bundle" >&2; exit 1; }

getent group dealerstation >/dev/null || groupadd --system dealerstation
id dealerstation >/dev/null 2>&1 || useradd --system --create-home --home-dir /var/lib/dealer-station \
  --gid dealerstation --groups dialout,plugdev,video --shell /usr/sbin/nologin dealerstation

systemctl stop dealer-station.service 2>/dev/null || true
rm -rf "$prefix.new"
cp -a "$here" "$prefix.new"
rm -rf "$prefix.old"
[ -d "$prefix" ] && mv "$prefix" "$prefix.old"
mv "$prefix.new" "$prefix"

install -m 0644 "$here/installer/udev/99-dealer-station.rules" /etc/udev/rules.d/
install -m 0644 "$here/installer/systemd/dealer-station.service" /etc/systemd/system/
install -m 0644 "$here/installer/dealer-station.desktop" /usr/share/applications/
mkdir -p /etc/dealer-station
udevadm control --reload-rules && udevadm trigger || true

# Migrate the database and verify the audit chain before the station starts on the floor.
runuser -u dealerstation -- "$prefix/dealer-station" --check || {
  echo "install.sh: the start-up check failed; the previous version is kept in $prefix.old" >&2
  exit 1
}
systemctl daemon-reload
systemctl enable --now dealer-station.service
echo "Dealer Station installed in $prefix"
