"""Pai Gow Poker (9 NYCRR 5324.41): the rules core, without Qt.

* :mod:`.config`: the table's configuration, validated with the clause an illegal one breaks;
* :mod:`.positions`: the six betting positions, the dealer, clockwise and counter-clockwise;
* :mod:`.dealing`: starting position, seven-card stacks of each dealing method, stacks of three
  then four, the cut rotation;
* :mod:`.house_way`: the house-way engine (rules as data in ``resources/house_ways/``);
* :mod:`.setting`: player settings, fouls, win/lose/push against the banker;
* :mod:`.settlement`: payments, vigorish, the bank's settlement through the centre;
* :mod:`.banking`: player banking and co-banking, and the :class:`TableContext` between rounds;
* :mod:`.phases`: the phases of a round, in the regulation's order;
* :mod:`.round`: :class:`PaiGowRound`, the round as a state machine of verified actions (its
  optional wagers, when offered, a part it holds: :mod:`.wagers.part`; their actions as the
  round's own: :mod:`.optional_actions`);
* :mod:`.steps`: what the dealer is told in each phase (one builder per phase);
* :mod:`.document`: :func:`round_from_document` reads any Pai Gow round back from its document,
  :func:`settle_document` recomputes its settlement;
* :mod:`.wagers`: the optional wagers of (k)-(p).
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
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

# Loaded on first use (PEP 562), not when any submodule is imported: ``dealer-station hand``
# needs the house way alone, not the round, the banking or the documents.
_WHERE = {
    "TableContext": "banking",
    "ConfigError": "config",
    "PaiGowConfig": "config",
    "config_from_mapping": "config",
    "default_config": "config",
    "load_config": "config",
    "round_from_document": "document",
    "settle_document": "document",
    "set_hand": "house_way",
    "GAME": "round",
    "PaiGowRound": "round",
    "Phase": "round",
}


def __getattr__(name: str) -> Any:
    """The package's names, each imported from its module when first asked for."""
    module = _WHERE.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(f"{__name__}.{module}"), name)
    globals()[name] = value
    return value


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
