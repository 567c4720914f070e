"""The RNG side wager of 9 NYCRR 5324.41(j) played through the dealer's screen against the
simulated table on pseudo-terminals: wagers on the numbers tapped in the wager entry and typed
in the keyboard's form, the refusals each one line with its clause, the number the RNG shows on
the felt and in the step, the losing wagers collected and then the winning ones paid (rounded
down to the dollar) before any card is dealt."""

from __future__ import annotations

import pytest
from gui_harness import Table
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QSpinBox

pytestmark = pytest.mark.gui


def _message(table: Table) -> str:
    return table.snapshot.step.notes[-1] if table.snapshot.step.notes else ""


def _refused(table: Table, before: int, earlier: str = "") -> str:
    """The one line the screen shows for a refused wager (nothing recorded)."""
    snap = table.wait(lambda s: bool(s.step.notes) and s.step.notes[-1] != earlier)
    assert snap.records == before
    line = _message(table)
    assert "\n" not in line
    return line


def _type_form(table: Table, position: int, number: int, dollars: int) -> None:
    """The keyboard's RNG form: R opens it (its first box takes the keys), each box typed
    over, Tab to the next, Enter places the wager."""
    form = table.window.form
    if table.snapshot.entry is None or table.snapshot.entry.kind != "form":
        with table.qtbot.waitActive(table.window):
            table.window.activateWindow()
        table.qtbot.keyClick(table.window, Qt.Key.Key_R)
        table.wait(lambda s: s.entry is not None and s.entry.options.get("name") == "rng_wager")
        table.qtbot.waitUntil(lambda: form.inputs["position"].hasFocus())
    else:  # refused: back to the first box, as a tap on it does
        form.inputs["position"].setFocus()
    for value, last in ((position, False), (number, False), (dollars, True)):
        focus = QApplication.focusWidget()
        assert isinstance(focus, QSpinBox) or isinstance(focus.parent(), QSpinBox)
        table.qtbot.keyClick(focus, Qt.Key.Key_A, Qt.KeyboardModifier.ControlModifier)
        table.qtbot.keyClicks(focus, str(value))
        table.qtbot.keyClick(focus, Qt.Key.Key_Return if last else Qt.Key.Key_Tab)


def test_rng_side_wagers_taken_shown_and_settled_in_order_5324_41_j(qtbot, tmp_path):
    """(j)(2)(i)-(vi): taken by tap and by keyboard with a pai gow wager only, on 1 to 7 only,
    before "no more bets" only; the number shown once the RNG runs; the losers collected, then
    the winner paid at 11:2 rounded down to the dollar; then the deal."""
    table = Table(qtbot, str(tmp_path), "pai_gow",
                  settings={"rng_side_wager": {"offered": True, "odds": "11:2"}})
    try:
        table.start_shuffled()
        entry = table.window.wager_entry
        assert any(a.name == "rng_wager" for a in table.snapshot.step.actions)

        # (j)(2)(i): RNG chips at a position with no pai gow wager are refused, with the clause
        table.tap_seat(3)
        assert entry.rng_label.isVisible() and entry._rng_buttons[4].isEnabled()
        before = table.snapshot.records
        table.click(entry._rng_buttons[4])
        table.click(entry.place)
        assert "5324.41(j)(2)(i)" in _refused(table, before)
        assert not table.window.snapshot.table.seat("3").wagers

        # by tap: the pai gow wager, then $5 on each number 1 to 7 at position 2
        table.wager(2, chip=1)
        table.tap_seat(2)
        for number in range(1, 8):
            table.click(entry._rng_buttons[number])
        assert "(to place)" in entry.rng_label.text()
        table.click(entry.place)
        snap = table.wait(lambda s: len([w for w in s.table.seat("2").wagers
                                         if w.label.startswith("RNG")]) == 7)
        assert [w.label for w in snap.table.seat("2").wagers] == [
            "wager", *(f"RNG {n}" for n in range(1, 8))]

        # by keyboard: numbers the layout does not have are refused with their clause
        table.wager(4, chip=1)
        for bad in (8, 0):
            before = table.snapshot.records
            _type_form(table, 4, bad, 10)
            line = _refused(table, before, _message(table))
            assert f"not {bad}" in line and "5324.41(j)(1)" in line, line
        before = table.snapshot.records
        _type_form(table, 4, 3, 10)
        table.wait(lambda s: s.records > before)
        assert [w.label for w in table.snapshot.table.seat("4").wagers] == ["wager", "RNG 3"]

        # the form opened again, "no more bets" pressed: a wager sent now is refused
        with table.qtbot.waitActive(table.window):
            table.window.activateWindow()
        table.qtbot.keyClick(table.window, Qt.Key.Key_R)
        table.wait(lambda s: s.entry is not None and s.entry.options.get("name") == "rng_wager")
        table.press("no_more_bets")
        assert table.snapshot.entry.options["name"] == "rng_wager"
        before = table.snapshot.records
        _type_form(table, 4, 5, 10)
        assert "5324.41(j)(2)(i)" in _refused(table, before, _message(table))
        table.click(table.window.form.cancel)
        table.wait(lambda s: s.entry is None or s.entry.kind != "form")

        snap = table.press("rng")
        assert snap.step.phase == "rng_wagers"
        number = int(snap.step.instruction.split("The RNG shows ")[1][0])
        assert 1 <= number <= 7
        assert snap.table.seat("dealer").decision.startswith(f"RNG {number} · start: ")
        assert f"The RNG shows {number}:" in table.window.step_panel.instruction.text()

        # (j)(2)(iv)-(vi): every losing wager collected, then the winner paid
        lines = snap.payments
        verbs = [line.verb for line in lines]
        assert verbs == sorted(verbs, key=lambda v: v != "COLLECT")  # collections first
        losers = 6 + (number != 3)
        assert verbs.count("COLLECT") == losers and verbs.count("PAY") == 8 - losers
        paid = [line for line in lines if line.verb == "PAY"]
        assert paid[0].position == "pos 2" and paid[0].amount == "$27.00"  # $27.50 down
        if number == 3:
            assert paid[1].position == "pos 4" and paid[1].amount == "$55.00"
        # the button waits for every line ticked off, the list being (j)'s order
        assert not table.window.step_panel.button("rng_settled").isEnabled()
        table.tick_all()
        snap = table.press("rng_settled")
        assert snap.step.phase == "deal"
        assert snap.step.instruction.startswith(f"The RNG shows {number}: deal seven stacks")
        states = {w.label: w.state for w in snap.table.seat("2").wagers}
        assert states[f"RNG {number}"] == "won"
        assert sum(state == "lost" for state in states.values()) == 6
    finally:
        table.close()
