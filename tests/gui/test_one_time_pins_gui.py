"""A one-time PIN (set by someone else) is changed at the sign-in, before anything else,
through the screens: on the dealer's screen an account a supervisor created on the Accounts
page signs in: refused with the reason, the form asks for a new PIN twice, and with the given
PIN and the new one the person is on duty; on the supervisor's screen the same for a
supervisor's account, who then works with the new PIN."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from gui_harness import Table
from PySide6.QtCore import Qt
from test_accounts_gui import _create, _dealer_sign_in, _open_accounts, _sign_out_staff

from dealer_station.preview.demo import DemoTable
from dealer_station.ui.supervisor.screen import SupervisorScreen

pytestmark = pytest.mark.gui


@pytest.fixture
def table(qtbot: Any, tmp_path: Path) -> Iterator[Table]:
    opened = Table(qtbot, str(tmp_path), "let_it_ride")
    try:
        opened.sign_in_supervisor()  # the first supervisor chose their own PIN
        yield opened
    finally:
        opened.close()


def test_a_dealer_given_a_pin_by_a_supervisor_chooses_their_own_at_the_sign_in(
        table: Table) -> None:
    page = _open_accounts(table)
    _create(table, page, "D-9", "Nia Dealer", "dealer", "4321")
    assert page.message.text() == "Created dealer D-9 (Nia Dealer)."
    _sign_out_staff(table)
    table.click(table.window.health.sign_out_button)
    table.wait(lambda s: s.step.phase == "signed_out")
    panel = table.window.sign_in
    assert not panel.new_pin.isVisible()
    words = _dealer_sign_in(table, "D-9", "4321")
    assert "D-9's PIN was set by S-100: it is a one-time PIN" in words, words
    table.qtbot.waitUntil(panel.new_pin.isVisible, timeout=10_000)
    panel.user.setText("D-9")
    panel.pin.setText("4321")
    panel.new_pin.setText("8080")
    panel.new_pin_again.setText("8181")
    table.click(panel.submit_button)
    assert "The two new PINs differ" in panel.message.text()  # said at once, nothing sent
    panel.pin.setText("4321")
    panel.new_pin.setText("8080")
    panel.new_pin_again.setText("8080")
    table.click(panel.submit_button)
    table.wait(lambda s: s.step.phase != "signed_out")
    assert "D-9" in table.window.health.on_duty
    assert not panel.new_pin.isVisible()


def test_a_supervisor_given_a_pin_chooses_their_own_on_the_supervisors_screen(
        qtbot: Any, tmp_path: Path) -> None:
    demo = DemoTable(tmp_path, devices=False)
    try:
        demo.call(lambda c: c.station.sign_out())
        # S1 gives S2 a new PIN (S2's own before): a one-time PIN
        demo.call(lambda c: c.station.reset_pin("S2", "252525", supervisor="S1", pin="111111"))
        screen = SupervisorScreen(demo.calls)
        qtbot.addWidget(screen)
        screen.resize(1280, 800)
        screen.show()
        screen.start()
        panel = screen.sign_in_panel
        panel.user.setText("S2")
        panel.pin.setText("252525")
        qtbot.mouseClick(panel.sign_in_button, Qt.MouseButton.LeftButton)
        demo.wait_idle()
        assert "S2's PIN was set by S1: it is a one-time PIN" in panel.message.text()
        assert panel.new_pin_form.isVisible() and screen.stack.currentIndex() == 0
        panel.pin.setText("252525")
        panel.new_pin.setText("272727")
        panel.new_pin_again.setText("272727")
        qtbot.mouseClick(panel.sign_in_button, Qt.MouseButton.LeftButton)
        demo.wait_idle()
        demo.wait_idle()
        assert screen.stack.currentIndex() == 1, panel.message.text()
        assert screen.session is not None and screen.session.pin == "272727"
        assert not panel.new_pin_form.isVisible()
    finally:
        demo.close()
