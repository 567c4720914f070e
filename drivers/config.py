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
    #: While the line is active (an event taken or a command sent in the last
    #: ``active_window`` seconds: chips landing while wagers are made) the idle time between
    #: polls is ``active_poll_interval``, so an event waits less for its poll; a quiet line goes
    #: back to ``poll_interval`` and its idle processor.
    active_poll_interval: float = 0.005
    active_window: float = 2.0


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
    #: The automated shoe reads the cards it deals (false: the dealer enters each stack by hand).
    shoe_reads_cards: bool = True

    @property
    def specs(self) -> tuple[DeviceSpec, ...]:
        return tuple(s for s in (self.shoe, self.acceptors, self.lockout) if s is not None)

    @property
    def empty(self) -> bool:
        """No hardware is configured."""
        return not self.specs


#: The keys each device's table may hold (anything else is a typo the station must not ignore).
_DEVICE_KEYS = {
    "shoe": {"url", "address", "stack_size", "deck_size"},
    "acceptors": {"url", "first_address", "seats", "addresses"},
    "lockout": {"url", "address"},
    # the receipt printer of the jackpot slips (dealer_station.slips), not a polled device
    "printer": {"url"},
}
_SETTING_KEYS = set(LinkSettings.__dataclass_fields__)
_TOP_KEYS = set(_DEVICE_KEYS) | _SETTING_KEYS | {"lockout_locks_acceptors", "shoe_reads_cards"}


def _int(table: Mapping[str, Any], key: str, default: int, low: int, high: int) -> int:
    value = table.get(key, default)
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise ValueError(f"devices: {key} = {value!r} must be a whole number {low}-{high}")
    return value


def _unknown(where: str, keys: Any, known: set[str]) -> None:
    extra = sorted(str(k) for k in keys if k not in known)
    if extra:
        raise ValueError(
            f"{where}: unknown key(s) {', '.join(extra)} (known: {', '.join(sorted(known))})"
        )


def _settings(table: Mapping[str, Any]) -> LinkSettings:
    """The link settings, each checked: a wrong type or range is refused, never used."""
    values: dict[str, Any] = {}
    for key in _SETTING_KEYS & set(table):
        value = table[key]
        if key in ("retries", "baudrate"):
            low = 0 if key == "retries" else 300
            high = 20 if key == "retries" else 4_000_000
            values[key] = _int(table, key, 0, low, high)
            continue
        if isinstance(value, bool) or not isinstance(value, int | float):
            raise ValueError(f"devices: {key} = {value!r} must be a number of seconds")
        # 0 polls continuously or never speeds polling up; the rest must be > 0
        positive = key not in ("poll_interval", "active_poll_interval", "active_window")
        if value < 0 or (positive and value == 0) or value > 3600:
            bound = "more than 0" if positive else "0 or more"
            raise ValueError(f"devices: {key} = {value!r} must be {bound} and at most 3600 s")
        values[key] = float(value)
    settings = LinkSettings(**values)
    if settings.backoff_initial > settings.backoff_max:
        raise ValueError("devices: backoff_initial must not exceed backoff_max")
    return settings


def _url(name: str, table: Mapping[str, Any]) -> str:
    url = table.get("url")
    if not isinstance(url, str) or not url:
        raise ValueError(f"devices.{name}: a url is required (e.g. /dev/ttyUSB0, usb://VID:PID)")
    return url


def parse_device_config(table: Mapping[str, Any] | None) -> DeviceConfig:
    """Read the ``[devices]`` table of a table configuration; raises ValueError with the
    offending key."""
    table = table or {}
    _unknown("devices", table, _TOP_KEYS)
    for name, keys in _DEVICE_KEYS.items():
        if name in table:
            if not isinstance(table[name], Mapping):
                raise ValueError(f"devices.{name} must be a table (url = ..., address = ...)")
            _unknown(f"devices.{name}", table[name], keys)
    settings = _settings(table)
    follow = table.get("lockout_locks_acceptors", True)
    if not isinstance(follow, bool):
        raise ValueError(f"devices: lockout_locks_acceptors = {follow!r} must be true or false")
    reads = table.get("shoe_reads_cards", True)
    if not isinstance(reads, bool):
        raise ValueError(f"devices: shoe_reads_cards = {reads!r} must be true or false")
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
            try:
                addresses = {int(seat): int(addr) for seat, addr in dict(t["addresses"]).items()}
            except (TypeError, ValueError) as error:
                raise ValueError(
                    "devices.acceptors: addresses = { 1 = 16, 2 = 17, ... } (seat = address)"
                ) from error
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
        follow,
        reads,
    )
