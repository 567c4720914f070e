"""One Let It Ride player at two adjacent positions (5324.34(c)(5)) through the dealer's screen
against the simulated devices on pseudo-terminals: SECOND POSITION… (A) during the betting
takes the player's position, the adjacent one, its three wagers and the players waiting to be
seated; with a player waiting the second position is refused with the clause, with none it is
placed as the same player's."""

from __future__ import annotations

from typing import Any

import pytest
from gui_harness import Table

pytestmark = pytest.mark.gui


def _journal(data_dir: str) -> list[Any]:
    from dealer_station.station import Station
    from dealer_station.store import journal

    with Station.open(None, data_dir) as station:
        summary = journal.rounds(station.store)[0]
        return list(journal.round_records(station.store, summary.id))


def _second_position(table: Table, first: str, second: str, dollars: int, waiting: int) -> Any:
    form = table.window.form
    table.click(form.inputs["first"].buttons[first])
    table.click(form.inputs["second"].buttons[second])
    form.inputs["dollars"].setValue(dollars)
    form.inputs["waiting"].setValue(waiting)
    before = table.snapshot.records
    table.click(form.submit)
    return table.wait(lambda s: s.records > before)


def test_a_second_adjacent_position_only_while_nobody_waits_5324_34_c_5(qtbot, tmp_path):
    """5324.34(c)(5): position 3's player takes position 4 too. With one player waiting to be
    seated it is refused (the clause said, the form kept); with none waiting it is placed, the
    same player's."""
    table = Table(qtbot, str(tmp_path), "let_it_ride")
    try:
        table.sign_in_supervisor()
        table.wait_devices_online()
        table.press("start_round")
        assert "second_position" not in [a.name for a in table.snapshot.step.actions]
        table.wager(3)
        table.click(table.wait_button("second_position", "SECOND POSITION…"))
        table.wait(lambda s: s.entry is not None and s.entry.kind == "form"
                   and s.entry.options["name"] == "second_position")
        assert sorted(table.window.form.inputs["second"].buttons) == ["2", "4"]
        snap = _second_position(table, "3", "4", 10, 1)
        snap = table.wait(lambda s: "waiting to be seated" in " ".join(s.step.notes))
        assert "5324.34(c)(5)" in " ".join(snap.step.notes)
        assert not snap.table.seat("4").active
        assert snap.entry is not None and snap.entry.options["name"] == "second_position"
        _second_position(table, "3", "4", 10, 0)
        snap = table.wait(lambda s: s.table.seat("4").active)
        assert snap.entry is None or snap.entry.kind != "form"
        table.press("no_more_bets")
    finally:
        table.close()
    records = _journal(str(tmp_path))
    waiting = [r.arguments["count"] for r in records if r.action == "set_players_waiting"]
    assert waiting == [1, 0]
    second = [r for r in records if r.action == "place_wagers"
              and r.arguments["position"] == 4]
    assert len(second) == 1 and second[0].arguments["player"] == "seat 3"
    assert second[0].arguments["bet_one"] == 1000
