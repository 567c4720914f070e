"""Game adapters: the game-specific half of the dealer's screen (what the felt shows of a round,
which buttons a step has and which round action each performs, what the dealer must enter).

>>> adapter_for("let_it_ride").game
'let_it_ride'
"""

from __future__ import annotations

from typing import Any

from dealer_station.ui.adapters.base import GameAdapter

__all__ = ["adapter_for", "ensure_game"]


def ensure_game(game: str) -> None:
    """Make sure the station can make rounds of ``game``: the game's own ``station_round``
    registers it; until Pai Gow ships one, its core round (no bonus wagers) is registered here."""
    from dealer_station.station import game_factory, register_game

    try:
        game_factory(game)
    except ValueError:
        if game != "pai_gow":
            raise
        from dealer_station.ui.adapters.pai_gow import core_round

        register_game(game, core_round)


def adapter_for(game: str, settings: dict[str, Any] | None = None) -> GameAdapter[Any]:
    """The adapter for ``game`` (``let_it_ride`` or ``pai_gow``) and its table settings."""
    if game == "let_it_ride":
        from dealer_station.ui.adapters.let_it_ride import LetItRideAdapter

        return LetItRideAdapter(settings or {})
    if game == "pai_gow":
        from dealer_station.ui.adapters.pai_gow import PaiGowAdapter

        return PaiGowAdapter(settings or {})
    raise ValueError(f"no screen for game {game!r}")
