"""``dealer-station meters``: a progressive meter's whole life on the command line (issue 16,
5324.41(k)): create, change between rounds only, reseed after a hit, retire; each refusal one
line on stderr naming its clause, nothing changed; list and show read what a regulator reads."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest
from own_pins import add_account

from dealer_station.cli import main
from dealer_station.station import Station
from dealer_station.store import meters as meter_store

SETTINGS = {"game": "pai_gow", "table": {"minimum_wager": "$5", "maximum_wager": "$5,000"},
            "side_wagers": {"offered": ["progressive"]}}
NAME = "pai_gow_progressive"


@pytest.fixture
def data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    station = Station.open("PG-1", str(tmp_path), game="pai_gow", settings=SETTINGS,
                           pin_cost=2**8)
    station.create_first_supervisor("S1", "Sam", "111111")
    add_account(station, "D1", "Dee", "dealer", "3333", supervisor="S1", pin="111111")
    station.close()
    monkeypatch.setenv("DEALER_STATION_DATA_DIR", str(tmp_path))
    return tmp_path


def meters(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], *args: str,
           pin: str = "111111") -> tuple[int, str, str]:
    monkeypatch.setattr("sys.stdin", io.StringIO(pin + "\n"))
    code = main(["meters", *args, "--table", "PG-1", "--by", "S1", "--pin-stdin"]
                if args[0] not in ("list", "show") else ["meters", *args, "--table", "PG-1"])
    out, err = capsys.readouterr()
    return code, out, err


def audit(data_dir: Path) -> list[dict[str, object]]:
    lines = (data_dir / "PG-1" / "audit.jsonl").read_text().splitlines()
    return [json.loads(line) for line in lines]


CREATE = ("create", NAME, "--wager", "progressive", "--reset", "$10,000", "--rate", "21%")


@pytest.mark.parametrize(("extra", "words", "clause"), [
    (("--rate", "20%"), "below the 21%", "5324.41(k)(5)"),
    (("--limit", "$5,000"), "below the reset amount", "5324.41(k)(4)"),
    (("--limit", "$50,000", "--above-limit", "stop"), "go to the overflow", "5324.41(k)(5)"),
    (("--reset", "$150"), "below $200.00, the largest fixed payout", "5324.41(k)(5)"),
])
def test_create_refused_with_its_clause_5324_41_k(
        data_dir: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
        extra: tuple[str, ...], words: str, clause: str) -> None:
    code, _, err = meters(monkeypatch, capsys, *CREATE, *extra)
    assert code == 2 and words in err and f"[{clause}]" in err and "Traceback" not in err
    assert err.count("\n") == 1
    assert meters(monkeypatch, capsys, "list")[1] == "no progressive meters\n"


def test_a_meter_s_life_create_change_show_retire(
        data_dir: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
        ) -> None:
    code, out, _ = meters(monkeypatch, capsys, *CREATE, "--limit", "$50,000")
    assert code == 0 and "created meter pai_gow_progressive: $10,000.00" in out
    code, _, err = meters(monkeypatch, capsys, "change", NAME, "--limit", "$60,000", pin="9")
    assert code == 2 and "wrong id or PIN" in err
    code, out, _ = meters(monkeypatch, capsys, "change", NAME, "--limit", "$60,000")
    assert code == 0 and "limit $60,000.00" in out
    code, _, err = meters(monkeypatch, capsys, "change", NAME, "--rate", "25%")
    assert code == 2 and "change the configuration first" in err and "[5324.41(k)(5)]" in err
    code, _, err = meters(monkeypatch, capsys, "reseed", NAME)
    assert code == 2 and "reseeded after a hit" in err and "[5324.41(k)(6)]" in err
    code, out, _ = meters(monkeypatch, capsys, "show", NAME)
    assert "Limit                  $60,000.00 · above it to the overflow" in out
    assert "Overflow               $0.00" in out and "no hits" in out
    code, _, err = meters(monkeypatch, capsys, "retire", NAME)
    assert code == 2 and "needs the reason" in err
    code, out, _ = meters(monkeypatch, capsys, "retire", NAME, "--reason", "new meter system")
    assert code == 0 and "retired meter pai_gow_progressive ($10,000.00 on it)" in out
    assert "retired" in meters(monkeypatch, capsys, "list")[1]
    kinds = [(e["data"].get("kind"), e["actor"]) for e in audit(data_dir) if e["kind"] == "meter"]
    assert kinds == [("seed", "S1"), ("terms", "S1"), ("retire", "S1")]


def test_a_meter_changes_only_between_rounds_5324_41_k_6(
        data_dir: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
        ) -> None:
    assert meters(monkeypatch, capsys, *CREATE)[0] == 0
    with Station.open("PG-1", str(data_dir), pin_cost=2**8) as station:
        station.sign_in("D1", "3333")
        station.start_round()
    for action in (("change", NAME, "--limit", "$60,000"), ("reseed", NAME),
                   ("retire", NAME, "--reason", "x")):
        code, _, err = meters(monkeypatch, capsys, *action)
        assert code == 2 and "changes only between rounds: round 1 is open" in err
        assert "[5324.41(k)(6)]" in err


def test_overflow_above_the_limit_and_the_reseed_after_a_hit(data_dir: Path) -> None:
    """Contributions past the limit go to the overflow; after a payout the supervisor's reseed
    moves it into the meter (up to the limit); the journal accounts for every cent."""
    with Station.open("PG-1", str(data_dir), pin_cost=2**8) as station:
        station.create_meter(NAME, wager="progressive", reset=1_000_000, rate_bp=2100,
                             limit=1_000_050, supervisor="S1", pin="111111")
        with station.store.transaction() as work:
            work.execute("INSERT INTO rounds (id, game, config, status, started) "
                         "VALUES (1, 'pai_gow', '{}', 'complete', 't')")
            assert meter_store.contribute(work, NAME, 1, 1000) == 210
        now = station.meter(NAME)
        assert (now.current, now.overflow) == (1_000_050, 160)
        with station.store.transaction() as work:
            meter_store.pay_jackpot(work, NAME, round_id=1, position="1", hand="royal_flush",
                                    amount=10_000, dealer="D1", supervisor="S1")
        assert station.meter(NAME).current == 1_000_000  # reseeded to the base
        assert station.reseed_meter(NAME, supervisor="S1", pin="111111") == 50
        now = station.meter(NAME)
        assert (now.current, now.overflow) == (1_000_050, 110)
        meter_store.check(station.store)
        stats = station.meter_statistics(NAME)
        assert stats.current - stats.reset == (stats.contributions - stats.paid
                                               + stats.reseeded)


def test_meters_while_the_dealer_s_screen_holds_the_table(tmp_path: Path) -> None:
    """The running station carries out ``dealer-station meters create`` (its control socket),
    checks the PIN and the law, audits it, and the screen's station knows the meter at once;
    a refusal is one line with its clause."""
    import os
    import subprocess
    import sys

    from dealer_station.table_config import load_table_config
    from dealer_station.ui.app import build_controller

    setup = load_table_config(game="pai_gow")
    setup.settings["side_wagers"] = {"offered": ["progressive"]}
    controller = build_controller(setup, str(tmp_path), transport="memory", table="PG-1")
    command = [str(Path(sys.executable).parent / "dealer-station"), "--data-dir",
               str(tmp_path), "meters"]

    def meters_cli(*argv: str, pin: str = "111111") -> subprocess.CompletedProcess[str]:
        return subprocess.run([*command, *argv, "--table", "PG-1", "--by", "S1", "--pin-stdin"],
                              input=pin + "\n", capture_output=True, text=True, timeout=120,
                              env={**os.environ})

    try:
        assert controller.create_first_supervisor("S1", "Sam Super", "111111")
        refused = meters_cli(*CREATE[:-1], "20%")
        assert refused.returncode == 2 and refused.stderr.count("\n") == 1
        assert "below the 21%" in refused.stderr and "[5324.41(k)(5)]" in refused.stderr
        done = meters_cli(*CREATE)
        assert done.returncode == 0, done.stderr
        assert done.stdout.strip() == "created meter pai_gow_progressive: $10,000.00 on the meter"
        assert controller.station.meter(NAME).current == 1_000_000  # the running station's
    finally:
        controller.close()
