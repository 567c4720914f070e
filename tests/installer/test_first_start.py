"""The first-start experience: no configuration means the simulated table and a prompt for the
first supervisor, whose account is created through the station's account API."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from types import SimpleNamespace
from typing import Any

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QWidget
from pytestqt.qtbot import QtBot

from dealer_station.station import Station
from dealer_station.store import users
from dealer_station.ui.first_start import FirstSupervisorDialog, offer_first_start
from drivers.config import parse_device_config
from drivers.sim.table import devices_or_simulation


class FakeWindow(QWidget):
    """The two signals the offer uses, as the main window has them."""

    snapshot_shown = Signal(object)
    call_requested = Signal(object)


def _snapshot(kind: str | None, message: str = "") -> SimpleNamespace:
    entry = SimpleNamespace(kind=kind) if kind else None
    return SimpleNamespace(entry=entry, message=message)


def _fill(dialog: FirstSupervisorDialog, user: str, name: str, pin: str, again: str) -> None:
    dialog.user.setText(user)
    dialog.name.setText(name)
    dialog.pin.setText(pin)
    dialog.pin_again.setText(again)


def test_no_configuration_means_the_simulated_table() -> None:
    config, sim = devices_or_simulation(None, "let_it_ride", "memory")
    try:
        assert sim is not None and parse_device_config(None).empty
        assert config.shoe is not None and config.shoe.url.startswith("memory://")
    finally:
        assert sim is not None
        sim.close()


def test_dialog_refuses_two_different_pins(qtbot: QtBot) -> None:
    dialog = FirstSupervisorDialog()
    qtbot.addWidget(dialog)
    sent: list[tuple[str, str, str]] = []
    dialog.supervisor_requested.connect(lambda *a: sent.append(a))
    _fill(dialog, "S1", "Sam Super", "1234", "1243")
    dialog.submit()
    assert sent == []
    assert "differ" in dialog.error.text()
    _fill(dialog, "", "Sam Super", "1234", "1234")
    dialog.submit()
    assert sent == [] and "id" in dialog.error.text()


def test_offer_creates_the_first_supervisor_through_the_station(
        qtbot: QtBot, tmp_path: Path) -> None:
    station = Station.open("T1", str(tmp_path), game="let_it_ride",
                           settings={"table": {"dealing": "manual"}}, pin_cost=2**8)
    try:
        window = FakeWindow()
        calls: list[Callable[[Any], Any]] = []
        window.call_requested.connect(calls.append)
        offer = offer_first_start(window)
        qtbot.addWidget(offer.dialog)
        assert station.needs_first_supervisor
        window.snapshot_shown.emit(_snapshot("first_supervisor"))
        assert offer.dialog.isVisible()
        _fill(offer.dialog, "S1", "Sam Super", "2468", "2468")
        offer.dialog.submit()
        assert not offer.dialog.isVisible() and len(calls) == 1
        calls[0](station)  # the worker runs it against the controller (here the station)
        account = users.account(station.store, "S1")
        assert account is not None and account.role == "supervisor"
        assert not station.needs_first_supervisor
        window.snapshot_shown.emit(_snapshot("sign_in", "Supervisor S1 created"))
        assert not offer.dialog.isVisible()
    finally:
        station.close()


def test_offer_reopens_with_the_station_reason_and_respects_later(qtbot: QtBot) -> None:
    window = FakeWindow()
    calls: list[Callable[[Any], Any]] = []
    window.call_requested.connect(calls.append)
    offer = offer_first_start(window)
    qtbot.addWidget(offer.dialog)
    window.snapshot_shown.emit(_snapshot("first_supervisor"))
    _fill(offer.dialog, "S 1", "Sam", "12", "12")
    offer.dialog.submit()
    window.snapshot_shown.emit(_snapshot("first_supervisor"))  # not answered yet
    assert not offer.dialog.isVisible()
    window.snapshot_shown.emit(_snapshot("first_supervisor", "a PIN is 4 to 12 digits"))
    assert offer.dialog.isVisible()
    assert offer.dialog.error.text() == "a PIN is 4 to 12 digits"
    offer.dialog.reject()  # "Later": the sign-in panel's first-start mode stays underneath
    window.snapshot_shown.emit(_snapshot("first_supervisor"))
    assert not offer.dialog.isVisible()


def test_a_fresh_install_opens_the_simulated_table_and_asks_for_the_supervisor(
        qtbot: QtBot, tmp_path: Path) -> None:
    """The real window as ``dealer-station`` opens it with no configuration and no data: the
    simulated devices, then the first-start dialog; creating the supervisor moves to sign-in."""
    from dealer_station.ui.app import build_controller, create_window, load_table_config

    simulated: list[Any] = []
    setup = load_table_config(None)
    assert setup.devices == {}
    window = create_window(lambda bridge: build_controller(
        setup, str(tmp_path), bridge=bridge, explicit=False, transport="memory",
        simulated=simulated))
    qtbot.addWidget(window)
    offer = offer_first_start(window)
    window.show()
    try:
        qtbot.waitUntil(lambda: offer.dialog.isVisible(), timeout=15_000)
        assert len(simulated) == 1  # no hardware configured: the simulated table
        _fill(offer.dialog, "S-1", "Sam Super", "2468", "2468")
        offer.dialog.submit()
        qtbot.waitUntil(lambda: window.snapshot is not None
                        and window.snapshot.step.phase == "signed_out", timeout=15_000)
        assert not offer.dialog.isVisible()
    finally:
        window.shutdown()
