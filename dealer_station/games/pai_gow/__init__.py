"""Pai Gow Poker (9 NYCRR 5324.41): the rules core, without Qt.

* :mod:`.config`: the table's configuration, validated with the clause an illegal one breaks;
* :mod:`.positions`: the six betting positions, the dealer, clockwise and counter-clockwise;
* :mod:`.dealing`: starting position, seven-card stacks of each dealing method, stacks of three
  then four, the cut rotation;
* :mod:`.house_way`: the house-way engine (rules as data in ``resources/house_ways/``);
* :mod:`.setting`: player settings, fouls, win/lose/push against the banker;
* :mod:`.settlement`: payments, vigorish, the bank's settlement through the centre;
* :mod:`.banking`: player banking and co-banking, and the :class:`TableContext` between rounds;
* :mod:`.round`: :class:`PaiGowRound`, the round as a state machine of verified actions;
* :mod:`.document`: :func:`settle_document` recomputes a round from its document;
* :mod:`.wagers`: the optional wagers of (k)-(p).
"""

from __future__ import annotations

from dealer_station.games.pai_gow.banking import TableContext
from dealer_station.games.pai_gow.config import (
    ConfigError,
    PaiGowConfig,
    config_from_mapping,
    default_config,
    load_config,
)
from dealer_station.games.pai_gow.document import round_from_document, settle_document
from dealer_station.games.pai_gow.house_way import set_hand
from dealer_station.games.pai_gow.round import GAME, PaiGowRound, Phase

__all__ = [
    "GAME",
    "ConfigError",
    "PaiGowConfig",
    "PaiGowRound",
    "Phase",
    "TableContext",
    "config_from_mapping",
    "default_config",
    "load_config",
    "round_from_document",
    "set_hand",
    "settle_document",
]
