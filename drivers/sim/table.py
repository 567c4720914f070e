"""A full simulated table in one call: the shoe, one bet acceptor per seat on a shared line
and the lockout controller, for a game, served on pseudo-terminals, TCP ports, the simulated
USB bus or in process.

* ``let_it_ride``: shoe dealing 3-card stacks from 52 cards, 7 acceptors, lockout;
* ``pai_gow``: shoe dealing 7-card stacks from 53 cards (the joker; 3- or 4-card stacks
  can be configured for the three-card bonus), 6 acceptors, lockout.

>>> table = start_simulated_table("pai_gow", transport="memory")
>>> config = table.config()
>>> config.shoe.stack_size, config.shoe.deck_size, len(config.acceptors.addresses)
(7, 53, 6)
>>> table.close()
"""

from __future__ import annotations

import itertools
import os
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from drivers.config import DeviceConfig, parse_device_config
from drivers.sim.backdoor import Backdoor
from drivers.sim.models import AcceptorModel, DeviceModel, LockoutModel, ShoeModel
from drivers.sim.serve import SimServer, serve_in_process, serve_pty, serve_tcp, serve_usb

__all__ = [
    "GAMES",
    "TRANSPORTS",
    "GameDevices",
    "SimulatedTable",
    "devices_or_simulation",
    "start_simulated_table",
]

TRANSPORTS = ("pty", "tcp", "usb", "memory")
SHOE_ADDRESS = 1
LOCKOUT_ADDRESS = 1
FIRST_ACCEPTOR_ADDRESS = 0x10
USB_VENDOR = 0x1209
USB_PRODUCTS = {"shoe": 0x5301, "acceptors": 0x5302, "lockout": 0x5303}
_tables = itertools.count(1)


@dataclass(frozen=True, slots=True)
class GameDevices:
    stack_size: int
    deck_size: int
    seats: int


GAMES: dict[str, GameDevices] = {
    "let_it_ride": GameDevices(stack_size=3, deck_size=52, seats=7),
    "pai_gow": GameDevices(stack_size=7, deck_size=53, seats=6),
}


class SimulatedTable:
    """The running simulated devices of one table. ``servers`` by line name, the models
    (``shoe``, ``acceptors`` by seat, ``lockout``), ``backdoor`` for faults and actions."""

    def __init__(
        self, game: str, transport: str = "pty", *, seed: int | None = None, tag: str | None = None
    ) -> None:
        if game not in GAMES:
            raise ValueError(f"unknown game {game!r}: {', '.join(GAMES)}")
        if transport not in TRANSPORTS:
            raise ValueError(f"unknown transport {transport!r}: {', '.join(TRANSPORTS)}")
        self.game = game
        self.transport = transport
        self.layout = GAMES[game]
        self.tag = tag or f"{os.getpid()}-{next(_tables)}"
        self.shoe = ShoeModel(
            serial_number=f"SIM-{self.tag}-SHOE",
            stack_size=self.layout.stack_size,
            deck_size=self.layout.deck_size,
            seed=seed,
        )
        self.acceptors = {
            seat: AcceptorModel(serial_number=f"SIM-{self.tag}-SEAT{seat}")
            for seat in range(1, self.layout.seats + 1)
        }
        self.lockout = LockoutModel(serial_number=f"SIM-{self.tag}-LOCKOUT")
        lines: dict[str, Mapping[int, DeviceModel]] = {
            "shoe": {SHOE_ADDRESS: self.shoe},
            "acceptors": {
                FIRST_ACCEPTOR_ADDRESS + seat - 1: model for seat, model in self.acceptors.items()
            },
            "lockout": {LOCKOUT_ADDRESS: self.lockout},
        }
        self.servers: dict[str, SimServer] = {}
        try:
            for name, models in lines.items():
                self.servers[name] = self._serve(name, models)
        except BaseException:
            self.close()
            raise
        self.backdoor = Backdoor(self)

    def _serve(self, name: str, models: Mapping[int, DeviceModel]) -> SimServer:
        if self.transport == "pty":
            return serve_pty(models)
        if self.transport == "tcp":
            return serve_tcp(models)
        if self.transport == "usb":
            return serve_usb(
                models,
                vendor_id=USB_VENDOR,
                product_id=USB_PRODUCTS[name],
                serial_number=f"SIM-{self.tag}-{name.upper()}",
            )
        return serve_in_process(models, f"sim-{self.tag}-{name}")

    @property
    def urls(self) -> dict[str, str]:
        return {name: server.url for name, server in self.servers.items()}

    def model(self, device: str, seat: int | None = None) -> DeviceModel:
        if device == "shoe":
            return self.shoe
        if device == "lockout":
            return self.lockout
        if device == "acceptors" and seat is not None:
            return self.acceptors[seat]
        raise ValueError(f"no simulated {device}" + (f" at seat {seat}" if seat else ""))

    def device_table(self) -> dict[str, Any]:
        """The ``[devices]`` table of a configuration that names these devices."""
        return {
            "shoe": {
                "url": self.servers["shoe"].url,
                "address": SHOE_ADDRESS,
                "stack_size": self.layout.stack_size,
                "deck_size": self.layout.deck_size,
            },
            "acceptors": {
                "url": self.servers["acceptors"].url,
                "first_address": FIRST_ACCEPTOR_ADDRESS,
                "seats": self.layout.seats,
            },
            "lockout": {"url": self.servers["lockout"].url, "address": LOCKOUT_ADDRESS},
        }

    def config(self, **settings: Any) -> DeviceConfig:
        """The device configuration for a :class:`~drivers.manager.DeviceManager`."""
        return parse_device_config({**self.device_table(), **settings})

    def close(self) -> None:
        for server in self.servers.values():
            server.close()

    def __enter__(self) -> SimulatedTable:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def start_simulated_table(
    game: str, transport: str = "pty", *, seed: int | None = None
) -> SimulatedTable:
    """Start a full simulated table for ``game`` (``let_it_ride`` or ``pai_gow``)."""
    return SimulatedTable(game, transport, seed=seed)


def devices_or_simulation(
    devices: Mapping[str, Any] | None, game: str, transport: str = "memory"
) -> tuple[DeviceConfig, SimulatedTable | None]:
    """What the application opens: the configured hardware, or, when the configuration names
    no device, a simulated table for the game (returned so it can be closed and driven).

    >>> config, sim = devices_or_simulation({}, "let_it_ride")
    >>> sim is not None and config.shoe.url.startswith("memory://")
    True
    >>> sim.close()
    """
    config = parse_device_config(devices)
    if not config.empty:
        return config, None
    table = start_simulated_table(game, transport)
    settings = {k: v for k, v in (devices or {}).items() if not isinstance(v, Mapping)}
    return table.config(**settings), table
