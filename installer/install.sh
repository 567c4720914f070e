#!/usr/bin/env bash
# Install (or upgrade) Dealer Station on a Linux table PC from an unpacked bundle.
# Run as root from the unpacked folder:  sudo ./installer/install.sh
#
# Upgrading keeps the table's database and audit log: they live in the station user's data
# directory (/var/lib/dealer-station/data), never in /opt. Before the new version touches them
# they are copied to /var/lib/dealer-station/backup/<date>-<old version>/; the new version's
# --check then migrates the database (numbered migrations, never an edit of an applied one) and
# verifies the audit chain against the head in the database, so the chain goes on unbroken.
set -euo pipefail
here="$(cd "$(dirname "$0")/.." && pwd)"
prefix=/opt/dealer-station
home=/var/lib/dealer-station
data="$home/data"
etc=/etc/dealer-station

[ "$(id -u)" -eq 0 ] || { echo "install.sh: run as root (sudo)" >&2; exit 1; }
[ -x "$here/dealer-station" ] || { echo "install.sh: run it from an unpacked bundle" >&2; exit 1; }

# The station's user: owns the data and the screen; the table's devices it reaches through the
# udev rules' group (dealerstation), not dialout or plugdev (every serial port, every USB device).
getent group dealerstation >/dev/null || groupadd --system dealerstation
for group in video input render; do getent group "$group" >/dev/null || groupadd --system "$group"; done
id dealerstation >/dev/null 2>&1 || useradd --system --create-home --home-dir "$home" \
  --gid dealerstation --groups video,input,render --shell /usr/sbin/nologin dealerstation
for group in dialout plugdev; do  # an older install added them
  gpasswd -d dealerstation "$group" >/dev/null 2>&1 || true
done
install -d -o dealerstation -g dealerstation -m 0750 "$home"
install -d -o dealerstation -g dealerstation -m 0700 "$data"
chmod 0700 "$data"  # an older install made it 0750

# The witness of the audit chain's head (docs/security.md): a file the station appends to but
# cannot rewrite, truncate or delete (owned by root in a root-owned directory, append-only
# where the file system supports it). Better on another device or machine: point
# DEALER_STATION_WITNESS in the environment file there.
witness_dir=/var/lib/dealer-station-witness
install -d -o root -g dealerstation -m 0750 "$witness_dir"
if [ ! -e "$witness_dir/witness.jsonl" ]; then
  install -o root -g dealerstation -m 0660 /dev/null "$witness_dir/witness.jsonl"
fi
chattr +a "$witness_dir/witness.jsonl" 2>/dev/null || \
  echo "install.sh: $witness_dir/witness.jsonl cannot be made append-only here (chattr +a)" >&2

# Settings the unit reads (kept across upgrades).
install -d -m 0755 "$etc"
if [ ! -e "$etc/environment" ]; then
  cat > "$etc/environment" <<'ENV'
# Dealer Station settings for the kiosk unit (dealer-station.service).
# Options given to every start and to the start-up check, e.g. the table's configuration file
# with its [devices] table (no --config: the shipped default with the simulated devices):
#DEALER_STATION_OPTIONS="--config /etc/dealer-station/table.toml"
# The table's id (one directory per table under the data directory):
#DEALER_STATION_TABLE=table-1
# Where the audit chain's head is witnessed (outside the data directory; docs/security.md):
DEALER_STATION_WITNESS=/var/lib/dealer-station-witness/witness.jsonl
ENV
fi
grep -q '^DEALER_STATION_WITNESS=' "$etc/environment" || \
  echo "install.sh: no DEALER_STATION_WITNESS in $etc/environment: rollbacks of the table's files" \
    "cannot be detected (docs/security.md)" >&2

systemctl stop dealer-station.service 2>/dev/null || true

old_version=none
if [ -x "$prefix/dealer-station" ]; then
  old_version=$("$prefix/dealer-station" --version 2>/dev/null | awk '{print $2}') || old_version=unknown
fi
if [ -n "$(ls -A "$data" 2>/dev/null)" ]; then
  backup="$home/backup/$(date -u +%Y%m%dT%H%M%SZ)-$old_version"
  install -d -o dealerstation -g dealerstation -m 0750 "$home/backup"
  cp -a "$data" "$backup"
  echo "install.sh: the table data is backed up in $backup"
fi

rm -rf "$prefix.new"
cp -a "$here" "$prefix.new"
rm -rf "$prefix.old"
[ -d "$prefix" ] && mv "$prefix" "$prefix.old"
mv "$prefix.new" "$prefix"

install -D -m 0644 "$here/installer/udev/99-dealer-station.rules" \
  /etc/udev/rules.d/99-dealer-station.rules
install -D -m 0644 "$here/installer/systemd/dealer-station.service" \
  /etc/systemd/system/dealer-station.service
install -D -m 0644 "$here/installer/dealer-station.desktop" \
  /usr/share/applications/dealer-station.desktop
install -D -m 0644 "$here/installer/dealer-station.svg" \
  /usr/share/icons/hicolor/scalable/apps/dealer-station.svg
{ udevadm control --reload-rules && udevadm trigger; } 2>/dev/null || true

# Migrate the database and verify the audit chain and the devices before the floor sees it,
# with the same settings as the unit.
set -a
DEALER_STATION_DATA_DIR="$data"
DEALER_STATION_OPTIONS=""
# shellcheck disable=SC1091
. "$etc/environment"
set +a
# shellcheck disable=SC2086  # the options are words
if ! runuser -u dealerstation -- env QT_QPA_PLATFORM=offscreen \
    "$prefix/dealer-station" $DEALER_STATION_OPTIONS --check; then
  echo "install.sh: the start-up check failed (reasons above); the station is not started." >&2
  echo "  Fix the cause and run: sudo systemctl enable --now dealer-station" >&2
  echo "  The previous version is in $prefix.old and the data before this install in the backup." >&2
  systemctl daemon-reload
  exit 1
fi
systemctl daemon-reload
systemctl enable --now dealer-station.service
echo "Dealer Station $("$prefix/dealer-station" --version | awk '{print $2}') installed in $prefix"
