"""Buttons do not move under the dealer's finger: through a whole Let It Ride round and a whole
Pai Gow round at 1280×800 (and at 1920×1080) the felt keeps its width and place, the step's
primary button (START ROUND, NO MORE BETS, DISPENSE, LET IT RIDE, …) stays where it was at the
last step, and the lower panel (the wager entry and its chips, the payments) starts at the same
height — whatever the step's words, its "Next: …" line, or the lower panel shown. (The felt
used to change width step to step, 688 → 724 → 749 px, as the lower panel shown asked for more
width; the primary button moved with the instruction's lines above it; the wager entry moved
13 px down when "Next: Deal the cards" appeared.)"""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest
from clipped_text import clipped_texts
from gui_harness import Table
from PySide6.QtCore import QPoint, Qt
from PySide6.QtWidgets import QApplication, QWidget

from dealer_station.cards import card_codes, standard_deck
from dealer_station.preview.scripts import LetItRideScript, PaiGowScript

pytestmark = pytest.mark.gui

#: The window the station opens, and one as large as a 1920×1080 screen.
SIZES = ((1280, 800), (1920, 1080))


def _at(widget: QWidget, window: QWidget) -> tuple[int, int]:
    point = widget.mapTo(window, QPoint(0, 0))
    return point.x(), point.y()


class Places:
    """What the dealer's hands find where at each step shown."""

    def __init__(self, table: Table) -> None:
        self.table = table
        self.felt: dict[tuple[int, int, int], list[str]] = {}
        self.primary: dict[tuple[int, int], list[str]] = {}
        self.lower: dict[int, list[str]] = {}
        self.chips: dict[tuple[int, int], list[str]] = {}

    def look(self, where: str) -> None:
        window = self.table.window
        for _ in range(12):  # the posted layouts run
            QApplication.processEvents()
        step = f"{where} ({self.table.phase})"
        felt = window.felt
        self.felt.setdefault((*_at(felt, window), felt.width()), []).append(step)
        panel = window.step_panel
        primary = [panel.button(a.name) for a in self.table.snapshot.step.actions
                   if a.primary]
        for button in primary:
            assert button.isVisible(), step
            self.primary.setdefault(_at(button, window), []).append(step)
        self.lower.setdefault(_at(window.lower_panels, window)[1], []).append(step)
        assert panel.geometry().bottom() < window.lower_panels.geometry().top(), step
        if window.lower_panels.currentWidget() is window.wager_entry:  # its chips too
            chip = window.wager_entry._chip_buttons[0]
            self.chips.setdefault(_at(chip, window), []).append(step)

    def start_round(self, deck: list[Any]) -> None:
        """A supervisor signs in, the shoe is loaded with ``deck``, START ROUND."""
        self.table.sign_in_supervisor()
        self.table.wait_devices_online()
        self.look("signed in")
        self.table.backdoor.deal_known_cards(card_codes(deck))
        self.table.press("start_round")
        self.look("round started")

    def wagers(self, wagers: dict[int, int]) -> None:
        """Each position's wager placed through the wager entry in $5 chips, looked at."""
        table = self.table
        for position, amount in wagers.items():
            table.tap_seat(position)
            self.look(f"wager entry, position {position}")
            for _ in range(amount // 500):
                table.click(table.window.wager_entry._chip_buttons[0])
            table.click(table.window.wager_entry.place)
            table.wait(lambda s, p=position: s.table.seat(p).active)
            self.look(f"placed at position {position}")

    def round_ended(self) -> None:
        self.table.wait(lambda s: s.step.phase == "between_rounds")
        self.look("between rounds")

    def assert_kept(self, steps: int) -> None:
        """Everything in one place at each of the (at least ``steps``) steps looked at."""
        assert sum(len(seen) for seen in self.felt.values()) >= steps
        assert len(self.felt) == 1, f"the felt moved or changed width: {self.felt}"
        assert len(self.primary) == 1, f"the primary button moved: {self.primary}"
        assert len(self.lower) == 1, f"the lower panel moved: {self.lower}"
        assert len(self.chips) == 1, f"the wager entry's chips moved: {self.chips}"


@pytest.mark.parametrize("size", SIZES)
def test_let_it_ride_round_keeps_the_felt_and_the_primary_button_in_place(qtbot, tmp_path, size):
    script = LetItRideScript(wagers={1: 1000, 2: 2500, 5: 5000}, bonus=(2,), three_card={},
                             hands={1: "Ts Tc 4d", 2: "Qs 5c 3h", 5: "9d 9h 7d"},
                             take_back={"bet_one": (1,), "bet_two": ()})
    stacks = [c for stack in script.stacks() for c in stack]
    table = Table(qtbot, str(tmp_path), "let_it_ride")
    table.window.resize(*size)
    places = Places(table)
    try:
        places.start_round(stacks + [c for c in standard_deck() if c not in stacks])
        places.wagers(script.wagers)  # "Next: …" appears after the first
        table.backdoor.place_chip(2)
        table.wait(lambda s: any(w.area == "bonus" for w in s.table.seat(2).wagers))
        table.backdoor.press_lockout_button()
        table.wait(lambda s: s.step.phase == "dealing")
        places.look("no more bets")
        while table.phase == "dealing":
            table.press("dispense", expect_record=False)
            before = table.snapshot.records
            table.wait(lambda s, b=before: s.records > b)
            places.look("dispensed")
        while table.phase in ("bet_one", "bet_two"):
            position = table.snapshot.step.positions[0]
            back = position in script.take_back.get(table.phase, ())
            table.key(Qt.Key.Key_T if back else Qt.Key.Key_R)
            places.look("decided")
            if table.phase == "first_community_card":
                table.press("turn")
                places.look("first community card turned")
        table.press("turn")
        while table.phase == "showdown":
            table.press("show")
            places.look("hand shown")
        table.tick_all()
        places.look("losing wagers ticked")
        table.press("collected")
        table.tick_all()
        table.press("paid")
        places.look("paid")
        table.press("cards_collected")
        places.round_ended()
    finally:
        table.close()
    places.assert_kept(steps=20)


@pytest.mark.parametrize("size", SIZES)
def test_pai_gow_round_keeps_the_felt_and_the_primary_button_in_place(qtbot, tmp_path, size):
    script = PaiGowScript(wagers={1: 2500, 2: 1000, 4: 1500, 6: 5000},
                          settings={1: "hand", 2: "hand", 4: "hand", 6: "house_way"})
    table = Table(qtbot, str(tmp_path), "pai_gow")
    table.window.resize(*size)
    places = Places(table)
    try:
        places.start_round(script.deck())
        table.press("shuffled")
        places.wagers(script.wagers)
        table.press("no_more_bets")
        places.look("no more bets")
        table.press("rng")
        places.look("starting position drawn")
        for _stack in range(7):
            table.press("dispense", expect_record=False)
        table.wait(lambda s: s.step.phase == "setting")
        places.look("dealt")
        table.press("players_have_set")
        places.look("players have set")
        table.press("banker")
        while table.phase == "exposure":
            places.look("exposure")
            table.press("house_way")
        places.look("settlement")
        table.tick_all()
        table.press("settle")
        places.round_ended()
    finally:
        table.close()
    places.assert_kept(steps=15)


#: The step's note after a restart in the middle of a deal (ui/app.py), the longest.
RESUMED = ("Round 3 resumed from the journal (23 records). The deal was interrupted: collect "
           "unseen any stacks already delivered, then REDEAL (the deck is reshuffled).")


def test_the_sign_in_form_stays_put_whether_a_resumed_round_s_note_shows(qtbot, tmp_path):
    """The sign-in form sat at y=422 or y=581 depending on whether the step panel above it
    showed "Round 3 resumed from the journal …": the step panel keeps its height; the note
    reads whole in it."""
    table = Table(qtbot, str(tmp_path), "let_it_ride")
    try:
        panel = table.window.sign_in
        snapshot = table.create_first_supervisor()
        places = Places(table)
        places.look("signed out")
        form = {_at(panel, table.window)}
        table.window.show_snapshot(dataclasses.replace(
            snapshot, step=dataclasses.replace(snapshot.step, notes=(RESUMED,))))
        places.look("signed out, the resumed round's note shown")
        form.add(_at(panel, table.window))
        assert table.window.step_panel.notes.isVisible()
        assert [line for line in clipped_texts(table.window) if "resumed" in line] == []
    finally:
        table.close()
    assert len(form) == 1, form
    assert len(places.lower) == 1, places.lower


JAMMED = ("Shoe fault (jam). This step is stopped: clear the fault or call a technician; the "
          "step resumes by itself when the device is back. Or, once the shoe is cleared by "
          "hand: REDEAL.")


def _preview(qtbot: Any, game: str, phase: str, size: tuple[int, int]) -> tuple[Any, Any]:
    """The dealer's window at ``size`` and a scripted round of ``game`` at ``phase``."""
    from dealer_station.preview.screenshot import preview_controller, script_for
    from dealer_station.preview.scripts import play_until
    from dealer_station.ui.main_window import MainWindow

    controller = preview_controller(game)
    play_until(controller, script_for(game), phase)
    window = MainWindow()
    qtbot.addWidget(window)
    window.resize(*size)
    window.show()
    return window, controller.snapshot()


def _show(window: Any, snapshot: Any) -> tuple[int, int]:
    """``snapshot`` drawn and laid out: where its primary button is; the step panel clear of
    the lower panel and nothing of the stop message cut."""
    window.show_snapshot(snapshot)
    for _ in range(12):
        QApplication.processEvents()
    panel = window.step_panel
    assert panel.geometry().bottom() < window.lower_panels.geometry().top()
    assert [line for line in clipped_texts(window) if "'fault'" in line] == []
    assert snapshot.step.primary is not None
    return _at(panel.button(snapshot.step.primary.name), window)


@pytest.mark.parametrize("size", SIZES)
def test_a_stop_message_leaves_the_primary_button_and_the_lower_panel_in_place(qtbot, size):
    """A jammed shoe's stop message beside the instruction reads whole in the step panel's own
    room (its words fitted smaller), never overlapping the lower panel: the primary button and
    the lower panel stay where they were before the fault and after it (the step panel grew
    for the message, and the primary button moved 50 px down at 1280×800)."""
    from dealer_station.ui.step_panel import SMALLEST_INSTRUCTION_PT, SMALLEST_STOP_PT

    window, snapshot = _preview(qtbot, "pai_gow", "deal", size)
    places, lower = set(), set()
    for blocked in (None, JAMMED, None):
        places.add(_show(window, dataclasses.replace(snapshot, step=dataclasses.replace(
            snapshot.step, blocked=blocked))))
        lower.add(_at(window.lower_panels, window))
        if blocked:
            assert window.step_panel.blocked.font().pointSize() >= SMALLEST_STOP_PT
            assert window.step_panel.instruction.font().pointSize() >= SMALLEST_INSTRUCTION_PT
    assert len(places) == 1, places
    assert len(lower) == 1, lower


def test_the_wagers_and_no_more_bets_stay_put_when_the_acceptor_lights_go_offline(qtbot,
                                                                                  tmp_path):
    """The SIMULATED TABLE's UNPLUG ACCEPTORS while a position's wagers are entered: the step
    stops with its message, and NO MORE BETS, the wager entry and its chips stay where the
    dealer's hands are (the lower panel moved 22 px down and PLACE WAGERS went under the
    window's bottom edge at 1280×800); the same once the cable is back."""
    from test_simulated_table_panel import _button, _open_panel

    table = Table(qtbot, str(tmp_path), "let_it_ride")
    try:
        places = Places(table)
        table.sign_in_dealer()
        table.wait_devices_online()
        table.press("start_round")
        table.tap_seat(3)
        places.look("wager entry, position 3")
        panel = _open_panel(table)
        table.click(_button(panel, "sim-unplug-acceptors"))
        table.wait(lambda s: bool(s.step.blocked))
        places.look("acceptors unplugged")
        place = table.window.wager_entry.place
        assert _at(place, table.window)[1] + place.height() <= table.window.height()
        assert [line for line in clipped_texts(table.window) if "'fault'" in line] == []
        table.click(_button(panel, "sim-unplug-acceptors"))
        table.wait(lambda s: not s.step.blocked)
        places.look("acceptors back")
        places.assert_kept(3)
    finally:
        table.close()


def test_the_sign_in_button_stays_put_when_a_refusal_shows(qtbot, tmp_path):
    """A wrong PIN's refusal (two lines at 1280×800) shows under SIGN IN: the button stays
    where it was (the refusal above it pushed it down a line)."""
    table = Table(qtbot, str(tmp_path), "let_it_ride")
    try:
        table.create_first_supervisor()
        panel = table.window.sign_in
        Places(table).look("signed out")  # laid out
        before = _at(panel.submit_button, table.window)
        panel.user.setText("S-100")
        panel.pin.setText("111111")
        table.click(panel.submit_button)
        qtbot.waitUntil(lambda: panel.message.text().startswith("Wrong"), timeout=30_000)
        for _ in range(12):
            QApplication.processEvents()
        assert panel.message.isVisible()
        assert _at(panel.submit_button, table.window) == before
        assert [line for line in clipped_texts(table.window) if "Wrong" in line] == []
    finally:
        table.close()


@pytest.mark.parametrize("size", SIZES)
def test_the_card_entry_leaves_the_primary_button_in_place(qtbot, size):
    """The manual card entry (a misread stack, a shoe that does not read) needed 428 px at
    1280×800, so the step panel above it was cut to 290 px and its primary button moved 69 px
    up; with the suits beside the ranks and the message line only when it has words it fits
    the room under the step panel."""
    from dealer_station.ui.adapters.base import EntryRequest

    window, snapshot = _preview(qtbot, "let_it_ride", "showdown", size)
    places = {_show(window, snapshot)}
    places.add(_show(window, dataclasses.replace(snapshot, entry=EntryRequest(
        "cards", "7", "ENTER POSITION 7'S THREE CARDS", 3))))
    assert window.lower_panels.currentWidget() is window.card_entry
    assert len(places) == 1, places


@pytest.mark.parametrize("size", SIZES)
def test_the_technicians_test_buttons_stay_put_after_a_test(qtbot, tmp_path, size):
    """The technician's test buttons, CLEAR FAULTS and REFRESH keep their place when a test's
    results, its waiting words and the simulated table's hands appear: a second tap lands on
    the button it was meant for, never in the results (the buttons used to move up when the
    results list appeared under them)."""
    from dealer_station.preview.demo import DemoTable
    from dealer_station.ui.technician.screen import TechnicianScreen

    demo = DemoTable(tmp_path / "data", devices=True)
    demo.call(lambda context: None)
    screen = TechnicianScreen(demo.calls, bundle_dir=tmp_path / "bundles")
    qtbot.addWidget(screen)
    try:
        screen.resize(*size)
        screen.show()
        screen.start()
        screen.sign_in_panel.user.setText("T1")
        screen.sign_in_panel.pin.setText("444444")
        qtbot.mouseClick(screen.sign_in_panel.sign_in_button, Qt.MouseButton.LeftButton)
        qtbot.waitUntil(lambda: bool(screen.rows) and screen.hands_row.isVisible(),
                        timeout=30_000)

        def places() -> list[tuple[int, int, int, int]]:
            for _ in range(12):
                QApplication.processEvents()
            buttons = [*screen.test_buttons.values(), screen.clear_button, screen.refresh_button]
            return [(*_at(button, screen), button.width(), button.height())
                    for button in buttons]

        before = places()
        assert screen.width() == size[0]  # the simulated table's hands widen nothing
        screen.action_seconds = 0.2
        for key in ("lamp", "lockout"):  # the second: asks for an action, fails unanswered
            qtbot.mouseClick(screen.test_buttons[key], Qt.MouseButton.LeftButton)
            qtbot.waitUntil(lambda: screen.running is None, timeout=30_000)
            assert screen.results.isVisible() and screen.message.text()
            assert places() == before, key
            assert screen.width() == size[0], key
        assert clipped_texts(screen) == []
    finally:
        screen.timer.stop()
        demo.close()
