"""The cut after a manual shuffle through the dealer's screen (9 NYCRR 5324.41(e)): at a new game
the station is not told who came to the table first, so CUT TAKEN… and CUT DECLINED… ask where
that player sits; the round records the cut offered to that position and takes the wagers."""

from __future__ import annotations

import os
from typing import Any

import pytest
from gui_harness import Table
from PySide6.QtCore import Qt

pytestmark = pytest.mark.gui

MANUAL = {"dealing": {"shuffle": "manual", "count_direction": "counter_clockwise"}}


def _cut_form(table: Table, name: str) -> Any:
    table.wait(lambda s: s.entry is not None and s.entry.kind == "form"
               and s.entry.options["name"] == name)
    assert table.window.lower_panels.currentWidget() is table.window.form
    return table.window.form


def _cut_record(table: Table) -> Any:
    def read(controller: Any) -> None:
        round_ = controller.station.round
        found.extend(r for r in round_.history if r.action == "cut")

    found: list[Any] = []
    table.window.call(read)
    table.qtbot.waitUntil(lambda: bool(found), timeout=10_000)
    return found[-1]


@pytest.mark.parametrize("accepted", [True, False])
def test_a_new_games_cut_goes_to_the_first_player_to_the_table_5324_41_e_2_i(
        qtbot: Any, tmp_path: Any, accepted: bool) -> None:
    """5324.41(e)(1)-(2)(i): after a manual shuffle at a new game the cut is offered to the
    first player to the table. The step's buttons were disabled (the round took no cut
    "offered to nobody" with players seated): now each asks the position, tap or key."""
    table = Table(qtbot, str(tmp_path), "pai_gow", settings=MANUAL)
    try:
        table.sign_in_supervisor()
        table.press("start_round")
        snap = table.press("shuffled")
        assert snap.step.phase == "cut"
        assert "first player to the table" in snap.step.instruction
        name = "cut" if accepted else "no_cut"
        buttons = {a.name: a for a in snap.step.actions}
        assert buttons[name].enabled, buttons
        assert buttons["cut"].label == "CUT TAKEN…" and buttons["no_cut"].label == "CUT DECLINED…"
        if accepted:
            table.click(table.window.step_panel.button("cut"))
        else:  # by its key
            with qtbot.waitActive(table.window):
                table.window.activateWindow()
            qtbot.keyClick(table.window, Qt.Key.Key_D)
        form = _cut_form(table, name)
        if os.environ.get("DEALER_SHOTS"):
            table.window.grab().save(os.path.join(os.environ["DEALER_SHOTS"], f"cut-{name}.png"))
        before = table.snapshot.records
        table.click(form.submit)  # nothing chosen: one line, the form stays
        snap = table.wait(lambda s: "first player to the table sits" in s.message)
        assert snap.records == before and snap.step.phase == "cut"
        table.click(form.inputs["position"].buttons["4"])
        table.click(form.submit)
        snap = table.wait(lambda s: s.step.phase == "betting")
        record = _cut_record(table)
        assert dict(record.arguments) == {"offered_to": 4, "accepted": accepted}
        assert record.effects["cut_by"] == (4 if accepted else "dealer")
        table.wager(4)  # the round goes on: the wagers are taken
    finally:
        table.close()
