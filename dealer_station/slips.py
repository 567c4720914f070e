"""Jackpot slips on an ESC/POS receipt printer (python-escpos), 5324.41(g)(9), (k)(3).

The numbered jackpot record (:class:`~dealer_station.store.meters.Jackpot`) is in the table's
store before anything is printed: a printer that is offline or out of paper is reported
(:class:`PrinterFault`, audited) and the record is printed later, never lost. The first slip
printed of a record is the original; every later one is marked ``COPY`` and audited as a reprint
(:func:`print_jackpot`).

The printer is the ``[devices] printer`` of the table configuration, a URL:

* ``serial:///dev/ttyUSB1?baudrate=19200`` (or just ``/dev/ttyUSB1``): a serial printer;
* ``usb://0x04b8:0x0202``: a USB printer by vendor and product id;
* ``tcp://10.0.0.9:9100``: a network printer;

and, in simulation mode (no ``[devices]`` hardware), the simulated printer
(:class:`SimulatedPrinter`): each slip is written as text (and the raw ESC/POS bytes) under the
table's directory, ``printer/``, where the technician reads it (``dealer-station slips show``).
A file ``printer/FAULT`` holding ``offline`` or ``no paper`` makes it report that fault.

>>> from dealer_station.store.meters import Jackpot
>>> slip = Jackpot(7, "pai_gow_progressive", 40, "3", "royal_flush", 10_000, 90_021, 80_021,
...                "D7", "S1", "2026-03-01T21:04:05.000000Z")
>>> slip_lines(slip, table="PG-2", copy=True)[:3]
['JACKPOT RECORD No. 000007', '*** COPY ***', 'Table              PG-2']
"""

from __future__ import annotations

import contextlib
import json
from collections.abc import Mapping
from pathlib import Path
from typing import Any, Protocol
from urllib.parse import parse_qs, urlparse

from dealer_station.jackpot import as_text, filed
from dealer_station.store import meters as meter_store
from dealer_station.store.database import Store
from dealer_station.store.meters import Jackpot

__all__ = ["COPY_MARK", "PrinterFault", "SimulatedPrinter", "SlipPrinter", "open_printer",
           "print_jackpot", "printer_report", "printer_url", "slip_lines"]

COPY_MARK = "*** COPY ***"


class PrinterFault(OSError):
    """The receipt printer cannot print now (offline, no paper, not found): said in words."""


def printer_url(devices: Mapping[str, Any] | None) -> str | None:
    """The ``[devices] printer`` URL of a table configuration (None: the simulated printer).

    >>> printer_url({"printer": {"url": "tcp://10.0.0.9:9100"}}), printer_url({})
    ('tcp://10.0.0.9:9100', None)
    """
    table = (devices or {}).get("printer")
    if table is None:
        return None
    if not isinstance(table, Mapping) or not isinstance(table.get("url"), str):
        raise ValueError("devices.printer: a url is required (serial://, usb://, tcp://)")
    return str(table["url"])


def slip_lines(jackpot: Jackpot, *, table: str, copy: bool,
               filed: dict[str, Any] | None = None) -> list[str]:
    """The slip's lines: the record as text, ``*** COPY ***`` under the title on a reprint
    (``filed``: :func:`dealer_station.jackpot.filed`)."""
    lines = as_text(jackpot, table=table, **(filed or {})).splitlines()
    return [lines[0], COPY_MARK, *lines[1:]] if copy else lines


def _escpos() -> Any:
    try:
        # deferred on purpose: python-escpos loads only for a real receipt printer
        from escpos import printer
    except ImportError as error:  # pragma: no cover - a dependency of the package
        raise PrinterFault(f"python-escpos is not installed: {error}") from None
    return printer


class SimulatedPrinter:
    """A receipt printer in simulation mode: python-escpos's ``Dummy`` collects the bytes, and
    each slip is written under ``directory`` as ``slip-<n>.txt`` (what it printed, in words)
    and ``slip-<n>.escpos`` (the bytes a real printer would have received)."""

    def __init__(self, directory: Path) -> None:
        self.directory = Path(directory)

    def fault(self) -> str | None:
        marker = self.directory / "FAULT"
        try:
            words = marker.read_text(encoding="utf-8").strip()
        except OSError:
            return None
        return words or "offline"

    def set_fault(self, words: str | None) -> None:
        """The simulated table's back door: the printer goes ``offline`` or has ``no paper``
        (``None``: ready again)."""
        marker = self.directory / "FAULT"
        if words is None:
            marker.unlink(missing_ok=True)
            return
        self.directory.mkdir(parents=True, exist_ok=True)
        marker.write_text(words, encoding="utf-8")

    def print_lines(self, lines: list[str]) -> Path:
        fault = self.fault()
        if fault is not None:
            raise PrinterFault(f"the simulated printer is {fault}")
        device = _escpos().Dummy()
        _render(device, lines)
        self.directory.mkdir(parents=True, exist_ok=True)
        number = len(list(self.directory.glob("slip-*.txt"))) + 1
        stem = self.directory / f"slip-{number:04d}"
        stem.with_suffix(".txt").write_text("\n".join(lines) + "\n", encoding="utf-8")
        stem.with_suffix(".escpos").write_bytes(device.output)
        return stem.with_suffix(".txt")


class SlipPrinter:
    """A configured ESC/POS printer (``url``)."""

    def __init__(self, url: str) -> None:
        self.url = url

    def _device(self) -> Any:
        printer = _escpos()
        parsed = urlparse(self.url if "://" in self.url else f"serial://{self.url}")
        query = {k: v[-1] for k, v in parse_qs(parsed.query).items()}
        if parsed.scheme == "serial":
            return printer.Serial(devfile=parsed.path or parsed.netloc,
                                  baudrate=int(query.get("baudrate", 9600)), timeout=2)
        if parsed.scheme == "usb":
            vendor, _, product = (parsed.netloc or parsed.path).partition(":")
            return printer.Usb(int(vendor, 16), int(product, 16), timeout=2000)
        if parsed.scheme == "tcp":
            return printer.Network(parsed.hostname or "", parsed.port or 9100, timeout=5)
        raise PrinterFault(f"unknown printer URL {self.url!r} (serial://, usb://, tcp://)")

    def print_lines(self, lines: list[str]) -> Path | None:
        device = self._device()
        try:
            device.open()
            if not device.is_online():
                raise PrinterFault(f"the printer at {self.url} is offline")
            if device.paper_status() == 0:
                raise PrinterFault(f"the printer at {self.url} has no paper")
            _render(device, lines)
        except PrinterFault:
            raise
        except Exception as error:  # the library's own errors: not found, timeouts, USB
            raise PrinterFault(f"the printer at {self.url} did not print: {error}") from None
        finally:
            with contextlib.suppress(Exception):  # closing a printer that never opened
                device.close()
        return None


def _render(device: Any, lines: list[str]) -> None:
    device.set(align="center", bold=True, double_height=True)
    device.textln(lines[0])
    body = lines[1:]
    if body and body[0] == COPY_MARK:
        device.textln(COPY_MARK)
        body = body[1:]
    device.set(align="left", bold=False, normal_textsize=True)
    for line in body:
        device.textln(line)
    device.cut()


def open_printer(url: str | None, directory: Path) -> SimulatedPrinter | SlipPrinter:
    """The configured printer, or the simulated one writing under ``directory``."""
    return SimulatedPrinter(directory) if url is None else SlipPrinter(url)


def _printed_before(audit_path: Path, number: int) -> bool:
    try:
        with open(audit_path, encoding="utf-8") as lines:
            for line in lines:
                if '"slip"' not in line:
                    continue
                entry = json.loads(line)
                data = entry.get("data") or {}
                if (entry.get("kind") == "slip" and data.get("jackpot") == number
                        and data.get("outcome") == "printed"):
                    return True
    except OSError:
        return False
    return False


class HasStore(Protocol):
    """What a slip is printed for: a table's store (the station)."""

    @property
    def store(self) -> Store: ...


def print_jackpot(station: HasStore, number: int, *, actor: str | None,
                  printer: SimulatedPrinter | SlipPrinter) -> bool:
    """Print jackpot record ``number`` as a slip; returns whether it was a reprint (``COPY``).
    The print, the reprint and a fault are audited (kind ``slip``); a fault raises
    :class:`PrinterFault` and leaves the record as it is, to print again."""
    record = meter_store.jackpot(station.store, number)
    copy = _printed_before(station.store.audit_path, number)
    lines = slip_lines(record, table=station.store.table, copy=copy,
                       filed=filed(station.store, record))
    try:
        printer.print_lines(lines)
    except PrinterFault as fault:
        station.store.audit("slip", {"jackpot": number, "outcome": "fault", "copy": copy,
                                     "reason": str(fault)}, actor=actor, round_id=record.round_id)
        raise
    station.store.audit("slip", {"jackpot": number, "outcome": "printed", "copy": copy},
                        actor=actor, round_id=record.round_id)
    return copy


def printer_report(printer: SimulatedPrinter | SlipPrinter | None, last: int = 3) -> str:
    """What the technician reads of the slips' printer: which one, its fault, and (simulated)
    the last slips it printed, newest last."""
    if printer is None:
        return ("No receipt printer is configured ([devices.printer] url): jackpot records are "
                "saved as text and PDF only.")
    if isinstance(printer, SlipPrinter):
        return f"Receipt printer: {printer.url} (ESC/POS)."
    fault = printer.fault()
    lines = [f"Simulated receipt printer, writing to {printer.directory}"
             + (f" — FAULT: {fault}" if fault else " — ready")]
    slips = sorted(printer.directory.glob("slip-*.txt"))[-last:]
    if not slips:
        lines.append("It has printed nothing yet.")
    for path in slips:
        lines += ["", f"--- {path.name}", path.read_text(encoding="utf-8").rstrip()]
    return "\n".join(lines)
