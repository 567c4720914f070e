"""The station's entry to Let It Ride: a fresh round from the table's configuration settings
(the mapping of ``resources/let_it_ride.toml``), refused with the clause if the settings are
illegal. Registered by :mod:`dealer_station.station` as ``let_it_ride``.

>>> new_round({"table": {"dealing": "manual"}}).step.phase
'betting'
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from dealer_station.games.let_it_ride.actions import ACTIONS
from dealer_station.games.let_it_ride.config import config_from_mapping
from dealer_station.games.let_it_ride.round import LetItRideRound

#: ``ACTIONS``: the round's typed actions by name, through which the station reads an action
#: given by name (the games' registry finds them here).
__all__ = ["ACTIONS", "new_round"]


def new_round(settings: Mapping[str, Any]) -> LetItRideRound:
    """A new round at a table configured by ``settings`` (validated: :class:`ConfigError`)."""
    return LetItRideRound(config_from_mapping(settings))
