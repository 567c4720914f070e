#!/usr/bin/env bash
# Build the self-contained Dealer Station bundle reproducibly:
#   dist/dealer-station/                         the application folder (run dist/dealer-station/dealer-station)
#   dist/dealer-station-VERSION-linux-ARCH.tar.gz the same folder packed, with the installer files
# Pinned build tools and runtime packages come from installer/constraints.txt; timestamps from the
# last commit (SOURCE_DATE_EPOCH), so two builds of one commit hold the same files.
set -euo pipefail
cd "$(dirname "$0")/.."

python="${PYTHON:-python3}"
venv=build/bundle-venv
version=$("$python" -c 'import tomllib;print(tomllib.load(open("pyproject.toml","rb"))["project"]["version"])')
arch=$(uname -m)
export SOURCE_DATE_EPOCH="${SOURCE_DATE_EPOCH:-$(git log -1 --format=%ct 2>/dev/null || echo 315532800)}"
export PYTHONHASHSEED=0

# Every package pinned, also in pip's isolated build environment of the project's own wheel.
export PIP_CONSTRAINT="$PWD/installer/constraints.txt"
export PIP_DISABLE_PIP_VERSION_CHECK=1
[ -x "$venv/bin/python" ] || "$python" -m venv "$venv"
"$venv/bin/pip" install --quiet . pyinstaller
"$venv/bin/pyinstaller" --noconfirm --clean --log-level WARN \
  --distpath dist --workpath build/pyinstaller installer/dealer-station.spec

# The installer files travel with the bundle.
mkdir -p dist/dealer-station/installer
cp -r installer/udev installer/systemd installer/dealer-station.desktop installer/dealer-station.svg \
  installer/install.sh installer/uninstall.sh installer/README.md dist/dealer-station/installer/

# The program proves itself at every start (dealer_station/integrity.py): the manifest of every
# file's SHA-256, signed with the build's Ed25519 private key, and the public key, in the bundle.
# A release is signed with the manufacturer's key (DEALER_STATION_SIGNING_KEY: a PEM file kept
# offline on the signing machine, never in the repository; installer/README.md, "The signed
# manifest"); without it the build signs with an ephemeral key it throws away (CI, development):
# such a bundle verifies itself but its identity matches no approved build.
sign=(--version "$version")
if [ -n "${DEALER_STATION_SIGNING_KEY:-}" ]; then
  sign+=(--key "$DEALER_STATION_SIGNING_KEY")
else
  echo "build.sh: no DEALER_STATION_SIGNING_KEY: signing with an ephemeral key (not a release)" >&2
fi
"$venv/bin/python" -m dealer_station.integrity sign dist/dealer-station "${sign[@]}"

tarball="dist/dealer-station-$version-linux-$arch.tar.gz"
tar --sort=name --mtime="@$SOURCE_DATE_EPOCH" --owner=0 --group=0 --numeric-owner \
  -cf - -C dist dealer-station | gzip -n > "$tarball"
echo "built $tarball"
