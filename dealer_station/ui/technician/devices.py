"""The technician's device list (Qt-free view-model): each device's identity, firmware, link
state and error counters, from the device manager's health and its lines' counters.

>>> row = DeviceRow("acceptors", 3, "SIM-1-SEAT3", "BA-7", "1.2.0", "online", "",
...                 (), {"retries": 2, "timeouts": 0, "bad_crc": 1})
>>> row.subject, row.errors_text
('acceptors seat 3', 'retries 2 · bad crc 1')
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from dealer_station.ui.view import DEVICE_NAMES
from drivers.device import DeviceDriver
from drivers.manager import DeviceManager

__all__ = ["ERROR_COUNTERS", "DeviceRow", "device_rows", "fitted_widths"]

#: The line counters that count trouble (requests are not errors).
ERROR_COUNTERS = ("retries", "timeouts", "naks", "stale_frames", "link_downs", "garbage_bytes",
                  "bad_crc", "oversized", "broken", "events_lost", "events_out_of_order",
                  "events_repeated", "event_numbers_refused", "numbering_restarts",
                  "events_undecodable")


@dataclass(frozen=True, slots=True)
class DeviceRow:
    """One device (one seat's acceptor) as the technician sees it."""

    device: str
    seat: int | None
    serial: str
    model: str
    firmware: str
    link: str
    detail: str
    faults: tuple[str, ...]
    counters: Mapping[str, int] = field(default_factory=dict)

    @property
    def subject(self) -> str:
        return f"{self.device} seat {self.seat}" if self.seat is not None else self.device

    @property
    def errors_text(self) -> str:
        shown = [f"{name.replace('_', ' ')} {self.counters[name]}" for name in ERROR_COUNTERS
                 if self.counters.get(name)]
        return " · ".join(shown) or "none"

    def to_json(self) -> dict[str, Any]:
        return {"device": self.device, "seat": self.seat, "serial": self.serial,
                "model": self.model, "firmware": self.firmware, "link": self.link,
                "detail": self.detail, "faults": list(self.faults),
                "counters": dict(self.counters)}


def device_rows(manager: DeviceManager | None) -> list[DeviceRow]:
    """Every configured device from ``manager`` (a :class:`drivers.manager.DeviceManager`):
    call on the thread that owns it. Drivers' event counters are added to the line's."""
    if manager is None:
        return []
    drivers: dict[tuple[str, int | None], DeviceDriver] = {}
    if manager.shoe is not None:
        drivers[("shoe", None)] = manager.shoe
    if manager.acceptors is not None:
        for acceptor in manager.acceptors:
            drivers[("acceptors", acceptor.seat)] = acceptor
    if manager.lockout is not None:
        drivers[("lockout", None)] = manager.lockout
    health = manager.health()
    rows = []
    # in the guide's order (shoe, acceptors, lockout controller), as the dealer's top bar: in
    # the alphabet's the shoe was the last row, out of view at 1280x800, and a shoe that was
    # listed first while jammed dropped there the moment its fault was cleared
    rank = {name: index for index, name in enumerate(DEVICE_NAMES)}
    for key in sorted(set(health) | set(drivers),
                      key=lambda k: (rank.get(k[0], len(rank)), k[0], k[1] or 0)):
        item = health.get(key)
        driver = drivers.get(key)
        identity = (item.identity if item is not None and item.identity is not None
                    else driver.identity if driver is not None else None)
        counters: dict[str, int] = dict(item.counters) if item is not None else {}
        if driver is not None:
            counters.update(driver.event_counters.as_dict())
        rows.append(DeviceRow(
            device=key[0],
            seat=key[1],
            serial=identity.serial_number if identity else "-",
            model=f"{identity.vendor} {identity.model}" if identity else "-",
            firmware=(f"{identity.firmware_version} (crc {identity.firmware_crc:04X})"
                      if identity else "-"),
            link=item.state.value if item is not None else "unknown",
            detail=item.detail if item is not None else "",
            faults=tuple(f.label for f in item.faults) if item is not None else (),
            counters=counters,
        ))
    return rows


def fitted_widths(natural: list[int], least: list[int], available: int,
                  keep: frozenset[int] = frozenset()) -> list[int]:
    """Column widths that fit ``available`` pixels without sideways scrolling: each column at
    its ``natural`` width when they all fit; else the widest columns (but those in ``keep``,
    words that cannot wrap, such as a serial number) narrowed to one common width — their words
    wrap onto more lines — never below their ``least`` (the heading's width).

    >>> fitted_widths([100, 50, 300, 250], [40, 40, 60, 60], 700)
    [100, 50, 300, 250]
    >>> fitted_widths([100, 50, 300, 250], [40, 40, 60, 60], 500, keep=frozenset({0}))
    [100, 50, 175, 175]
    >>> fitted_widths([100, 50, 300, 250], [40, 40, 120, 100], 300)
    [40, 40, 120, 100]
    """
    widths = list(natural)
    if sum(widths) <= available:
        return widths
    narrowed = [i for i in range(len(widths)) if i not in keep]
    room = available - sum(widths[i] for i in keep)

    def width(i: int, cap: int) -> int:
        return max(least[i], min(natural[i], cap))

    low, high = 0, max(natural)  # the largest common width that fits
    while low < high:
        cap = (low + high + 1) // 2
        if sum(width(i, cap) for i in narrowed) <= room:
            low = cap
        else:
            high = cap - 1
    for i in narrowed:
        widths[i] = width(i, low)
    return widths
