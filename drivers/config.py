"""The table's devices in its configuration: a ``[devices]`` table naming each device by URL
(``docs/protocol.md``, "Configuration"). No ``[devices]`` table, or one naming no device,
means no hardware is configured (the application then starts the simulated table).

>>> config = parse_device_config({
...     "shoe": {"url": "/dev/ttyUSB0", "address": 1, "stack_size": 7, "deck_size": 53},
...     "acceptors": {"url": "/dev/ttyUSB1", "first_address": 16, "seats": 6},
...     "lockout": {"url": "usb://1209:5303"},
... })
>>> config.shoe.stack_size, config.acceptors.addresses[6], config.lockout.address
(7, 21, 1)
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from drivers.protocol.codes import Family

__all__ = ["DeviceConfig", "DeviceSpec", "LinkSettings", "parse_device_config"]


@dataclass(frozen=True, slots=True)
class LinkSettings:
    """How the manager talks to and watches the lines (seconds)."""

    timeout: float = 0.15
    retries: int = 3
    poll_interval: float = 0.02
    heartbeat: float = 1.0
    backoff_initial: float = 0.1
    backoff_max: float = 5.0
    baudrate: int = 115200


@dataclass(frozen=True, slots=True)
class DeviceSpec:
    """One configured device: its name, family, URL and address(es) (by seat for acceptors)."""

    name: str
    family: Family
    url: str
    address: int = 1
    addresses: Mapping[int, int] = field(default_factory=dict)
    stack_size: int = 3
    deck_size: int = 52


@dataclass(frozen=True, slots=True)
class DeviceConfig:
    shoe: DeviceSpec | None = None
    acceptors: DeviceSpec | None = None
    lockout: DeviceSpec | None = None
    settings: LinkSettings = LinkSettings()
    #: The lockout controller's lock also locks the bet acceptors.
    lockout_locks_acceptors: bool = True

    @property
    def specs(self) -> tuple[DeviceSpec, ...]:
        return tuple(s for s in (self.shoe, self.acceptors, self.lockout) if s is not None)

    @property
    def empty(self) -> bool:
        """No hardware is configured."""
        return not self.specs


def _int(table: Mapping[str, Any], key: str, default: int, low: int, high: int) -> int:
    value = table.get(key, default)
    if not isinstance(value, int) or not low <= value <= high:
        raise ValueError(f"devices: {key} = {value!r} must be a whole number {low}-{high}")
    return value


def _url(name: str, table: Mapping[str, Any]) -> str:
    url = table.get("url")
    if not isinstance(url, str) or not url:
        raise ValueError(f"devices.{name}: a url is required (e.g. /dev/ttyUSB0, usb://VID:PID)")
    return url


def parse_device_config(table: Mapping[str, Any] | None) -> DeviceConfig:
    """Read the ``[devices]`` table of a table configuration; raises ValueError with the
    offending key."""
    table = table or {}
    known = {f for f in LinkSettings.__dataclass_fields__}
    settings = LinkSettings(**{k: v for k, v in table.items() if k in known})
    shoe = acceptors = lockout = None
    if "shoe" in table:
        t = table["shoe"]
        shoe = DeviceSpec(
            "shoe",
            Family.SHOE,
            _url("shoe", t),
            address=_int(t, "address", 1, 1, 254),
            stack_size=_int(t, "stack_size", 3, 3, 7),
            deck_size=_int(t, "deck_size", 52, 52, 53),
        )
        if shoe.stack_size not in (3, 4, 7):
            raise ValueError("devices.shoe: stack_size must be 3, 4 or 7")
    if "acceptors" in table:
        t = table["acceptors"]
        if "addresses" in t:
            addresses = {int(seat): int(addr) for seat, addr in dict(t["addresses"]).items()}
        else:
            first = _int(t, "first_address", 16, 1, 254)
            seats = _int(t, "seats", 7, 1, 12)
            addresses = {seat: first + seat - 1 for seat in range(1, seats + 1)}
        if not addresses or not all(1 <= a <= 254 for a in addresses.values()):
            raise ValueError("devices.acceptors: addresses must be 1-254")
        if len(set(addresses.values())) != len(addresses):
            raise ValueError("devices.acceptors: two seats share an address")
        acceptors = DeviceSpec(
            "acceptors", Family.ACCEPTOR, _url("acceptors", t), addresses=addresses
        )
    if "lockout" in table:
        t = table["lockout"]
        lockout = DeviceSpec(
            "lockout", Family.LOCKOUT, _url("lockout", t), address=_int(t, "address", 1, 1, 254)
        )
    return DeviceConfig(
        shoe,
        acceptors,
        lockout,
        settings,
        bool(table.get("lockout_locks_acceptors", True)),
    )
