"""Issue 16: jackpot slips from the command line: printed on the (simulated) ESC/POS printer,
a reprint marked COPY, a printer fault one line and the record kept; the technician reads the
simulated printer's output with ``slips show``."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from dealer_station.cli import main
from dealer_station.station import Station
from dealer_station.store import meters as meter_store


@pytest.fixture
def data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    station = Station.open("PG-1", str(tmp_path), game="let_it_ride", settings={},
                           pin_cost=2**8)
    station.create_first_supervisor("S1", "Sam", "111111")
    station.create_meter("m", wager="bonus", reset=10_000, rate_bp=2100, supervisor="S1",
                         pin="111111")
    with station.store.transaction() as work:  # a validated payout's record
        meter_store.pay_jackpot(work, "m", round_id=None, position="3", hand="royal_flush",
                                amount=5_000, dealer="D1", supervisor="S1")
    station.close()
    monkeypatch.setenv("DEALER_STATION_DATA_DIR", str(tmp_path))
    return tmp_path


def slips(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
          *args: str) -> tuple[int, str, str]:
    monkeypatch.setattr("sys.stdin", io.StringIO("111111\n"))
    code = main(["slips", *args, "--table", "PG-1"])
    out, err = capsys.readouterr()
    return code, out, err


def test_print_reprint_copy_and_a_fault(data_dir: Path, monkeypatch: pytest.MonkeyPatch,
                                        capsys: pytest.CaptureFixture[str]) -> None:
    assert "printed nothing" in slips(monkeypatch, capsys, "show")[1]
    code, out, _ = slips(monkeypatch, capsys, "print", "1", "--by", "S1", "--pin-stdin")
    assert code == 0 and out == "jackpot record No. 000001 printed\n"
    (data_dir / "PG-1" / "printer" / "FAULT").write_text("offline")
    code, _, err = slips(monkeypatch, capsys, "print", "1", "--by", "S1", "--pin-stdin")
    assert code == 2 and err == "dealer-station: the simulated printer is offline\n"
    (data_dir / "PG-1" / "printer" / "FAULT").unlink()
    code, out, _ = slips(monkeypatch, capsys, "print", "1", "--by", "S1", "--pin-stdin")
    assert code == 0 and out.endswith("printed (COPY)\n")
    code, out, _ = slips(monkeypatch, capsys, "show")
    assert out.count("JACKPOT RECORD No. 000001") == 2 and out.count("*** COPY ***") == 1
    assert "Amount paid        $50.00" in out
    code, _, err = slips(monkeypatch, capsys, "print", "9", "--by", "S1", "--pin-stdin")
    assert code == 2 and "no jackpot record number 9" in err


def test_show_prints_the_last_slips_oldest_of_them_first(
        data_dir: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    for _ in range(3):
        assert slips(monkeypatch, capsys, "print", "1", "--by", "S1", "--pin-stdin")[0] == 0
    code, out, _ = slips(monkeypatch, capsys, "show", "--last", "2")
    assert code == 0
    assert [line for line in out.splitlines() if line.startswith("---")] == [
        "--- slip-0002.txt", "--- slip-0003.txt"]
