"""The first-start experience: no configuration means the simulated table and one form, in the
dealer's screen, for the first supervisor, whose account is created through the station's
account API."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDialog, QLabel
from pytestqt.qtbot import QtBot

from dealer_station.store import users
from dealer_station.ui.sign_in import SignInPanel
from drivers.config import parse_device_config
from drivers.sim.table import devices_or_simulation


def _fill(panel: SignInPanel, user: str, name: str, pin: str, again: str) -> None:
    panel.user.setText(user)
    panel.name.setText(name)
    panel.pin.setText(pin)
    panel.pin_again.setText(again)


def test_no_configuration_means_the_simulated_table() -> None:
    config, sim = devices_or_simulation(None, "let_it_ride", "memory")
    try:
        assert sim is not None and parse_device_config(None).empty
        assert config.shoe is not None and config.shoe.url.startswith("memory://")
    finally:
        assert sim is not None
        sim.close()


def test_first_start_form_refuses_two_different_pins_and_a_short_pin(qtbot: QtBot) -> None:
    panel = SignInPanel()
    qtbot.addWidget(panel)
    panel.set_first_start(True)
    panel.show()
    assert not panel.message.isVisible()  # no empty error box
    sent: list[tuple[str, str, str]] = []
    panel.supervisor_requested.connect(lambda *a: sent.append(a))
    _fill(panel, "S1", "Sam Super", "123456", "123465")
    qtbot.mouseClick(panel.submit_button, Qt.MouseButton.LeftButton)
    assert sent == [] and "differ" in panel.message.text() and panel.message.isVisible()
    _fill(panel, "S1", "Sam Super", "1234", "1234")
    qtbot.mouseClick(panel.submit_button, Qt.MouseButton.LeftButton)
    assert sent == [] and "6 to 12 digits" in panel.message.text()
    _fill(panel, "", "Sam Super", "123456", "123456")
    qtbot.mouseClick(panel.submit_button, Qt.MouseButton.LeftButton)
    assert sent == [] and "id" in panel.message.text()
    _fill(panel, "S1", "Sam Super", "123456", "123456")
    qtbot.mouseClick(panel.submit_button, Qt.MouseButton.LeftButton)
    assert sent == [("S1", "Sam Super", "123456")]
    assert panel.message.text() == "Checking…" and panel.message.objectName() == "notice"


def test_a_fresh_install_shows_one_supervisor_form_without_an_empty_error_box(
        qtbot: QtBot, tmp_path: Path) -> None:
    """The real window as ``dealer-station`` opens it with no configuration and no data: the
    simulated devices and one form for the first supervisor (no dialog over it, no empty red
    box); a refusal is written under the form; creating the supervisor moves to sign-in."""
    from dealer_station.table_config import load_table_config
    from dealer_station.ui.app import build_controller, create_window

    simulated: list[Any] = []
    setup = load_table_config(None)
    assert setup.devices == {}
    window = create_window(lambda bridge: build_controller(
        setup, str(tmp_path), bridge=bridge, explicit=False, transport="memory",
        simulated=simulated))
    qtbot.addWidget(window)
    window.show()
    try:
        qtbot.waitUntil(lambda: window.snapshot is not None
                        and window.snapshot.step.phase == "first_start", timeout=15_000)
        assert len(simulated) == 1  # no hardware configured: the simulated table
        panel = window.sign_in
        assert window.lower_panels.currentWidget() is panel and panel.pin_again.isVisible()
        assert not [d for d in window.findChildren(QDialog) if d.isVisible()]
        empty_boxes = [label for label in window.findChildren(QLabel)
                       if label.objectName() == "fault" and label.isVisible()
                       and not label.text()]
        assert empty_boxes == []
        _fill(panel, "S 1", "Sam Super", "246824", "246824")  # the station refuses the id
        qtbot.mouseClick(panel.submit_button, Qt.MouseButton.LeftButton)
        qtbot.waitUntil(lambda: "user id" in panel.message.text(), timeout=15_000)
        assert panel.message.objectName() == "fault"
        _fill(panel, "S-1", "Sam Super", "246824", "246824")
        qtbot.mouseClick(panel.submit_button, Qt.MouseButton.LeftButton)
        qtbot.waitUntil(lambda: window.snapshot is not None
                        and window.snapshot.step.phase == "signed_out", timeout=15_000)
        assert not panel.message.isVisible() and not panel.pin_again.isVisible()
        account = users.account(window.worker.controller.station.store, "S-1")
        assert account is not None and account.role == "supervisor"
    finally:
        window.shutdown()
