"""Let It Ride poker (9 NYCRR 5324.34): configuration, the round procedure, settlement.

* :mod:`.paytables`: the regulation's pay tables (f)(1), (f)(3), (f)(4) A-F as data;
* :mod:`.config`: the table's configuration, validated with the clause an illegal one breaks;
* :mod:`.phases`: the phases and the dealing orders of (d)(1) and (d)(2);
* :mod:`.round`: :class:`LetItRideRound`, the round as a state machine of verified actions;
* :mod:`.steps`: the dealer's :class:`~dealer_station.procedure.Step` at each phase;
* :mod:`.settlement`: judging hands and settling wagers;
* :mod:`.document`: :func:`settle_document` recomputes a round's settlement from its document;
* :mod:`.station_round`: ``new_round(settings)`` for the station's game registry;
* :mod:`.autoplay`: driving a round from a known deck (simulator, analysis, tests).
"""

from __future__ import annotations

from dealer_station.games.let_it_ride.config import (
    ConfigError,
    Dealing,
    ExposedCardRule,
    LetItRideConfig,
    config_from_mapping,
    default_config,
    dumps_config,
    load_config,
    loads_config,
)
from dealer_station.games.let_it_ride.document import round_from_document, settle_document
from dealer_station.games.let_it_ride.phases import Phase
from dealer_station.games.let_it_ride.round import GAME, LetItRideRound

__all__ = [
    "GAME",
    "ConfigError",
    "Dealing",
    "ExposedCardRule",
    "LetItRideConfig",
    "LetItRideRound",
    "Phase",
    "config_from_mapping",
    "default_config",
    "dumps_config",
    "load_config",
    "loads_config",
    "round_from_document",
    "settle_document",
]
