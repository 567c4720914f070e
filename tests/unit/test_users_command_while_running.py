"""``dealer-station users`` while the dealer's screen holds the table (issue 14 item 4): the
command goes through the running station's control socket, the station checks the
supervisor's PIN and audits the change; refusals are one line on stderr with a non-zero exit.
The command runs as a person runs it (a subprocess); the running station is the dealer's
screen's own (its controller, built as ``dealer-station`` builds it, on the simulated table)."""

from __future__ import annotations

import json
import os
import re
import stat
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from dealer_station.auth import PinChangeRequired
from dealer_station.control import SOCKET_NAME

TABLE = "table-1"
COMMAND = [str(Path(sys.executable).parent / "dealer-station")]


def users(data_dir: Path, *argv: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    return subprocess.run([*COMMAND, "--data-dir", str(data_dir), "users", *argv,
                           "--pin-stdin"], input=stdin, capture_output=True, text=True,
                          timeout=120, env={**os.environ})


@pytest.fixture
def running(tmp_path: Path) -> Iterator[Any]:
    """The station as the dealer's screen runs it (first supervisor S1 created on it)."""
    from dealer_station.table_config import load_table_config
    from dealer_station.ui.app import build_controller

    controller = build_controller(load_table_config(None), str(tmp_path), transport="memory",
                                  explicit=False)
    try:
        assert controller.create_first_supervisor("S1", "Sam Super", "111111")
        yield controller
    finally:
        controller.close()


def _audit(data_dir: Path) -> list[dict[str, Any]]:
    path = data_dir / TABLE / "audit.jsonl"
    return [json.loads(line) for line in path.read_text().splitlines()]


def test_users_add_while_the_table_is_open_is_done_and_audited_by_the_station(
        running: Any, tmp_path: Path) -> None:
    sock = tmp_path / TABLE / SOCKET_NAME
    assert stat.S_IMODE(sock.stat().st_mode) == 0o600
    done = users(tmp_path, "add", "D7", "--name", "Dee", "--role", "dealer", "--by", "S1",
                 stdin="7777\n111111\n")
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "created dealer D7"
    with pytest.raises(PinChangeRequired, match="D7's PIN was set by S1"):
        running.station.sign_in("D7", "7777")  # the running station knows D7's one-time PIN
    own = users(tmp_path, "pin", "D7", stdin="7878\n7777\n")  # D7 makes it their own
    assert own.returncode == 0, own.stderr
    assert running.station.sign_in("D7", "7878").id == "D7"
    created = [r for r in _audit(tmp_path) if r["kind"] == "user"
               and r["data"]["event"] == "created" and r["data"]["user"] == "D7"]
    assert created and created[0]["actor"] == "S1"
    listed = users(tmp_path, "list")
    assert listed.returncode == 0 and "D7" in listed.stdout and "dealer" in listed.stdout


def test_users_unlock_disable_and_pin_reset_while_the_table_is_open(
        running: Any, tmp_path: Path) -> None:
    station = running.station
    station.create_user("S2", "Sue", "supervisor", "222222", supervisor="S1", pin="111111")
    for _ in range(5):
        assert not running.sign_in("S2", "000000")
    assert "locked" in running.refused
    listed = users(tmp_path, "list").stdout
    assert re.search(r"^S2 +supervisor +locked \((5 min|4 min \d+ s) left\) +Sue$", listed,
                     re.MULTILINE), listed
    assert users(tmp_path, "unlock", "S2", "--by", "S1", stdin="111111\n").returncode == 0
    assert users(tmp_path, "pin", "S2", "--by", "S1", stdin="232323\n111111\n").returncode == 0
    with pytest.raises(PinChangeRequired, match="S2's PIN was set by S1"):
        station.authenticate("S2", "232323", "test")
    assert users(tmp_path, "pin", "S2", stdin="242424\n232323\n").returncode == 0
    assert station.authenticate("S2", "242424", "test").id == "S2"
    assert users(tmp_path, "disable", "S2", "--by", "S1", stdin="111111\n").returncode == 0
    listed = users(tmp_path, "list").stdout
    assert any(line.split()[:3] == ["S2", "supervisor", "disabled"]
               for line in listed.splitlines())


@pytest.mark.parametrize("argv,stdin,words", [
    (("add", "D8", "--name", "D", "--role", "dealer", "--by", "S1"), "8888\n999999\n",
     "wrong id or PIN: 4 attempts left"),
    (("add", "D8", "--name", "D", "--role", "dealer", "--by", "NOBODY"), "8888\n999999\n",
     "wrong id or PIN: 4 attempts left"),
    (("add", "T8", "--name", "T", "--role", "technician", "--by", "S1"), "8888\n111111\n",
     "a technician's PIN is 6 to 12 digits"),
    (("unlock", "GHOST", "--by", "S1"), "111111\n", "no user 'GHOST'"),
    (("disable", "S1", "--by", "S1"), "111111\n", "may not disable their own account"),
    (("add", "D8", "--name", "D", "--role", "dealer"), "8888\n", "needs --by SUPERVISOR_ID"),
])
def test_a_refused_users_request_is_one_line_and_a_non_zero_exit(
        running: Any, tmp_path: Path, argv: tuple[str, ...], stdin: str, words: str) -> None:
    done = users(tmp_path, *argv, stdin=stdin)
    assert done.returncode != 0
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and words in lines[0], done.stderr


def test_without_a_running_station_the_command_opens_the_store_itself(tmp_path: Path) -> None:
    assert users(tmp_path, "add", "S1", "--name", "Sam", "--role", "supervisor",
                 stdin="111111\n").returncode == 0
    assert users(tmp_path, "add", "D1", "--name", "Dee", "--role", "dealer", "--by", "S1",
                 stdin="3333\n111111\n").returncode == 0
    assert not (tmp_path / TABLE / SOCKET_NAME).exists()
    assert "D1" in users(tmp_path, "list").stdout


def test_piped_pins_without_pin_stdin_are_refused_in_one_line(tmp_path: Path) -> None:
    done = subprocess.run([*COMMAND, "--data-dir", str(tmp_path), "users", "add", "S1",
                           "--name", "Sam", "--role", "supervisor"], input="111111\n",
                          capture_output=True, text=True, timeout=120)
    assert done.returncode != 0
    assert done.stderr.strip().splitlines() == [
        "dealer-station: PINs are asked on a terminal; with piped input give --pin-stdin"]


def test_a_station_that_holds_the_table_without_its_socket_is_named_in_one_line(
        tmp_path: Path) -> None:
    from dealer_station.store.database import Store

    assert users(tmp_path, "add", "S1", "--name", "Sam", "--role", "supervisor",
                 stdin="111111\n").returncode == 0
    with Store.open(tmp_path / TABLE, TABLE):  # holds the table, listens nowhere
        done = users(tmp_path, "list")
    assert done.returncode != 0
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and "does not answer on its control socket" in lines[0], lines


def test_archive_status_and_seal_while_the_table_is_open_go_through_the_running_station(
        running: Any, tmp_path: Path) -> None:
    """``dealer-station archive`` beside the dealer's screen: the running station answers
    (what its sealer is doing now), seals on its own thread and the dealer does not wait."""
    def archive(*argv: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run([*COMMAND, "--data-dir", str(tmp_path), "archive", *argv],
                              capture_output=True, text=True, timeout=120, env={**os.environ})

    status = archive("status")
    assert status.returncode == 0, status.stderr
    assert "now: nothing under way" in status.stdout  # the running station's own sealer
    assert "no station is running" not in status.stdout
    sealed = archive("seal")
    assert sealed.returncode == 0, sealed.stderr
    assert "sealing the day" in sealed.stdout or "nothing to seal" in sealed.stdout
    assert running.station.finish_sealing(timeout=60).state in ("idle", "failed")
    assert "nothing to seal" in running.station.archive_status().last
    refused = archive("seal", "--through", "2999-01-01")
    assert refused.returncode != 0 and refused.stderr.count("\n") == 1
    assert "has not begun yet" in refused.stderr
