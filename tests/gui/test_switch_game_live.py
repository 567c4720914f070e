"""Switching the table's game between rounds from the supervisor's Configuration page works at
once, without a restart: the dealer's screen, the simulated table's devices (Pai Gow's shoe of
53 cards dealing stacks of seven, six acceptors) and the top bar follow (issue 14 item 9)."""

from __future__ import annotations

from typing import Any

import pytest
from gui_harness import Table, create_accounts
from test_pai_gow_shoe_as_shipped import wager

pytestmark = pytest.mark.gui

SECOND, SECOND_PIN = "S-200", "135713"


def health_labels(table: Table) -> list[str]:
    return [item.label or item.name for item in table.snapshot.health]


def test_switching_to_pai_gow_sets_up_its_devices_without_a_restart(qtbot: Any, tmp_path: Any,
                                                                    monkeypatch: Any) -> None:
    data = str(tmp_path)
    # a second supervisor changes the configuration while the first is on duty as the dealer
    create_accounts(data, monkeypatch, (SECOND, "supervisor", SECOND_PIN))
    table = Table(qtbot, data, "let_it_ride")
    try:
        table.sign_in_supervisor()
        table.wait_devices_online()
        assert "Acceptor lights 7/7" in health_labels(table)
        screen = table.window.staff.supervisor
        table.staff_sign_in(screen, SECOND, SECOND_PIN)
        page = screen.configuration
        qtbot.waitUntil(lambda: page.current_game == "let_it_ride", timeout=10_000)
        table.click(page.game.buttons["pai_gow"])  # the supervisor picks the game
        qtbot.waitUntil(lambda: page.shown_game == "pai_gow", timeout=30_000)
        table.click(page.apply_button)
        qtbot.waitUntil(lambda: "Applied" in page.message.text(), timeout=30_000)
        assert "the table now deals Pai Gow Poker from the next round" in page.message.text()
        table.click(screen.header.sign_out_button)
        snap = table.wait(lambda s: s.table.title.startswith("PAI GOW POKER")
                          and any("Acceptor lights 6/6" in (h.label or "") for h in s.health))
        assert "Acceptor lights 7/7" not in health_labels(table)
        assert len(snap.table.seats) == 7  # six positions and the dealer
        table.wait_devices_online()
        # a Pai Gow round dealt by the new shoe: seven stacks of seven
        table.press("start_round")
        table.press("shuffled")
        wager(table, 3)
        table.press("no_more_bets")
        table.press("rng")
        for number in range(1, 8):
            table.click(table.wait_button("dispense", f"DISPENSE STACK {number} OF 7"))
        snap = table.wait(lambda s: s.step.phase == "setting")
        assert len(snap.table.seat("3").cards) == 7 and not snap.message
        assert "Acceptor lights 7/7" not in health_labels(table)
    finally:
        table.close()


def test_switching_to_pai_gow_after_a_let_it_ride_round_draws_pai_gow_at_once(
        qtbot: Any, tmp_path: Any, monkeypatch: Any) -> None:
    """The journey's case: a Let It Ride round played to the end, every line ticked, then the
    switch: the dealer's screen shows Pai Gow between rounds at once, and START ROUND starts a
    Pai Gow round with no error (the Pai Gow adapter is never given the Let It Ride round)."""
    data = str(tmp_path)
    create_accounts(data, monkeypatch, (SECOND, "supervisor", SECOND_PIN))
    table = Table(qtbot, data, "let_it_ride")
    try:
        table.sign_in_supervisor()
        table.wait_devices_online()
        table.press("start_round")
        table.wager(3)
        table.press("no_more_bets")
        while table.phase != "between_rounds":  # random cards: the one obvious action
            snap = table.snapshot
            due = {line.order for line in snap.payments if line.verb not in snap.later}
            if due and not snap.ticked >= due:  # the next step's lines wait for it
                table.tick_all()
                continue
            primary = snap.step.primary
            assert primary is not None, snap.step
            before = (snap.records, snap.step.phase)
            table.click(table.window.step_panel.button(primary.name))
            table.wait(lambda s, b=before: (s.records, s.step.phase) != b)
        screen = table.window.staff.supervisor
        table.staff_sign_in(screen, SECOND, SECOND_PIN)
        page = screen.configuration
        qtbot.waitUntil(lambda: page.current_game == "let_it_ride", timeout=10_000)
        table.click(page.game.buttons["pai_gow"])
        qtbot.waitUntil(lambda: page.shown_game == "pai_gow", timeout=30_000)
        table.click(page.apply_button)
        qtbot.waitUntil(lambda: "Applied" in page.message.text(), timeout=30_000)
        table.click(screen.header.sign_out_button)
        table.wait(lambda s: s.table.title.startswith("PAI GOW POKER")
                   and any("Acceptor lights 6/6" in (h.label or "") for h in s.health))
        table.wait_devices_online()
        table.press("start_round")
        snap = table.wait(lambda s: s.step.expects != "start_round")
        assert snap.table.title.startswith("PAI GOW POKER") and not snap.message
        assert "could not be drawn" not in " ".join(snap.step.notes)
    finally:
        table.close()


def _switch(table: Table, screen: Any, game: str, *, restored: str) -> Any:
    """On the Configuration page: ``game`` picked, its configuration shown with ``restored``
    in the page's line before APPLY, then applied."""
    page = screen.configuration
    table.click(page.game.buttons[game])
    table.qtbot.waitUntil(lambda: page.shown_game == game, timeout=30_000)
    table.qtbot.waitUntil(lambda: restored in page.message.text(), timeout=10_000)
    shown = page.edited()
    table.click(page.apply_button)
    table.qtbot.waitUntil(lambda: "Applied" in page.message.text(), timeout=30_000)
    return shown


def test_each_game_keeps_its_configuration_and_the_meter_shows_only_with_a_progressive(
        qtbot: Any, tmp_path: Any, monkeypatch: Any) -> None:
    """Pai Gow with its progressive offered and its meter; switched to Let It Ride (which offers
    no progressive) the felt shows no PROGRESSIVE badge; switched back, the page shows Pai Gow as
    the table last ran it, its progressive ticked, before APPLY, and the badge is back with the
    meter as it was (5324.41(k)(1))."""
    data = str(tmp_path)
    create_accounts(data, monkeypatch, (SECOND, "supervisor", SECOND_PIN))
    table = Table(qtbot, data, "pai_gow", settings={"side_wagers": {"offered": ["progressive"]}})
    try:
        table.sign_in_dealer(meter=True)
        table.wait(lambda s: s.table.meter == 1_000_000)
        screen_owner = table.window.staff
        table.click(screen_owner.supervisor_button)
        screen = screen_owner.supervisor
        table.staff_sign_in(screen, SECOND, SECOND_PIN)
        page = screen.configuration
        qtbot.waitUntil(lambda: page.current_game == "pai_gow", timeout=10_000)
        shown = _switch(table, screen, "let_it_ride", restored="The shipped Let It Ride")
        assert "side_wagers" not in shown
        snap = table.wait(lambda s: s.table.title.startswith("LET IT RIDE"))
        assert snap.table.meter is None  # no progressive at this table now: no badge
        shown = _switch(table, screen, "pai_gow",
                        restored="Pai Gow Poker as this table last ran it (configuration "
                                 "version 1)")
        assert shown["side_wagers"]["offered"] == ["progressive"], shown
        box = page.sets["side_wagers.offered"]["progressive"]
        assert box.isChecked()
        snap = table.wait(lambda s: s.table.title.startswith("PAI GOW POKER"))
        assert snap.table.meter == 1_000_000  # the meter as it was
        _switch(table, screen, "let_it_ride",
                restored="Let It Ride as this table last ran it (configuration version 2)")
        assert table.wait(lambda s: s.table.title.startswith("LET IT RIDE")).table.meter is None
    finally:
        table.close()
