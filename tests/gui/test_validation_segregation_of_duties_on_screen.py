"""Segregation of duties for a progressive's validation (5324.41(k)(3)(iii)), through the
supervisor's screen: a supervisor at the table during a round (here S2, who relieved the dealer
for a moment of it) cannot pass the two-person rule through account management: a PIN S2
reset for S1 during the round, or an account S2 created during it, is refused as that round's
validator, with the reason on the screen; a supervisor whose account nobody at the table
touched validates it; each change is on the round's record."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt
from winner_support import enter_winner

from dealer_station.preview.demo import DemoTable, play_pai_gow_to_validation
from dealer_station.store import users
from dealer_station.ui.supervisor.screen import SupervisorScreen

pytestmark = pytest.mark.gui

HANDS = {5: "As Ks Qs Js Ts 9c 9d", 2: "8h 7h 6h 5h 4h 2c 2s", 3: "6c 6d 2d 3c 5d Qh Jc",
         "dealer": "Kc Kd 9h 7s 4c 3d Th"}


@pytest.fixture(autouse=True)
def _small_census(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    from test_supervisor_pai_gow_returns import use_small_census

    use_small_census(monkeypatch, tmp_path / "census-cache")


@pytest.fixture
def relieved(qtbot: Any, tmp_path: Path) -> Iterator[tuple[DemoTable, int]]:
    """A Pai Gow round waiting for its validation; S2 relieved the dealer during it."""
    demo = DemoTable(tmp_path, devices=False, game="pai_gow")
    try:
        def play(context: Any) -> int:
            station = context.station
            round_id = play_pai_gow_to_validation(station, HANDS)
            station.sign_in("S2", "222222")
            station.sign_in("D1", "3333")
            return round_id

        yield demo, demo.call(play)
    finally:
        demo.close()


def _screen(qtbot: Any, demo: DemoTable) -> SupervisorScreen:
    screen = SupervisorScreen(demo.calls)
    qtbot.addWidget(screen)
    screen.resize(1280, 800)
    screen.show()
    screen.start()
    return screen


def _sign_in(qtbot: Any, demo: DemoTable, screen: SupervisorScreen, user: str,
             pin: str) -> None:
    screen.sign_in_panel.user.setText(user)
    screen.sign_in_panel.pin.setText(pin)
    qtbot.mouseClick(screen.sign_in_panel.sign_in_button, Qt.MouseButton.LeftButton)
    demo.wait_idle(screen.configuration.background)


def _sign_in_choosing_own_pin(qtbot: Any, demo: DemoTable, screen: SupervisorScreen,
                              user: str, given: str, own: str) -> None:
    """A sign-in with a PIN set by someone else: refused as a one-time PIN; the form asks for
    a new PIN twice, and the given PIN with ``own`` signs in (whoever knows the PIN given can
    do it: the rule below must hold all the same)."""
    panel = screen.sign_in_panel
    _sign_in(qtbot, demo, screen, user, given)
    assert f"{user}'s PIN was set by" in panel.message.text(), panel.message.text()
    assert panel.new_pin_form.isVisible()
    panel.pin.setText(given)
    panel.new_pin.setText(own)
    panel.new_pin_again.setText(own)
    qtbot.mouseClick(panel.sign_in_button, Qt.MouseButton.LeftButton)
    demo.wait_idle()
    demo.wait_idle(screen.configuration.background)
    assert screen.session is not None and screen.session.user == user, panel.message.text()


def _sign_out(qtbot: Any, demo: DemoTable, screen: SupervisorScreen) -> None:
    screen.sign_out()
    demo.wait_idle()


def _show_claim(qtbot: Any, demo: DemoTable, screen: SupervisorScreen, round_id: int) -> None:
    page = screen.validation
    qtbot.mouseClick(screen.pages.buttons["Progressive validation"], Qt.MouseButton.LeftButton)
    page.round.setText(str(round_id))
    qtbot.mouseClick(page.position.buttons["5"], Qt.MouseButton.LeftButton)
    qtbot.mouseClick(page.show_button, Qt.MouseButton.LeftButton)
    demo.wait_idle()


def test_a_pin_reset_during_the_round_by_its_relief_dealer_cannot_validate_it(
        qtbot: Any, relieved: tuple[DemoTable, int]) -> None:
    demo, round_id = relieved
    screen = _screen(qtbot, demo)
    _sign_in(qtbot, demo, screen, "S2", "222222")
    _show_claim(qtbot, demo, screen, round_id)  # S2 itself: refused (was at the table)
    assert screen.validation.claim is None
    # S2 resets S1's PIN on the Accounts page, during the round
    page = screen.accounts
    qtbot.mouseClick(screen.pages.buttons["Accounts"], Qt.MouseButton.LeftButton)
    demo.wait_idle()
    page.choose("S1")
    page.reset_pin.setText("565656")
    page.reset_pin_again.setText("565656")
    qtbot.mouseClick(page.reset_button, Qt.MouseButton.LeftButton)
    demo.wait_idle()
    assert "New PIN set for S1" in page.message.text()
    _sign_out(qtbot, demo, screen)
    # ... and approves as S1 with the PIN S2 set, made "S1's own" first: refused, the reason
    # on the screen
    _sign_in_choosing_own_pin(qtbot, demo, screen, "S1", "565656", "575757")
    _show_claim(qtbot, demo, screen, round_id)
    words = screen.validation.message.text()
    assert screen.validation.claim is None and not screen.validation.approve_button.isEnabled()
    assert ("S1's account was given a new PIN by S2" in words
            and f"after round {round_id} began" in words
            and "another supervisor validates its payouts" in words), words
    # the change is on the round's record (the audit record and the account changes)
    changes = demo.call(lambda c: users.changes_in_round(c.station.store, round_id))
    assert [(c.user, c.event, c.by) for c in changes] == [("S1", "pin_changed", "S2"),
                                                           ("S1", "pin_changed", "S1")]


def test_an_account_created_during_the_round_by_its_relief_dealer_cannot_validate_it(
        qtbot: Any, relieved: tuple[DemoTable, int]) -> None:
    demo, round_id = relieved
    screen = _screen(qtbot, demo)
    _sign_in(qtbot, demo, screen, "S2", "222222")
    page = screen.accounts
    qtbot.mouseClick(screen.pages.buttons["Accounts"], Qt.MouseButton.LeftButton)
    demo.wait_idle()
    page.new_id.setText("S9")
    page.new_name.setText("Nine")
    qtbot.mouseClick(page.new_role.buttons["supervisor"], Qt.MouseButton.LeftButton)
    page.new_pin.setText("999999")
    page.new_pin_again.setText("999999")
    qtbot.mouseClick(page.create_button, Qt.MouseButton.LeftButton)
    demo.wait_idle()
    assert "Created supervisor S9" in page.message.text(), page.message.text()
    _sign_out(qtbot, demo, screen)
    _sign_in_choosing_own_pin(qtbot, demo, screen, "S9", "999999", "989898")
    _show_claim(qtbot, demo, screen, round_id)
    words = screen.validation.message.text()
    assert screen.validation.claim is None
    assert "S9's account was created by S2" in words, words
    # a supervisor nobody at the table touched validates it
    _sign_out(qtbot, demo, screen)
    _sign_in(qtbot, demo, screen, "S1", "111111")
    _show_claim(qtbot, demo, screen, round_id)
    assert screen.validation.claim is not None, screen.validation.message.text()
    assert enter_winner(screen.validation)  # the $10,000 payout reaches the threshold
    qtbot.mouseClick(screen.validation.approve_button, Qt.MouseButton.LeftButton)
    demo.wait_idle()
    assert screen.validation.record is not None
    assert screen.validation.record.supervisor == "S1"


def test_a_payout_above_the_amount_needs_a_second_validator_on_the_record_and_slip(
        qtbot: Any, tmp_path: Path) -> None:
    """Station setting ``second_validator_above``: a payout above it is approved only with a
    second supervisor's id and PIN (another supervisor, not at the table during the round),
    both on the numbered jackpot record and its slip."""
    demo = DemoTable(tmp_path, devices=False, game="pai_gow")
    try:
        def play(context: Any) -> int:
            station = context.station
            station.sign_out()
            station.change_station_settings({"second_validator_above": 100_00},
                                            supervisor="S1", pin="111111")
            station.sign_in("D1", "3333")
            return play_pai_gow_to_validation(station, HANDS)

        round_id = demo.call(play)
        screen = _screen(qtbot, demo)
        _sign_in(qtbot, demo, screen, "S1", "111111")
        _show_claim(qtbot, demo, screen, round_id)
        page = screen.validation
        assert page.claim is not None and page.second_box.isVisible()
        assert "a second supervisor validates it too" in page.second_words.text()
        assert enter_winner(page)  # the $10,000 payout reaches the reporting threshold too
        qtbot.mouseClick(page.approve_button, Qt.MouseButton.LeftButton)
        demo.wait_idle()
        assert "a second supervisor validates it too (their id and PIN)" in page.message.text()
        page.second_user.setText("S1")
        page.second_pin.setText("111111")
        qtbot.mouseClick(page.approve_button, Qt.MouseButton.LeftButton)
        demo.wait_idle()
        assert "another supervisor than the first" in page.message.text()
        assert page.record is None
        page.second_user.setText("S2")
        page.second_pin.setText("222222")
        qtbot.mouseClick(page.approve_button, Qt.MouseButton.LeftButton)
        demo.wait_idle()
        assert page.record is not None, page.message.text()
        assert (page.record.supervisor, page.record.second_supervisor) == ("S1", "S2")
        text = page.record_text.toPlainText()
        assert "Validated by       S1 (supervisor)" in text
        assert "Second validator   S2 (supervisor)" in text
        printer = demo.call(lambda c: c.station.slip_printer.directory)
        qtbot.mouseClick(page.print_button, Qt.MouseButton.LeftButton)
        demo.wait_idle()
        slip = next(printer.glob("slip-*.txt")).read_text()
        assert "Second validator   S2 (supervisor)" in slip
    finally:
        demo.close()
