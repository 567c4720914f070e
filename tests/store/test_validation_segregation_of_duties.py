"""Segregation of duties for a progressive's validation (5324.41(k)(3)(iii)) through
``dealer-station users`` (the command line, the station stopped with its round waiting): a
supervisor who was at the table during the round (S2, who dealt it) resets S1's PIN, or creates
S9, and approves as that account: refused, naming who changed the account and why; the change
is on that round's record (the audit record names the round; ``account_changes``); a
supervisor nobody at the table touched approves. Editing the record of the change after the
stop is refused at the next start."""

from __future__ import annotations

import io
import json
import re
import sqlite3
from pathlib import Path

import pytest
from winner_support import WINNER

from dealer_station.auth import AccessDenied
from dealer_station.cli import main
from dealer_station.preview.demo import open_demo_station, play_pai_gow_to_validation
from dealer_station.procedure import ProcedureError
from dealer_station.station import Station
from dealer_station.store import meters as meter_store
from dealer_station.store import users
from dealer_station.store.database import StoreError

TABLE = "DEMO-1"
HANDS = {5: "As Ks Qs Js Ts 9c 9d", 2: "8h 7h 6h 5h 4h 2c 2s", 3: "6c 6d 2d 3c 5d Qh Jc",
         "dealer": "Kc Kd 9h 7s 4c 3d Th"}


def _open(data: Path) -> Station:
    station = open_demo_station(data, game="pai_gow")
    return station


@pytest.fixture
def dealt_by_s2(tmp_path: Path) -> tuple[Path, int]:
    """S2 dealt a Pai Gow round to its validation; the station stopped there."""
    data = tmp_path / "data"
    station = _open(data)
    try:
        station.sign_in("S2", "222222")
        round_id = play_pai_gow_to_validation(station, HANDS)
        with pytest.raises(AccessDenied, match="a round they dealt"):  # rightly refused
            station.show_progressive_claim(round_id, 5, supervisor="S2", pin="222222")
    finally:
        station.close()
    return data, round_id


def _users(data: Path, monkeypatch: pytest.MonkeyPatch, *argv: str, stdin: str) -> int:
    monkeypatch.setattr("sys.stdin", io.StringIO(stdin))
    return main(["--data-dir", str(data), "users", *argv, "--table", TABLE, "--pin-stdin"])


def _audit(data: Path) -> list[dict[str, object]]:
    return [json.loads(line) for line in (data / TABLE / "audit.jsonl").read_text().splitlines()]


def test_s2_resets_s1s_pin_during_the_round_and_approves_as_s1_refused(
        dealt_by_s2: tuple[Path, int], monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    data, round_id = dealt_by_s2
    assert _users(data, monkeypatch, "pin", "S1", "--by", "S2",
                  stdin="565656\n222222\n") == 0
    # the one-time PIN S2 set authorises nothing until changed: S2, knowing it, changes it
    # as S1 would (the owner's own change), then approves as S1
    assert _users(data, monkeypatch, "pin", "S1", stdin="575757\n565656\n") == 0
    station = _open(data)
    try:
        with pytest.raises(AccessDenied, match=(
                rf"S1's account was given a new PIN by S2 at .* UTC, after round {round_id} "
                rf"began, and S2 was at this table as its dealer during it")):
            station.show_progressive_claim(round_id, 5, supervisor="S1", pin="575757")
        with pytest.raises(AccessDenied, match="given a new PIN by S2"):
            station.supervise("approve_progressive", supervisor="S1", pin="575757", position=5)
        changes = users.changes_in_round(station.store, round_id)
        assert [(c.user, c.event, c.by) for c in changes] == [("S1", "pin_changed", "S2"),
                                                               ("S1", "pin_changed", "S1")]
    finally:
        station.close()
    reset = [r for r in _audit(data) if r["kind"] == "user"
             and r["data"]["event"] == "pin_changed"]  # type: ignore[index]
    assert [(r["round"], r["actor"]) for r in reset[-2:]] == [(round_id, "S2"), (round_id, "S1")]
    # on the round's record as a person reads it: history show, text and --json
    capsys.readouterr()
    assert main(["--data-dir", str(data), "history", "show", str(round_id), "--table",
                 TABLE]) == 0
    shown = capsys.readouterr().out
    assert "Account changes during the round:" in shown
    assert re.search(r"^  \S+ S1 pin changed by S2$", shown, re.M), shown
    assert main(["--data-dir", str(data), "history", "show", str(round_id), "--json",
                 "--table", TABLE]) == 0
    document = json.loads(capsys.readouterr().out)
    assert [(c["user"], c["event"], c["by"]) for c in document["account_changes"]] == [
        ("S1", "pin_changed", "S2"), ("S1", "pin_changed", "S1")]


def test_s2_creates_s9_during_the_round_and_approves_as_s9_refused(
        dealt_by_s2: tuple[Path, int], monkeypatch: pytest.MonkeyPatch) -> None:
    data, round_id = dealt_by_s2
    assert _users(data, monkeypatch, "add", "S9", "--name", "Nine", "--role", "supervisor",
                  "--by", "S2", stdin="999999\n222222\n") == 0
    assert _users(data, monkeypatch, "pin", "S9", stdin="989898\n999999\n") == 0
    station = _open(data)
    try:
        with pytest.raises(AccessDenied, match=rf"S9's account was created by S2 .* after "
                                               rf"round {round_id} began"):
            station.show_progressive_claim(round_id, 5, supervisor="S9", pin="989898")
        # S1, whose account nobody at the table touched, validates it
        claim = station.show_progressive_claim(round_id, 5, supervisor="S1", pin="111111")
        station.decide_progressive_claim(claim, approve=True,
                                         winner=WINNER, supervisor="S1", pin="111111")
    finally:
        station.close()


def test_an_unlock_or_re_enable_by_the_dealer_during_the_round_is_refused_too(
        dealt_by_s2: tuple[Path, int], monkeypatch: pytest.MonkeyPatch) -> None:
    data, round_id = dealt_by_s2
    assert _users(data, monkeypatch, "disable", "S1", "--by", "S2", stdin="222222\n") == 0
    assert _users(data, monkeypatch, "enable", "S1", "--by", "S2", stdin="222222\n") == 0
    station = _open(data)
    try:
        with pytest.raises(AccessDenied, match="S1's account was disabled by S2"):
            station.show_progressive_claim(round_id, 5, supervisor="S1", pin="111111")
    finally:
        station.close()


def test_an_account_change_deleted_from_the_database_is_refused_at_start(
        dealt_by_s2: tuple[Path, int], monkeypatch: pytest.MonkeyPatch) -> None:
    data, _round_id = dealt_by_s2
    assert _users(data, monkeypatch, "pin", "S1", "--by", "S2",
                  stdin="565656\n222222\n") == 0
    with sqlite3.connect(data / TABLE / "table.sqlite3") as connection:
        connection.execute("DELETE FROM account_changes WHERE by = 'S2'")
    connection.close()
    with pytest.raises(StoreError, match=r"account_changes row \d+ is missing"):
        _open(data)


def test_a_payout_above_the_amount_is_not_approved_by_one_supervisor_anywhere(
        tmp_path: Path) -> None:
    """With ``second_validator_above`` set, the one-validator approval (the dealer's screen's
    panel, ``Station.supervise``) is refused naming where two validate it; the approval with a
    second supervisor records both on the jackpot record."""
    station = _open(tmp_path / "data")
    try:
        station.sign_out()
        station.change_station_settings({"second_validator_above": 100_00}, supervisor="S1",
                                        pin="111111")
        station.sign_in("D1", "3333")
        round_id = play_pai_gow_to_validation(station, HANDS)
        with pytest.raises(ProcedureError, match=r"is above \$100\.00: two supervisors validate "
                                                 r"it, on the supervisor's screen"):
            station.supervise("approve_progressive", supervisor="S1", pin="111111", position=5)
        claim = station.show_progressive_claim(round_id, 5, supervisor="S1", pin="111111")
        with pytest.raises(ProcedureError, match="a second supervisor validates it too"):
            station.decide_progressive_claim(claim, approve=True, winner=WINNER, supervisor="S1",
                                             pin="111111")
        record = station.decide_progressive_claim(claim, approve=True,
                                                  winner=WINNER, supervisor="S1",
                                                  pin="111111", second_supervisor="S2",
                                                  second_pin="222222")
        made = meter_store.jackpot(station.store, int(str(record.arguments["jackpot_number"])))
        assert (made.supervisor, made.second_supervisor) == ("S1", "S2")
    finally:
        station.close()
    with _open(tmp_path / "data") as reopened:  # proven at start with the second validator
        assert meter_store.jackpots(reopened.store)[-1].second_supervisor == "S2"


def test_the_amount_two_validate_above_is_set_on_the_command_line(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    data = tmp_path / "data"
    station = _open(data)
    station.sign_out()
    station.close()

    def validators(*argv: str, stdin: str = "") -> int:
        monkeypatch.setattr("sys.stdin", io.StringIO(stdin))
        return main(["--data-dir", str(data), "validators", *argv, "--table", TABLE])

    assert validators("show") == 0
    assert capsys.readouterr().out.strip() == "one supervisor validates every progressive payout"
    assert validators("two-above", "$100", "--by", "D1", "--pin-stdin", stdin="3333\n") == 2
    capsys.readouterr()
    assert validators("two-above", "$100", "--by", "S1", "--pin-stdin", stdin="111111\n") == 0
    assert capsys.readouterr().out.strip() == ("a progressive payout above $100.00 is validated "
                                               "by two supervisors")
    station = _open(data)
    try:
        round_id = play_pai_gow_to_validation(station, HANDS)
        claim = station.show_progressive_claim(round_id, 5, supervisor="S1", pin="111111")
        assert station.second_validator_needed(claim)
    finally:
        station.close()
    assert validators("show") == 0
    assert "above $100.00" in capsys.readouterr().out
