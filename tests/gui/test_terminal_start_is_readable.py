"""The dealer's screen started from a terminal (``dealer-station``) says there in one line
where its diagnostic log is, and writes the log's JSON lines to the data directory's
``dealer-station.log``, not to the terminal (a new user saw the terminal fill with JSON);
``--verbose`` puts them on the terminal too."""

from __future__ import annotations

import json
import os
import pty
import select
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

READY = "devices_opened"  # logged once the station and the simulated table are open


def _run_on_a_terminal(data_dir: Path, *extra: str) -> str:
    """Start ``dealer-station`` with a terminal as its stdout and stderr, wait until it has
    opened its devices (its log file says so), stop it with SIGTERM: what the terminal shows."""
    leader, follower = pty.openpty()
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}
    env.pop("DEALER_STATION_LOG", None)
    env.pop("DEALER_STATION_TABLE", None)
    process = subprocess.Popen([sys.executable, "-m", "dealer_station.cli", "--data-dir",
                                str(data_dir), *extra], stdout=follower, stderr=follower,
                               stdin=subprocess.DEVNULL, env=env)
    os.close(follower)
    shown = b""
    log = data_dir / "dealer-station.log"
    try:
        deadline = time.monotonic() + 120
        while not (log.exists() and READY in log.read_text(errors="replace")):
            assert process.poll() is None, shown.decode(errors="replace")[-2000:]
            assert time.monotonic() < deadline, "the station did not open within 120 s"
            if select.select([leader], [], [], 0.1)[0]:
                shown += os.read(leader, 65536)
        process.send_signal(signal.SIGTERM)
        assert process.wait(timeout=60) == 0
        while select.select([leader], [], [], 0.2)[0]:
            try:
                chunk = os.read(leader, 65536)
            except OSError:  # the terminal's other side closed
                break
            if not chunk:
                break
            shown += chunk
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()
        os.close(leader)
    return shown.decode(errors="replace")


def _json_lines(text: str) -> list[dict[str, object]]:
    found = []
    for line in text.splitlines():
        line = line.strip()
        if line.startswith("{"):
            found.append(json.loads(line))
    return found


@pytest.mark.parametrize("verbose", [False, True], ids=["plain", "verbose"])
def test_a_terminal_shows_where_the_log_is_and_json_lines_only_when_verbose(
        tmp_path: Path, verbose: bool) -> None:
    data_dir = tmp_path / "data"
    shown = _run_on_a_terminal(data_dir, *(["--verbose"] if verbose else []))
    log = data_dir / "dealer-station.log"
    assert f"Its diagnostic log: {log}" in shown, shown[-2000:]
    logged = [json.loads(line) for line in log.read_text().splitlines()]
    assert any(line["event"] == READY for line in logged)
    on_terminal = _json_lines(shown)
    if verbose:
        assert any(line["event"] == READY for line in on_terminal), shown[-2000:]
    else:
        assert on_terminal == [], shown[-2000:]
        assert "--verbose: on this terminal too" in shown
