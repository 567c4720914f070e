"""A round a supervisor voids from the supervisor's screen (SUPERVISOR → Round in progress,
reason required) is ended at the dealer's screen as a settlement is: one RETURN line per wager
to give back (position, wager, amount), each ticked off — the ticks journaled and restored after
a restart — then WAGERS RETURNED, then the cards collected unseen; only then does the round end
void and the next one may start. Both games, through the real window and controller, the
simulated table as shipped (docs/rules-interpretation.md: 5324.34(e)(8), 5324.41(g)(6))."""

from __future__ import annotations

from typing import Any

import pytest
from gui_harness import PIN, SUPERVISOR, Table
from PySide6.QtCore import QPoint, Qt

pytestmark = pytest.mark.gui

REASON = "cards flashed by the shoe"


def void_from_the_supervisor_screen(table: Table, reason: str = REASON) -> tuple[str, str]:
    """SUPERVISOR → sign in → Round in progress: the reason, VOID THE ROUND; back to the table.
    What the supervisor's screen then says, and the page's summary of the round then."""
    qtbot, staff = table.qtbot, table.window.staff
    table.click(staff.supervisor_button)
    screen = staff.supervisor
    screen.sign_in_panel.user.setText(SUPERVISOR)
    screen.sign_in_panel.pin.setText(PIN)
    table.click(screen.sign_in_panel.sign_in_button)
    page = screen.round
    qtbot.waitUntil(lambda: page.void_button.isEnabled() and page.session is not None,
                    timeout=10_000)
    table.click(page.void_button)  # no reason yet: refused, nothing voided
    assert page.message.text() == "Write the reason the round is voided."
    assert not page.confirmation.isVisible()
    # the refusal is written beside the box and the button, not at the page's foot
    box, said = page.reason.geometry(), page.message.geometry()
    assert 0 <= said.top() - box.bottom() < 3 * box.height(), (box, said)
    page.reason.setText(reason)
    records = table.snapshot.records
    table.click(page.void_button)  # asks first: nothing voided yet
    qtbot.waitUntil(page.confirmation.isVisible, timeout=10_000)
    assert reason.strip() in page.question.text() and page.void_button.isEnabled()
    table.click(page.keep_button)  # kept: still nothing voided
    assert not page.confirmation.isVisible() and "Not voided" in page.message.text()
    qtbot.wait(200)  # a void that went through anyway would be journaled by now
    assert table.snapshot.records == records
    table.click(page.void_button)
    qtbot.waitUntil(page.confirmation.isVisible, timeout=10_000)
    table.click(page.confirm_button)
    qtbot.waitUntil(lambda: "voided by supervisor" in page.message.text(), timeout=10_000)
    words = page.message.text()
    qtbot.waitUntil(lambda: not page.void_button.isEnabled(), timeout=10_000)  # void already
    summary = page.summary.text()
    table.click(screen.header.sign_out_button)
    return words, summary


def void_phases_on_the_page(table: Table, phases: tuple[str, ...]) -> tuple[str, bool]:
    """SUPERVISOR → sign in → Configuration: START-UP RECOVERY's boxes ticked for ``phases``
    (each other box unticked) with taps, APPLY; back to the table. What the page then says,
    and whether its form scrolled sideways (wider than its room)."""
    screen = table.window.staff.supervisor
    table.staff_sign_in(screen, SUPERVISOR, PIN)
    table.click(screen.pages.buttons["Configuration"])
    page = screen.configuration
    table.qtbot.waitUntil(lambda: bool(page.recovery) and page.shown_game == page.current_game,
                          timeout=10_000)
    for phase, box in page.recovery.items():
        if box.isChecked() != (phase in phases):
            page.fields_area.ensureWidgetVisible(box)
            table.qtbot.mouseClick(box, Qt.MouseButton.LeftButton,
                                   pos=QPoint(12, box.height() // 2))
    assert [p for p, box in page.recovery.items() if box.isChecked()] == list(phases)
    before = page.message.text()  # the last APPLY's words, when the page was used before
    table.click(page.apply_button)
    table.qtbot.waitUntil(lambda: page.message.text() != before
                          and page.message.text().startswith(("Applied", "Refused")),
                          timeout=30_000)
    words, sideways = page.message.text(), page.fields_area.horizontalScrollBar().isVisible()
    table.click(screen.header.sign_out_button)
    return words, sideways


def restarted(table: Table, qtbot: Any, data: str, game: str) -> Table:
    """The window closed and the station started again on the same data directory."""
    table.close()
    again = Table(qtbot, data, game)
    assert again.phase == "signed_out"  # the round waits where it stood
    panel = again.window.sign_in
    panel.user.setText("D-7")
    panel.pin.setText("8642")
    again.click(panel.submit_button)
    again.wait(lambda s: s.step.phase != "signed_out")
    return again


def round_started(qtbot: Any, data: str, game: str) -> Table:
    """The dealer D-7 signed in (the supervisor did not deal), the devices online, START ROUND."""
    table = Table(qtbot, data, game)
    table.sign_in_dealer()
    table.wait_devices_online()
    table.press("start_round")
    return table


def end_the_void(table: Table) -> None:
    table.tick_all()
    table.press("wagers_returned")
    table.wait(lambda s: s.step.phase == "collect_cards")
    assert "void" in table.snapshot.step.instruction
    table.press("cards_collected")
    snap = table.wait(lambda s: s.step.phase == "between_rounds")
    assert table.window.step_panel.button("start_round").isEnabled(), snap.step.notes


def assert_ended_void(data: str) -> None:
    """The journal: the round void with the supervisor's reason, its last records the void,
    the wagers returned and the cards collected."""
    from dealer_station.station import Station
    from dealer_station.store import journal

    with Station.open(None, data) as station:
        summary = journal.rounds(station.store)[0]
        actions = [r.action for r in journal.round_records(station.store, summary.id)]
    assert summary.status == "void" and REASON in (summary.void_reason or "")
    assert actions[-3:] == ["void", "return_wagers", "collect_cards"]


def test_a_let_it_ride_void_has_return_lines_ticked_kept_on_restart_then_the_cards(
        qtbot, tmp_path):
    data = str(tmp_path)
    table = round_started(qtbot, data, "let_it_ride")
    try:
        table.wager(2, chip=1)  # $25 on each of the three bets
        table.wager(5, chip=0)  # $5
        table.press("no_more_bets")
        table.press("dispense", expect_record=False)
        table.wait(lambda s: s.records == 4)  # the first stack dealt
        words, summary = void_from_the_supervisor_screen(table)
        assert words.startswith(f"Round 1 voided by supervisor {SUPERVISOR}: {REASON}.")
        assert "6 RETURN lines" in words
        # the supervisor's page: the round void, the wagers the dealer is giving back (it said
        # "no wager on the layout" while the dealer was returning them)
        assert "no wager" not in summary and "VOID" in summary, summary
        assert summary.count("· RETURN") == 6 and "position 5: bet one $5.00" in summary
        snap = table.wait(lambda s: s.step.phase == "return_wagers")
        assert [(line.position, line.verb, line.amount) for line in snap.payments] == [
            ("pos 5", "RETURN", "$5.00")] * 3 + [("pos 2", "RETURN", "$25.00")] * 3
        assert [line.description for line in snap.payments][:3] == [
            "bet one · round void", "bet two · round void", "bet three · round void"]
        assert not table.window.step_panel.button("wagers_returned").isEnabled()
        assert table.window.payments.title.text() == "RETURNS · each wager back, far right first"
        with qtbot.waitActive(table.window):
            table.window.activateWindow()
        qtbot.keyClick(table.window, Qt.Key.Key_Space)  # the first wager given back
        table.wait(lambda s: len(s.ticked) == 1)
        table = restarted(table, qtbot, data, "let_it_ride")
        snap = table.wait(lambda s: s.step.phase == "return_wagers")
        assert len(snap.ticked) == 1 and len(snap.payments) == 6  # the tick kept
        end_the_void(table)
    finally:
        table.close()
    assert_ended_void(data)


def test_a_pai_gow_void_at_the_deal_has_return_lines_then_the_cards(qtbot, tmp_path):
    data = str(tmp_path)
    table = round_started(qtbot, data, "pai_gow")
    try:
        table.press("shuffled")
        table.wager(2)
        table.wager(4)
        table.press("no_more_bets")
        table.press("rng")
        table.wait(lambda s: s.step.phase == "deal")
        table.click(table.wait_button("dispense", "DISPENSE STACK 1 OF 7"))
        table.wait_button("dispense", "DISPENSE STACK 2 OF 7")
        words, _ = void_from_the_supervisor_screen(table)
        assert words.endswith("(2 RETURN lines, tick each), then collect the cards unseen.")
        snap = table.wait(lambda s: s.step.phase == "return_wagers")
        assert [(line.position, line.verb, line.amount) for line in snap.payments] == [
            ("pos 4", "RETURN", "$25.00"), ("pos 2", "RETURN", "$25.00")]  # far right first
        end_the_void(table)
    finally:
        table.close()
    assert_ended_void(data)


def test_a_void_before_the_deal_does_not_ask_for_cards_that_were_never_dealt(qtbot, tmp_path):
    """Voided while the wagers are taken: the notice says to return the wager and that no card
    was dealt, as the step's "Next: The round ends void (no card was dealt)" does (it said
    "then collect the cards unseen" beside it)."""
    table = round_started(qtbot, str(tmp_path), "pai_gow")
    try:
        table.press("shuffled")
        table.wager(5)
        words, _ = void_from_the_supervisor_screen(table)
        assert words.endswith("(1 RETURN line, tick each); no card was dealt."), words
        snap = table.wait(lambda s: s.step.phase == "return_wagers")
        assert snap.step.next_text == "Next: The round ends void (no card was dealt)"
        assert not any("collect the cards" in note for note in snap.step.notes), snap.step.notes
    finally:
        table.close()


def test_the_next_round_does_not_carry_the_last_void_s_words(qtbot, tmp_path):
    """A round voided before any wager ends at once; START ROUND then opens the next round
    without "Round 1 voided … Return every wager … collect the cards unseen" under its first
    step (it stayed there, read as an instruction for the new round)."""
    table = round_started(qtbot, str(tmp_path), "pai_gow")
    try:
        words, _ = void_from_the_supervisor_screen(table)
        assert words.startswith(f"Round 1 voided by supervisor {SUPERVISOR}")
        table.wait(lambda s: s.step.phase == "between_rounds")
        table.press("start_round")
        snap = table.wait(lambda s: s.step.phase not in ("between_rounds", "signed_out"))
        assert not any("voided" in note for note in snap.step.notes), snap.step.notes
    finally:
        table.close()


def test_a_round_voided_at_start_up_has_return_lines_then_the_cards(qtbot, tmp_path):
    """A casino whose rules void a round interrupted while dealing (station setting
    ``void_interrupted_phases``, ticked by a supervisor on the Configuration page): after the
    restart the dealer's screen lists a RETURN line per
    wager to tick, then WAGERS RETURNED and CARDS COLLECTED, as after a supervisor's void — not
    a round ended at once with the wagers only named in a notice. Restarted again while it is
    cleared (a line ticked; then at its cards), the screen still says it was voided at start-up,
    with what is left to do (it said "Round 1 resumed from the journal (5 records)")."""
    from dealer_station.station import Station

    data, phase = str(tmp_path), "dealing"
    table = Table(qtbot, data, "let_it_ride")
    try:
        table.sign_in_dealer()
        # the casino's rule, set by a supervisor on the Configuration page
        words, _ = void_phases_on_the_page(table, (phase,))
        assert words.startswith("Applied") and "stopped at dealing is voided" in words, words
        table.wait_devices_online()
        table.press("start_round")
        table.wager(3, chip=1)  # $25 on each of the three bets
        table.press("no_more_bets")
        table.press("dispense", expect_record=False)
        assert table.wait(lambda s: s.records == 3).step.phase == phase
        table = restarted(table, qtbot, data, "let_it_ride")
        snap = table.wait(lambda s: s.step.phase == "return_wagers")
        assert [(line.position, line.verb, line.amount) for line in snap.payments] == [
            ("pos 3", "RETURN", "$25.00")] * 3
        assert not table.window.step_panel.button("wagers_returned").isEnabled()
        assert any("voided at start-up (stopped while dealing" in note and "3 RETURN lines" in note
                   for note in snap.step.notes), snap.step.notes
        # a second restart while the void is cleared: still void, never "resumed"
        with table.qtbot.waitActive(table.window):
            table.window.activateWindow()
        table.qtbot.keyClick(table.window, Qt.Key.Key_Space)
        table.wait(lambda s: len(s.ticked) == 1)
        for ticked, step in ((1, "return_wagers"), (3, "collect_cards")):
            table = restarted(table, qtbot, data, "let_it_ride")
            snap = table.wait(lambda s, step=step: s.step.phase == step)
            assert len(snap.ticked) == ticked
            assert [note for note in snap.step.notes if "Round 1" in note] == [
                "Round 1 voided at start-up (stopped while dealing: this table's rules void it). "
                + ("Return each wager listed (3 RETURN lines, tick each), then collect the "
                   "cards unseen." if step == "return_wagers" else
                   "Its wagers are returned: collect the cards unseen.")], snap.step.notes
            if step == "return_wagers":
                table.tick_all()
                table.press("wagers_returned")
        table.press("cards_collected")
        table.wait(lambda s: s.step.phase == "between_rounds")
    finally:
        table.close()
    from dealer_station.store import journal

    with Station.open(None, data) as station:
        summary = journal.rounds(station.store)[0]
        actions = [r.action for r in journal.round_records(station.store, summary.id)]
    assert summary.status == "void" and phase in (summary.void_reason or "")
    assert actions[-3:] == ["void", "return_wagers", "collect_cards"]


def test_a_voided_rounds_chips_stay_on_the_felt_until_each_return_is_ticked(qtbot, tmp_path):
    """The felt keeps a voided round's chips as placed until the dealer ticks their RETURN
    line (it faded them all at the void, as if already given back), and a position's "lit"
    ends once its $1 bonus chip is returned (it stayed lit after the chip went back)."""
    from dealer_station.ui.view import Light

    table = round_started(qtbot, str(tmp_path), "let_it_ride")
    try:
        table.wager(2, chip=0)
        table.backdoor.place_chip(2)  # the $1 bonus chip on position 2's acceptor
        table.wait(lambda s: s.table.seat(2).light is Light.ON)
        table.wager(5, chip=0)
        void_from_the_supervisor_screen(table)
        snap = table.wait(lambda s: s.step.phase == "return_wagers")
        lines = {(line.position, line.description.split(" · ")[0]): line.order
                 for line in snap.payments}
        for key in ("2", "5"):
            wagers = snap.table.seat(key).wagers
            assert wagers and all(w.state == "placed" for w in wagers), wagers
        assert snap.table.seat(2).light is Light.ON
        bonus = lines[("pos 2", "bonus")]
        table.window.payments._boxes[bonus].setChecked(True)  # the bonus chip given back
        snap = table.wait(lambda s: bonus in s.ticked)
        assert "bonus" not in [w.area for w in snap.table.seat(2).wagers]
        assert snap.table.seat(2).light is Light.OFF  # the chip is back: not lit
        assert len(snap.table.seat(2).wagers) == 3 and snap.table.seat(5).wagers  # still out
        for box in table.window.payments._boxes.values():
            box.setChecked(True)
        snap = table.wait(lambda s: len(s.ticked) == len(s.payments))
        assert not snap.table.seat(2).wagers and not snap.table.seat(5).wagers
        table.press("wagers_returned")  # no card was dealt: the round ends void
        table.wait(lambda s: s.step.phase == "between_rounds")
    finally:
        table.close()
