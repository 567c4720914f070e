"""``dealer-station meters list|show`` of a table in a floor's linked pool (5324.41(k)): the
pool the table contributes to and whose amount pays its hits is printed above the table's
meter, whose figures read as the table's own ledger; the pool follows the floor; a floor that
cannot be reached is one line and the ledger is still printed."""

from __future__ import annotations

import io
import time
from pathlib import Path

import pytest

from dealer_station.cli import main
from dealer_station.floor.config import FloorConfig, connect
from dealer_station.floor.link import FloorLink
from dealer_station.station import Station

SETTINGS = {"game": "pai_gow", "table": {"minimum_wager": "$5", "maximum_wager": "$5,000"},
            "side_wagers": {"offered": ["progressive"]}}
NAME = "pai_gow_progressive"


def _cli(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], *args: str,
         stdin: str = "") -> tuple[int, str, str]:
    monkeypatch.setattr("sys.stdin", io.StringIO(stdin))
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture
def table(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
          capsys: pytest.CaptureFixture[str]) -> Path:
    """Table PG-1 with its progressive meter, made with the real command."""
    station = Station.open("PG-1", str(tmp_path), game="pai_gow", settings=SETTINGS,
                           pin_cost=2**8)
    station.create_first_supervisor("S1", "Sam", "111111")
    station.close()
    monkeypatch.setenv("DEALER_STATION_DATA_DIR", str(tmp_path))
    monkeypatch.delenv("DEALER_STATION_FLOOR_URL", raising=False)
    code, _, err = _cli(monkeypatch, capsys, "meters", "create", NAME, "--wager", "progressive",
                        "--reset", "$10,000", "--rate", "21%", "--table", "PG-1", "--by", "S1",
                        "--pin-stdin", stdin="111111\n")
    assert code == 0, err
    return tmp_path


def _config(tmp_path: Path, url: str) -> Path:
    path = tmp_path / "pg-1.toml"
    path.write_text(f'game = "pai_gow"\n\n[floor]\nurl = "{url}"\npool = "linked"\n')
    return path


def _register(data: Path, url: str) -> None:
    """The table's station joins the floor as it does at its start (its floor link)."""
    link = FloorLink(FloorConfig(url), data / "PG-1", "PG-1", "pai_gow")
    link.start()
    try:
        deadline = time.monotonic() + 30
        while not link.view.reachable:
            assert time.monotonic() < deadline, link.view.reason
            time.sleep(0.05)
    finally:
        link.stop()


def test_meters_show_prints_the_linked_pool_above_the_tables_ledger(
        table: Path, floor_url: str, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = _cli(monkeypatch, capsys, "floor", "pool", "create", "linked", "--wager",
                        "progressive", "--reset", "$10,000", "--rate", "2100", "--url", floor_url)
    assert code == 0, err
    _register(table, floor_url)
    code, _, err = _cli(monkeypatch, capsys, "floor", "pool", "join", "linked", "--table", "PG-1",
                        "--url", floor_url)
    assert code == 0, err
    config = str(_config(table, floor_url))

    code, out, err = _cli(monkeypatch, capsys, "--config", config, "meters", "show", NAME,
                          "--table", "PG-1")
    assert code == 0, err
    lines = out.splitlines()
    assert lines[:5] == [NAME, "  Pool linked (floor)",
                         "    as of now            $10,000.00",
                         "    pending at the pit   none",
                         "    floor                reachable"]
    assert "  Ledger (this table)    $10,000.00" in lines and "Current" not in out

    with connect(floor_url) as connection:  # another table's contributions move the pool
        connection.execute("UPDATE pools SET amount_cents = amount_cents + 12345 "
                           "WHERE name = 'linked'")
    monkeypatch.setenv("DEALER_STATION_FLOOR_URL", floor_url)  # the floor named alone
    code, out, err = _cli(monkeypatch, capsys, "meters", "list", "--table", "PG-1")
    assert code == 0, err
    assert "    as of now            $10,123.45" in out.splitlines()
    assert "  Ledger (this table)    $10,000.00" in out.splitlines()

    code, out, err = _cli(monkeypatch, capsys, "history", "meters", "--table", "PG-1")
    assert code == 0, err
    pool, meter = out.splitlines()[:2]
    assert pool == ("Pool linked (floor): as of now $10,123.45, pending at the pit none, "
                    "floor reachable")
    assert meter.startswith(f"{NAME} (wager progressive): ledger (this table) $10,000.00, ")


def test_meters_show_says_the_pool_is_away_when_the_floor_cannot_be_reached(
        table: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    config = str(_config(table, "postgresql://station@127.0.0.1:9/floor"))
    code, out, err = _cli(monkeypatch, capsys, "--config", config, "meters", "show", NAME,
                          "--table", "PG-1")
    assert code == 0 and "Traceback" not in err
    lines = out.splitlines()
    assert lines[:4] == [NAME, "  Pool linked (floor)", "    last known           not known yet",
                         "    pending at the pit   none"]
    assert lines[4].startswith("    floor                away: the floor ")
    assert "cannot be reached" in lines[4]
    assert "  Ledger (this table)    $10,000.00" in lines  # the table's own, not the pool


def test_meters_list_of_a_table_that_forwards_says_how_to_read_its_pool(
        table: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    from dealer_station.floor.forward import Outbox

    Outbox(table / "PG-1").close()  # what a station's link leaves once it forwarded
    code, out, err = _cli(monkeypatch, capsys, "meters", "list", "--table", "PG-1")
    assert code == 0, err
    assert out.splitlines()[0] == ("linked pool: not read: this table forwards to a floor: "
                                   "give --config FILE (the table's configuration with its "
                                   "[floor]) or $DEALER_STATION_FLOOR_URL to read its linked "
                                   "pool")
