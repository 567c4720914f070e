"""The round document: rebuilding a round from it and recomputing its settlement.

A document is what :meth:`LetItRideRound.to_document` wrote. :func:`settle_document` trusts
nothing in it but the configuration snapshot and the records: it replays the records on a fresh
round (every action verified again), recomputes the settlement and compares it with the payments
the document claims, so a supervisor can check any past round (``dealer-station settle``).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from dealer_station.games.let_it_ride.config import config_from_mapping
from dealer_station.games.let_it_ride.round import GAME, LetItRideRound
from dealer_station.procedure import JSONValue, ProcedureError, Record, payment_differences, replay
from dealer_station.sensing import unsettled_sensed_chips

__all__ = ["round_from_document", "settle_document"]


def round_from_document(doc: Mapping[str, Any]) -> LetItRideRound:
    """A fresh round made from the document's configuration snapshot with its records replayed.
    Raises ``ValueError`` (a :class:`ConfigError` or :class:`ProcedureError` is one too, or is
    reported as one) when the document is not a Let It Ride round or does not replay."""
    if doc.get("game") != GAME:
        raise ValueError(f"not a Let It Ride round document (game {doc.get('game')!r})")
    if "config" not in doc or "records" not in doc:
        raise ValueError("the round document has no configuration snapshot or no records")
    round_ = LetItRideRound(config_from_mapping(doc["config"]))
    try:
        records = [Record.from_json(r) for r in doc["records"]]
        replay(round_, records)
    except (KeyError, TypeError) as error:
        raise ValueError(f"the round document's records are malformed: {error}") from None
    return round_


def settle_document(doc: Mapping[str, Any]) -> dict[str, JSONValue]:
    """Recompute a Let It Ride round's settlement from its document.

    Returns ``game``, ``complete``, ``void``, ``phase``, ``community`` (the community cards),
    ``decisions`` (bet one and bet two at each position), ``results`` (each hand judged again),
    ``payments`` (recomputed, in order), ``totals`` (chips in, chips out, house result),
    ``matches`` (whether the document's own payments agree) and ``differences`` (lines that
    differ, and each bonus chip sensed at the lockout the document neither settled nor
    returned).
    """
    try:
        round_ = round_from_document(doc)
    except ProcedureError as error:
        raise ValueError(f"the round document does not replay: {error}") from None
    recomputed = [p.to_json() for p in round_.payments]
    claimed = list(doc.get("payments", []))
    differences = payment_differences(recomputed, claimed)
    if round_.is_complete:  # every bonus chip sensed at the lockout settled or returned
        differences += unsettled_sensed_chips(round_.history, claimed, "bonus",
                                              "announce_no_more_bets", "bonus_positions")
    full = round_.to_document()
    return {
        "game": GAME,
        "complete": round_.is_complete,
        "void": round_.is_void,
        "phase": round_.phase.value,
        "community": full["cards"]["community"],
        "decisions": full["decisions"],
        "results": full["results"],
        "payments": recomputed,
        "totals": round_.totals(),
        "matches": not differences,
        "differences": differences,
    }
