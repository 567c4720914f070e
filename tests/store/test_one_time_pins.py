"""A PIN set by someone else (an account a supervisor created, a PIN a supervisor reset) is a
one-time PIN: its owner changes it before anything else; until then every use of it is refused
(signing in, a validation, an account change), in words saying how, and audited; changing it
to itself is refused; the owner's own change (the station, or ``dealer-station users pin ID``)
makes it theirs. The same rule through the screens' sign-in is in
``tests/gui/test_one_time_pins_gui.py``."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from dealer_station.auth import PinChangeRequired
from dealer_station.cli import main
from dealer_station.preview.demo import open_demo_station
from dealer_station.station import Station

TABLE = "DEMO-1"


def _open(data: Path) -> Station:
    """The demo table (S1 made S2, D1 and T1, who chose their own PINs; D1 went on duty), then
    S1 gives D1 and S2 new PINs: one-time PINs."""
    station = open_demo_station(data)
    station.sign_out()
    station.reset_pin("D1", "3434", supervisor="S1", pin="111111")
    station.reset_pin("S2", "242424", supervisor="S1", pin="111111")
    return station


def test_a_pin_set_by_someone_else_is_changed_by_its_owner_before_anything_else(
        tmp_path: Path) -> None:
    station = _open(tmp_path)
    try:
        with pytest.raises(PinChangeRequired, match=r"D1's PIN was set by S1: it is a one-time "
                                                    r"PIN\. Choose a new PIN of your own"):
            station.sign_in("D1", "3434")
        with pytest.raises(PinChangeRequired, match="S2's PIN was set by S1"):
            station.create_user("D5", "Five", "dealer", "5555", supervisor="S2", pin="242424")
        with pytest.raises(ValueError, match="choose a PIN of your own: not the one S1 set"):
            station.change_own_pin("D1", "3434", "3434")
        station.change_own_pin("D1", "3434", "4848")
        assert station.sign_in("D1", "4848").id == "D1"
        # reset by another supervisor: one-time again
        station.reset_pin("D1", "9191", supervisor="S1", pin="111111")
        with pytest.raises(PinChangeRequired, match="D1's PIN was set by S1"):
            station.sign_in("D1", "9191")
        refused = [json.loads(line) for line in station.store.audit_path.read_text()
                   .splitlines() if '"one-time PIN not changed yet"' in line]
        assert [r["data"]["user"] for r in refused] == ["D1", "S2", "D1"]
    finally:
        station.close()


def test_the_owner_changes_a_one_time_pin_on_the_command_line(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    _open(tmp_path).close()

    def users(*argv: str, stdin: str) -> int:
        monkeypatch.setattr("sys.stdin", io.StringIO(stdin))
        return main(["--data-dir", str(tmp_path), "users", *argv, "--table", TABLE,
                     "--pin-stdin"])

    # S2's one-time PIN authorises nothing
    assert users("add", "D5", "--name", "Five", "--role", "dealer", "--by", "S2",
                 stdin="5555\n242424\n") == 2
    assert "S2's PIN was set by S1: it is a one-time PIN" in capsys.readouterr().err
    # S2 changes it (the help's order: the new PIN, then the current one)
    assert users("pin", "S2", stdin="232323\n242424\n") == 0, capsys.readouterr().err
    assert users("add", "D5", "--name", "Five", "--role", "dealer", "--by", "S2",
                 stdin="5555\n232323\n") == 0, capsys.readouterr().err


def test_nothing_switches_the_rule_off(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """No variable of the environment (the switch the suite once set) lets a one-time PIN
    through: a table's environment is not a place a safety rule can be turned off."""
    station = _open(tmp_path)
    try:
        monkeypatch.setenv("DEALER_STATION_ONE_TIME_PINS", "off")
        with pytest.raises(PinChangeRequired, match="D1's PIN was set by S1"):
            station.sign_in("D1", "3434")
    finally:
        station.close()
