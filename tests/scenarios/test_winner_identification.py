"""The winner's identification of a jackpot that reaches the reporting threshold ($600 and at
least 300 times the wager, shipped; docs/rules-interpretation.md): refused without it on every
route that approves (the validation page's, the dealer's screen's supervisor panel through
``Station.supervise``, the dealer's screen's controller), a rejection needing none; kept in the
``jackpot_winners`` table in the approval's own transaction (its row's digest sealed, an edited
row found at the next start); printed on the jackpot record, its PDF and its slip; never in the
audit log's text, the logs, the round's history export."""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from test_pai_gow_station_rounds import TABLE, first_start, play_to_validation
from winner_support import WINNER, approve

from dealer_station import jackpot as jackpot_print
from dealer_station.cli import main
from dealer_station.procedure import ProcedureError
from dealer_station.slips import SimulatedPrinter, print_jackpot
from dealer_station.station import Station
from dealer_station.store import meters as meter_store
from dealer_station.store.database import Store, StoreError
from dealer_station.winners import WinnerIdentification, winner_of

THRESHOLD = "reaches the reporting threshold"


@pytest.fixture
def station(tmp_path: Path) -> Iterator[Station]:
    with first_start(tmp_path) as opened:  # a new table, D1 on duty, a $10,000 meter
        opened.sign_in("D1", "3333")
        yield opened


def _personal(winner: WinnerIdentification = WINNER) -> list[str]:
    return [winner.name, winner.id_number, winner.address, "Łukaszewska", "Juniper Hollow"]


def test_the_validation_page_s_approval_is_refused_without_the_identification(
        station: Station) -> None:
    play_to_validation(station)
    claim = station.show_progressive_claim(station.round_id, 5, supervisor="S1", pin="111111")
    assert station.identification_needed(claim) and claim.amount >= 1_000_000
    with pytest.raises(ProcedureError, match=THRESHOLD) as refused:
        station.decide_progressive_claim(claim, approve=True, supervisor="S1", pin="111111")
    assert "\n" not in str(refused.value) and refused.value.clause == "reporting threshold"
    for missing in ({"name": "  "}, {"id_type": ""}, {"id_number": ""}, {"address": ""},
                    {"id_type": "library_card"}, {"name": "Ana\nTotal $0.00"}):
        partial = WinnerIdentification(**{**vars_of(WINNER), **missing})
        with pytest.raises(ProcedureError, match=r"winner's|ID type"):
            station.decide_progressive_claim(claim, approve=True, supervisor="S1",
                                             pin="111111", winner=partial)
    assert meter_store.jackpots(station.store) == []  # nothing paid by the refusals
    assert len(station.round.optional.pending) == 2


def vars_of(winner: WinnerIdentification) -> dict[str, str]:
    return {"name": winner.name, "id_type": winner.id_type, "id_number": winner.id_number,
            "address": winner.address}


def test_the_dealer_s_screen_s_supervisor_panel_never_approves_such_a_payout(
        station: Station) -> None:
    """``Station.supervise("approve_progressive")`` (the dealer's screen's supervisor panel,
    ui/adapters/pai_gow.py ApproveProgressive) is refused in one line naming the page that
    takes the identification; the dealer's screen's controller shows that line."""
    from dealer_station.games.pai_gow.actions import ApproveProgressive
    from dealer_station.ui.adapters.pai_gow import PaiGowAdapter
    from dealer_station.ui.controller import TableController

    play_to_validation(station)
    with pytest.raises(ProcedureError, match=rf"{THRESHOLD} .*: it is approved on the "
                                             r"supervisor's screen \(Progressive validation\)"):
        station.supervise("approve_progressive", supervisor="S1", pin="111111", position=5)
    with pytest.raises(ProcedureError, match=THRESHOLD):
        station.supervise(ApproveProgressive(position=5), supervisor="S1", pin="111111")
    controller = TableController(station, PaiGowAdapter(station.settings))
    assert not controller.supervise(ApproveProgressive(position=5), "S1", "111111")
    assert THRESHOLD in controller.message
    assert meter_store.jackpots(station.store) == []
    # a rejection needs no identification, on the panel too
    station.supervise("reject_progressive", supervisor="S1", pin="111111", position=5,
                      reason="cards disturbed before the validation")
    assert station.store.query("SELECT COUNT(*) FROM jackpot_winners")[0][0] == 0


def test_below_the_threshold_the_panel_approves_and_nobody_s_data_is_kept(
        station: Station) -> None:
    """With the threshold raised above the meter ($50,000), the $10,000 payout is approved on
    the dealer's screen's panel as before, and no identification is kept."""
    station.sign_out()
    station.change_station_settings({"report_winnings_at": 5_000_000}, supervisor="S1",
                                    pin="111111")
    station.sign_in("D1", "3333")
    play_to_validation(station)
    record = station.supervise("approve_progressive", supervisor="S1", pin="111111",
                               position=5)
    number = int(str(record.arguments["jackpot_number"]))
    assert winner_of(station.store, number) is None
    # an identification given where none is needed is not kept either
    approve(station, 2)
    assert station.store.query("SELECT COUNT(*) FROM jackpot_winners")[0][0] == 0


def test_kept_in_the_approval_s_transaction_printed_never_in_the_audit_text_or_logs(
        station: Station, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    round_id = play_to_validation(station)
    record = approve(station, 5)
    number = int(str(record.arguments["jackpot_number"]))
    assert winner_of(station.store, number) == WINNER
    row = station.store.query("SELECT entered_by, time FROM jackpot_winners")[0]
    made = meter_store.jackpot(station.store, number)
    assert (row[0], row[1]) == ("S1", made.time)
    # one transaction: the state record sealing the jackpot record seals the winner's row
    entries = [json.loads(line) for line in station.store.audit_path.read_text(
        encoding="utf-8").splitlines()]
    sealing = [e for e in entries if e["kind"] == "state"
               and "jackpot_winners" in (e["data"].get("tables") or e["data"])]
    assert sealing, "the winner's row is not sealed in the audit log"
    assert any("jackpots" in (e["data"].get("tables") or e["data"]) for e in sealing)
    station.perform("complete_jackpot_record", position=5)
    # printed: the record as text, its PDF (the Ł shown as its code point, said so), the slip
    filed = jackpot_print.filed(station.store, made)
    text = jackpot_print.as_text(made, table="PG-1", **filed)
    assert f"Winner             {WINNER.name}" in text
    assert f"ID                 passport {WINNER.id_number}" in text
    assert f"Address            {WINNER.address}" in text
    pdf = jackpot_print.as_pdf(made, table="PG-1", **filed)
    assert b"Zofia <U+0141>ukaszewska-Quimby" in pdf and b"<U+code>" in pdf
    printer = SimulatedPrinter(tmp_path / "printer")
    print_jackpot(station, number, actor="S1", printer=printer)
    slip = next(printer.directory.glob("slip-*.txt")).read_text(encoding="utf-8")
    assert WINNER.name in slip and WINNER.id_number in slip and WINNER.address in slip
    # never in the audit log's text, the logs, the round's history export
    audit_text = station.store.audit_path.read_text(encoding="utf-8")
    assert main(["--data-dir", str(tmp_path), "history", "show", str(round_id), "--json",
                 "--table", TABLE]) == 0
    exported = capsys.readouterr()
    for word in _personal():
        assert word not in audit_text, word
        assert word not in exported.out and word not in exported.err, word


def test_an_edited_winner_row_is_found_at_the_next_start(tmp_path: Path) -> None:
    station = first_start(tmp_path)
    station.sign_in("D1", "3333")
    play_to_validation(station)
    approve(station, 5)
    directory = station.store.directory
    station.close()
    with sqlite3.connect(directory / "table.sqlite3") as connection:
        connection.execute("UPDATE jackpot_winners SET id_number = 'X0000000'")
    connection.close()
    with pytest.raises(StoreError, match="jackpot_winners row 1 differs"):
        Store.open(directory, directory.name).close()


def test_the_check_refuses_a_bad_threshold_stored_in_one_line(tmp_path: Path,
                                                              capsys: Any) -> None:
    """``dealer-station --check`` validates the station's settings stored with the
    configuration (a version written past the station's own validation)."""
    station = first_start(tmp_path)
    directory, table = station.store.directory, station.store.table
    with station.store.transaction() as work:
        document = json.loads(work.execute(
            "SELECT document FROM config ORDER BY version DESC LIMIT 1").fetchone()[0])
        document["station"] = {**document.get("station", {}), "report_winnings_times": -3}
        work.execute("INSERT INTO config (version, document, changed_by, time) VALUES "
                     "((SELECT MAX(version) + 1 FROM config), ?, 'S1', '2026-01-01')",
                     (json.dumps(document),))
    station.close()
    from dealer_station.check import TableFiles, check_configuration

    result, _found = check_configuration(None, TableFiles(table, directory))
    assert not result.passed
    assert "report_winnings_times is a whole number from 0" in result.detail
    assert "\n" not in result.line()
