#!/usr/bin/env bash
# Remove Dealer Station from a table PC. The table's database, audit log and backups (records
# the regulator may ask for) stay in /var/lib/dealer-station, and the settings in
# /etc/dealer-station, unless --purge is given.
set -euo pipefail
[ "$(id -u)" -eq 0 ] || { echo "uninstall.sh: run as root (sudo)" >&2; exit 1; }
systemctl disable --now dealer-station.service 2>/dev/null || true
rm -f /etc/systemd/system/dealer-station.service /etc/udev/rules.d/99-dealer-station.rules \
  /usr/share/applications/dealer-station.desktop \
  /usr/share/icons/hicolor/scalable/apps/dealer-station.svg
systemctl daemon-reload || true
{ udevadm control --reload-rules && udevadm trigger; } 2>/dev/null || true
rm -rf /opt/dealer-station /opt/dealer-station.old /opt/dealer-station.new
if [ "${1:-}" = "--purge" ]; then
  userdel dealerstation 2>/dev/null || true
  groupdel dealerstation 2>/dev/null || true
  rm -rf /var/lib/dealer-station /etc/dealer-station
  echo "Dealer Station removed, with its data"
else
  echo "Dealer Station removed; its records remain in /var/lib/dealer-station"
fi
