"""Pictures of the supervisor's and technician's screens for ``docs/screenshots/``, drawn
offscreen against the demo table (:mod:`.demo`: a durable station with some history, the
simulated devices in process). The Pai Gow configuration picture waits for the seven-card census
(read from the cache, else computed once: seconds).

    python -m dealer_station.preview.shots docs/screenshots [--size 1280x800]
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import QApplication

from dealer_station.preview.demo import DemoTable, play_let_it_ride, play_pai_gow_to_validation
from dealer_station.procedure import ProcedureError
from dealer_station.store import journal
from dealer_station.ui.supervisor.census_job import CensusNotComputed
from dealer_station.ui.supervisor.screen import SupervisorScreen
from dealer_station.ui.technician.screen import TechnicianScreen

__all__ = ["main", "render_all"]

METER = "pai_gow_progressive"


def _setup(context: Any) -> list[int]:
    station = context.station
    station.create_meter(METER, wager="three_card_bonus", reset=500_000, rate_bp=2100,
                         supervisor="S2", pin="222222")
    deals = [({1: "As Ad 4c", 3: "2h 7d 9c", 6: "Kc Qd 3s"}, "Ks 5h 8d"),
             ({2: "Qs Js Ts", 5: "3h 3d 9c"}, "Ks As 8d"),
             ({4: "7c 7d 2h", 7: "Jh Th 9h"}, "8h 4s Qh")]
    return [play_let_it_ride(station, hands, community, three_card=2500)
            for hands, community in deals]


PAI_GOW_HANDS: dict[int | str, str] = {
    5: "As Ks Qs Js Ts 9c 9d", 2: "8h 7h 6h 5h 4h 2c 2s", 3: "6c 6d 2d 3c 5d Qh Jc",
    "dealer": "Kc Kd 9h 7s 4c 3d Th"}


def _lock_out(user: str) -> Any:
    """Five wrong PINs for ``user`` (the Accounts page then shows the lock and its time)."""
    def lock(context: Any) -> None:
        for _ in range(5):
            with contextlib.suppress(ProcedureError):
                context.station.authenticate(user, "000000", "sign_in")

    return lock


def _tamper(round_id: int) -> Callable[[Any], None]:
    def tamper(context: Any) -> None:
        store = context.station.store
        document = dict(journal.round_summary(store, round_id).document or {})
        payments = [dict(p) for p in document["payments"]]
        paid = next(p for p in payments if p["outcome"] == "pay")
        paid["amount"] += 2_500
        document["payments"] = payments
        store.connection.execute("UPDATE rounds SET document = ? WHERE id = ?",
                                 (json.dumps(document), round_id))

    return tamper


def render_all(out: Path, size: tuple[int, int] = (1280, 800)) -> list[Path]:
    """Draw every staff screen picture into ``out``; returns the files written."""
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

    app = QApplication.instance() or QApplication([])
    out.mkdir(parents=True, exist_ok=True)
    written: list[Path] = []
    with tempfile.TemporaryDirectory() as data:
        table = DemoTable(data, devices=True)
        try:
            rounds = table.call(_setup)

            def shot(widget: Any, name: str, *others: Any) -> None:
                table.wait_idle(*others, timeout=60)
                for _ in range(5):
                    app.processEvents()
                    time.sleep(0.02)
                path = out / f"{name}.png"
                widget.grab().save(str(path))
                written.append(path)

            supervisor = SupervisorScreen(table.calls)
            supervisor.resize(*size)
            supervisor.show()
            supervisor.start()
            supervisor.sign_in_panel.user.setText("S2")
            shot(supervisor, "supervisor_sign_in")
            supervisor.sign_in("S2", "222222")
            background = supervisor.configuration.background
            table.wait_idle(background, timeout=60)
            supervisor.pages.show_named("Round history")
            supervisor.history.search()
            table.wait_idle()
            supervisor.history.open_round(rounds[0])
            table.wait_idle()
            supervisor.history.rerun()
            shot(supervisor, "supervisor_history")
            table.call(_tamper(rounds[2]))
            supervisor.history.open_round(rounds[2])
            table.wait_idle()
            supervisor.history.rerun()
            shot(supervisor, "supervisor_dispute")
            supervisor.pages.show_named("Configuration")
            supervisor.configuration.editors["table.positions"].setText("6")
            supervisor.configuration.check()
            shot(supervisor, "supervisor_configuration", background)
            supervisor.pages.show_named("Meters")
            supervisor.meters.refresh()
            shot(supervisor, "supervisor_meters")
            table.call(_lock_out("D1"))
            supervisor.pages.show_named("Accounts")
            supervisor.accounts.refresh()
            table.wait_idle()
            supervisor.accounts.choose("D1")
            supervisor.accounts.message.setText("Created technician T1 (Tom Tech).")
            shot(supervisor, "supervisor_accounts")
            supervisor.sign_out()
            table.wait_idle()

            def shot_of(widget: Any, name: str, other: Any) -> None:
                other.wait_idle(timeout=60)
                for _ in range(3):
                    app.processEvents()
                    time.sleep(0.02)
                widget.grab().save(str(out / f"{name}.png"))

            written += _pai_gow_validation(out, size, shot_of)

            technician = TechnicianScreen(table.calls, bundle_dir=Path(data) / "bundles")
            technician.resize(*size)
            technician.show()
            technician.start()
            technician.sign_in("T1", "444444")
            table.wait_idle()
            technician.trace_button.setChecked(True)
            technician.run_test("lamp")
            deadline = time.monotonic() + 30
            while technician.running is not None and time.monotonic() < deadline:
                app.processEvents()
                time.sleep(0.01)
            technician.refresh()
            shot(technician, "technician_devices")
            technician.poll()
            technician.pages.show_page(1)
            shot(technician, "technician_trace")
            technician.pages.show_page(2)
            technician.fault.setCurrentIndex(technician.fault.findData("jam"))
            technician.inject()
            shot(technician, "technician_faults")
            technician.pages.show_page(3)
            technician.export()
            shot(technician, "technician_bundle")
            technician.sign_out()
            table.wait_idle()
            for widget in (supervisor, technician):
                widget.close()
                widget.deleteLater()
            app.processEvents()
        finally:
            table.close()
    return written


def _pai_gow_validation(out: Path, size: tuple[int, int],
                        shot_of: Callable[[Any, str, Any], Any]) -> list[Path]:
    """The validation a Pai Gow round waits for, the winner's identification and its jackpot
    record."""
    with tempfile.TemporaryDirectory() as data:
        table = DemoTable(data, devices=False, game="pai_gow")
        try:
            table.call(lambda c: play_pai_gow_to_validation(c.station, PAI_GOW_HANDS))
            screen = SupervisorScreen(table.calls)
            screen.resize(*size)
            screen.show()
            screen.start()
            screen.sign_in("S2", "222222")
            table.wait_idle(screen.configuration.background, timeout=60)
            screen.pages.show_named("Progressive validation")
            shot_of(screen, "supervisor_validation", table)
            validation = screen.validation
            # the $10,000 payout reaches the reporting threshold: APPROVE AND PAY asks for the
            # winner's identification first
            if validation.winner_needed():
                validation.approve()
                validation.winner_name.setText("Alex Sample")
                validation.winner_id_type.set_value("drivers_license")
                validation.winner_id_number.setText("S123-456-789")
                validation.winner_address.setText("1 Sample Street, Albany NY 12207")
                shot_of(screen, "supervisor_winner_identification", table)
            validation.approve()
            table.wait_idle()
            screen.validation.save()
            table.wait_idle()
            screen.validation.print_record()  # the slip, on the simulated receipt printer
            shot_of(screen, "supervisor_jackpot_record", table)
            screen.pages.show_named("Configuration")
            page = screen.configuration
            _wait_for_pai_gow_returns(page)
            # a table offering the fortune bonus (its envy), insurance and the progressive,
            # with fortune table B chosen (edited, not applied)
            for wager, box in page.sets["side_wagers.offered"].items():
                box.setChecked(wager in ("fortune_bonus", "insurance", "progressive"))
            page.choosers["bonus_wagers.fortune_letter"].set_value("B")
            page.show_pai_gow_returns(page.edited())
            table.wait_idle(page.background, timeout=60)
            screen.configuration.fields_area.ensureWidgetVisible(
                screen.configuration.choosers["bonus_wagers.seven_card_letter"], 50, 120)
            shot_of(screen, "supervisor_configuration_pai_gow", table)
            screen.close()
            screen.deleteLater()
        finally:
            table.close()
    return [out / "supervisor_validation.png", out / "supervisor_winner_identification.png",
            out / "supervisor_jackpot_record.png", out / "supervisor_configuration_pai_gow.png"]


def _wait_for_pai_gow_returns(page: Any, timeout: float = 300.0) -> None:
    """Until the page shows every Pai Gow wager's return (the census computed or read)."""
    deadline = time.monotonic() + timeout

    while not page.pai_gow_lines or page.background.pending:
        if isinstance(page.census_job.result, CensusNotComputed):
            page.compute_census()  # what the supervisor presses when none is shipped
            page.census_job.result = None
        if isinstance(page.census_job.result, Exception):
            raise RuntimeError(f"census: {page.census_job.result}")
        if time.monotonic() > deadline:
            raise TimeoutError("the Pai Gow returns were not shown")
        QCoreApplication.processEvents()
        time.sleep(0.02)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("out", type=Path)
    parser.add_argument("--size", default="1280x800")
    args = parser.parse_args(argv)
    width, height = (int(v) for v in args.size.split("x"))
    for path in render_all(args.out, (width, height)):
        print(path)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
