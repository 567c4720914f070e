"""The diagnostics bundle's tests: a technician's account created (the supervisor's Accounts
page, in short) and the bundle exported from the technician's screen of the real window."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from gui_harness import PIN, SUPERVISOR, Table
from own_pins import add_account

TECHNICIAN, TECH_PIN = "T-1", "135790"


def create_technician(table: Table, name: str = "Tess Tech") -> None:
    def accounts(controller: Any) -> None:
        add_account(controller.station, TECHNICIAN, name, "technician", TECH_PIN,
                    supervisor=SUPERVISOR, pin=PIN)

    table.window.call(accounts)
    table.qtbot.wait(200)


def export_bundle(table: Table, *, mistyped_first: bool = False) -> Path:
    """The technician signs in (after a wrong PIN first, if asked) and exports the bundle."""
    window, qtbot = table.window, table.qtbot
    screen = window.staff.technician
    table.click(window.staff.technician_button)
    if mistyped_first:  # a failure audited
        screen.sign_in_panel.user.setText(TECHNICIAN)
        screen.sign_in_panel.pin.setText("000000")
        table.click(screen.sign_in_panel.sign_in_button)
        qtbot.wait(300)
    screen.sign_in_panel.user.setText(TECHNICIAN)
    screen.sign_in_panel.pin.setText(TECH_PIN)
    table.click(screen.sign_in_panel.sign_in_button)
    qtbot.waitUntil(lambda: screen.session is not None, timeout=10_000)
    table.click(screen.export_button)
    qtbot.waitUntil(lambda: screen.bundle_path is not None, timeout=10_000)
    return Path(screen.bundle_path)
