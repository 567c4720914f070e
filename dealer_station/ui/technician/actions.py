"""The technician's protected actions, run on the station's thread with the signed-in
technician's id and PIN (checked again by the station each time, audited):

* device tests and fault injection move hardware: a technician only, never during a round
  (:data:`dealer_station.auth.Permission.RUN_DIAGNOSTICS`); a round cannot start while a test runs;
* the diagnostics bundle moves nothing but carries the table's configuration and trace: a
  technician only;
* clearing the devices' latched faults (a jam cleared by hand, a misread) moves nothing: a
  technician only, also during a round (the round's step resumes by itself once the device is
  back).
"""

from __future__ import annotations

from contextlib import AbstractContextManager
from pathlib import Path
from typing import Any

from dealer_station.auth import AccessDenied, Role
from dealer_station.procedure import ProcedureError
from dealer_station.ui.supervisor.calls import StaffContext
from dealer_station.ui.supervisor.session import StaffSession
from dealer_station.ui.technician.bundle import bundle_contents, write_bundle
from dealer_station.ui.technician.devices import device_rows
from dealer_station.ui.technician.faults import FAULTS, LINES
from drivers.acceptors import AcceptorBank
from drivers.device import DeviceDriver

__all__ = ["begin_diagnostic", "check_technician", "clear_faults", "export_bundle",
           "inject_fault"]


def check_technician(context: StaffContext, session: StaffSession, name: str, *,
                     moves_hardware: bool) -> None:
    """The station checks the id and PIN (and, for hardware, the role and that no round is in
    progress); a diagnostic that moves nothing still needs the technician's role."""
    person = context.station.authorize_diagnostic(name, technician=session.user,
                                                  pin=session.pin,
                                                  moves_hardware=moves_hardware)
    if person.role != Role.TECHNICIAN.value:
        raise AccessDenied(f"only a technician may {name.replace('_', ' ')}")


def begin_diagnostic(context: StaffContext, session: StaffSession,
                     name: str) -> AbstractContextManager[Any]:
    """Enter the station's diagnostic block for test ``name`` (refused for the wrong role or
    during a round); the caller exits it, on the station's thread, when the test ends."""
    if context.manager is None:
        raise ProcedureError("no devices are open at this station")
    block: AbstractContextManager[Any] = context.station.diagnostic(
        name, technician=session.user, pin=session.pin)
    block.__enter__()
    return block


def inject_fault(context: StaffContext, session: StaffSession, key: str, line: str) -> str:
    """Inject fault ``key`` on ``line`` of the simulated table; returns what was done."""
    fault = FAULTS[key]
    if line not in LINES:
        raise ValueError(f"no line {line!r}: {', '.join(LINES)}")
    check_technician(context, session, f"fault_injection:{key}:{line}", moves_hardware=True)
    if context.simulation is None:
        raise ProcedureError("fault injection works on the simulated table only")
    fault.act(context.simulation.backdoor, line)
    return f"{fault.label}" + (f" ({line})" if fault.line_matters else "")


def export_bundle(context: StaffContext, session: StaffSession, path: Path, *,
                  trace: list[str], logs: list[str], events: list[str] | None = None) -> Path:
    """Write the diagnostics bundle to ``path`` (a ``.zip``); returns it. ``trace``: the last
    frames, routine polls included; ``events``: the last frames that say something."""
    check_technician(context, session, "export_diagnostics_bundle", moves_hardware=False)
    contents = bundle_contents(context, trace=trace, logs=logs, events=events,
                               rows=device_rows(context.manager))
    path.parent.mkdir(parents=True, exist_ok=True)
    write_bundle(path, contents)
    return path


def clear_faults(context: StaffContext, session: StaffSession) -> str:
    """Reset every device's latched faults (RESET_FAULTS on each line); allowed during a round,
    audited. Returns what was done, device by device."""
    check_technician(context, session, "clear_faults", moves_hardware=False)
    manager = context.manager
    if manager is None:
        raise ProcedureError("no devices are open at this station")

    def reset(driver: DeviceDriver | AcceptorBank) -> None:
        drivers = list(driver) if isinstance(driver, AcceptorBank) else [driver]  # every acceptor
        for each in drivers:
            each.reset_faults()

    done = []
    for device in manager.devices:
        try:
            manager.submit(device, reset).result(timeout=5.0)
            done.append(f"{device}: faults reset")
        except Exception as error:  # one device that does not answer: say so, go on
            done.append(f"{device}: not reset ({error})")
    return "; ".join(done)
