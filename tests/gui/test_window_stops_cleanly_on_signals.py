"""The dealer's screen as a process (``dealer-station`` on a fresh data directory, offscreen)
stopped from outside — ``systemctl stop`` and ``kill`` send SIGTERM, Ctrl+C SIGINT, a closed
terminal SIGHUP — closes as its close button does (dealer_station/ui/stopping.py): exit status 0,
the audit log ends with the store's ``closed`` record, and the next start takes the digests of
that clean close instead of proving the records again."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from dealer_station.station import Station

TABLE = "table-1"  # the shipped default table id
READY = "devices_opened"  # logged once the station and the simulated table are open


def _start(data_dir: Path, errors: Path) -> subprocess.Popen[bytes]:
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "DEALER_STATION_LOG": "production"}
    env.pop("DEALER_STATION_TABLE", None)
    with open(errors, "wb") as stream:
        return subprocess.Popen([sys.executable, "-m", "dealer_station.cli", "--data-dir",
                                 str(data_dir)], stdout=subprocess.DEVNULL, stderr=stream,
                                env=env)


def _wait_until_open(process: subprocess.Popen[bytes], errors: Path) -> None:
    deadline = time.monotonic() + 120
    while READY not in errors.read_text(errors="replace"):
        assert process.poll() is None, errors.read_text(errors="replace")[-2000:]
        assert time.monotonic() < deadline, "the station did not open within 120 s"
        time.sleep(0.1)


@pytest.mark.parametrize("stop", [signal.SIGTERM, signal.SIGINT, signal.SIGHUP],
                         ids=lambda s: signal.Signals(s).name)
def test_a_stop_signal_closes_the_dealers_screen_cleanly_as_its_close_button_does(
        stop: signal.Signals, tmp_path: Path) -> None:
    data_dir, errors = tmp_path / "data", tmp_path / "stderr.log"
    process = _start(data_dir, errors)
    try:
        _wait_until_open(process, errors)
        process.send_signal(stop)
        code = process.wait(timeout=60)
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()
    assert code == 0, errors.read_text(errors="replace")[-2000:]
    lines = (data_dir / TABLE / "audit.jsonl").read_text().splitlines()
    assert json.loads(lines[-1])["kind"] == "closed"
    station = Station.open(TABLE, str(data_dir))
    try:
        assert station.store.proven_by_close
    finally:
        station.close()
