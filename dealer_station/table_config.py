"""A table's configuration file (TOML): the game, its settings, its ``[devices]`` and its
``[floor]`` tables; the shipped default of each game when no file is given. No Qt: the dealer's
screen, the supervisor's configuration page, ``dealer-station check`` and ``slips`` read it alike
(issue 15).
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from dealer_station.inputs import load_toml
from dealer_station.resources_path import resource_path

__all__ = ["DEFAULT_CONFIGS", "TableSetup", "load_table_config", "validate_table_setup"]

#: The configuration shipped for each game, used when ``--config`` is not given.
DEFAULT_CONFIGS = {"let_it_ride": "let_it_ride.toml", "pai_gow": "pai_gow.toml"}


class TableSetup:
    """The game, its settings (the configuration less ``game`` and ``devices``) and the
    ``[devices]`` table of a table configuration."""

    def __init__(self, game: str, settings: Mapping[str, Any],
                 devices: Mapping[str, Any] | None,
                 floor: Mapping[str, Any] | None = None) -> None:
        self.game = game
        self.settings = dict(settings)
        self.devices = dict(devices or {})
        #: The ``[floor]`` table (docs/floor.md); None: the station runs alone.
        self.floor = dict(floor) if floor is not None else None


def load_table_config(path: str | Path | None = None, game: str | None = None) -> TableSetup:
    """Read a table configuration (TOML). ``game = "pai_gow"`` at the top names the game; a file
    without it is the game ``game`` (default Let It Ride). No file: the shipped default.

    >>> setup = load_table_config(game="let_it_ride")
    >>> setup.game, "table" in setup.settings, setup.devices
    ('let_it_ride', True, {})
    """
    if path is None:
        game = game or "let_it_ride"
        path = resource_path(DEFAULT_CONFIGS[game])
    document = load_toml(path)
    name = str(document.pop("game", game or "let_it_ride")).replace("-", "_")
    if name not in DEFAULT_CONFIGS:
        raise ValueError(f"{path}: unknown game {name!r} (let_it_ride or pai_gow)")
    devices = document.pop("devices", None)
    floor = document.pop("floor", None)
    return TableSetup(name, document, devices, floor)


def validate_table_setup(setup: TableSetup) -> None:
    """Raise ValueError (with the clause) unless the table can start from ``setup``: the game
    makes a round from its settings (the station's own test), the ``[devices]`` table parses
    and so does the ``[floor]`` table. The one validation of a configuration file: the start
    of the dealer's screen and ``dealer-station --check`` both call it, so the check before
    every start of the kiosk unit answers as the start would."""
    # deferred on purpose: the games, drivers and floor load only when a file is validated
    from dealer_station.floor.config import parse_floor_config
    from dealer_station.games.registry import game_factory
    from drivers.config import parse_device_config

    if not isinstance(setup.devices, Mapping):
        raise ValueError("[devices] must be a table")
    game_factory(setup.game)(dict(setup.settings))
    parse_device_config(setup.devices)
    parse_floor_config(setup.floor)
