"""Preview controllers: a scripted round's controller on a journal-less station, with the
simulated table's device health, for the screenshot command, the scenes and the tests."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from dealer_station.games.registry import game_factory
from dealer_station.preview import scripts
from dealer_station.preview.memory_station import MemoryStation
from dealer_station.table_config import load_table_config
from dealer_station.ui.adapters import adapter_for, ensure_game
from dealer_station.ui.controller import DeviceState, TableController
from drivers.manager import DeviceManager
from drivers.sim.table import start_simulated_table

__all__ = ["preview_controller", "script_for"]


def script_for(game: str) -> Any:
    if game == "let_it_ride":
        return scripts.LetItRideScript()
    return scripts.PaiGowScript()


def _simulated_health(game: str) -> tuple[Any, ...]:
    """The health of the simulated table's devices, as their manager reports it."""
    table = start_simulated_table(game, "memory")
    manager = DeviceManager(table.config())
    try:
        manager.start()
        manager.wait_online(5.0)
        return tuple(manager.health().values())
    finally:
        manager.stop()
        table.close()


def preview_controller(game: str, *, devices: bool = True,
                       overrides: Mapping[str, Mapping[str, Any]] | None = None
                       ) -> TableController:
    """A controller on a journal-less station for ``game`` (``let_it_ride`` / ``pai_gow``);
    ``overrides`` replace keys of the shipped configuration's tables (``{"table": {...}}``)."""
    setup = load_table_config(game=game)
    for section, values in (overrides or {}).items():
        setup.settings[section] = {**setup.settings.get(section, {}), **values}
    ensure_game(game)
    factory = game_factory(game)
    station = MemoryStation(lambda: factory(setup.settings))
    controller = TableController(station, adapter_for(game, setup.settings),
                                 DeviceState(shoe_reads_cards=True))
    if devices:
        controller.note_health(_simulated_health(game))
    return controller


