"""The round document: rebuilding a Pai Gow Poker round from it and recomputing its settlement.

:func:`settle_document` trusts nothing in a document but its configuration snapshot, its table
context and its records: the records are replayed on a fresh round (every action verified again),
the settlement recomputed and compared with the payments the document claims
(``dealer-station settle``).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from dealer_station.games.pai_gow.banking import TableContext
from dealer_station.games.pai_gow.config import config_from_mapping
from dealer_station.games.pai_gow.round import GAME, BonusSettlementHook, PaiGowRound
from dealer_station.procedure import (
    GameRound,
    JSONValue,
    ProcedureError,
    Record,
    payment_differences,
    replay,
)

__all__ = ["round_from_document", "settle_document"]


def round_from_document(
    doc: Mapping[str, Any], *, bonus_settlement: BonusSettlementHook | None = None
) -> PaiGowRound:
    """A fresh round made from the document's configuration and context with its records
    replayed (``bonus_settlement``: the optional wagers' hook, as the round was made with).
    Raises ``ValueError`` when the document is not a Pai Gow round or does not replay (a
    :class:`ProcedureError` escapes as is)."""
    if doc.get("game") != GAME:
        raise ValueError(f"not a Pai Gow Poker round document (game {doc.get('game')!r})")
    if "config" not in doc or "records" not in doc:
        raise ValueError("the round document has no configuration snapshot or no records")
    try:
        round_ = PaiGowRound(
            config_from_mapping(doc["config"]),
            TableContext.from_json(doc.get("context", {})),
            bonus_settlement=bonus_settlement,
        )
        records = [Record.from_json(r) for r in doc["records"]]
        if PaiGowRound.records_in_legacy_order(records):  # recorded before players_have_set
            round_.accept_legacy_order()
        replay(round_, records)
    except (KeyError, TypeError) as error:
        raise ValueError(f"the round document's records are malformed: {error}") from None
    return round_


def settle_document(doc: Mapping[str, Any]) -> dict[str, JSONValue]:
    """Recompute a Pai Gow Poker round's settlement from its document.

    Returns ``game``, ``complete``, ``phase``, ``results``, ``payments`` (recomputed, in order),
    ``net`` (each party's result; they sum to zero), ``matches`` (whether the document's own
    payments agree) and ``differences``. A round with the optional wagers (its document has a
    ``"bonus"`` section) is recomputed by the wagers package.
    """
    if "bonus" in doc:
        from dealer_station.games.pai_gow.wagers.bonus_round import settle_bonus_document

        return settle_bonus_document(doc)
    try:
        round_ = round_from_document(doc)
    except ProcedureError as error:
        raise ValueError(f"the round document does not replay: {error}") from None
    return settlement_summary(round_, doc, round_.phase.value)


def settlement_summary(round_: GameRound, doc: Mapping[str, Any],
                       phase: str) -> dict[str, JSONValue]:
    """What ``dealer-station settle`` prints for a Pai Gow round replayed from ``doc`` (with or
    without the optional wagers) and standing at ``phase``: its results, the payments recomputed
    in order, each party's net, and where the document's own payments differ."""
    recomputed = [p.to_json() for p in round_.payments]
    differences = payment_differences(recomputed, list(doc.get("payments", [])))
    full = round_.to_document()
    return {
        "game": GAME,
        "complete": round_.is_complete,
        "phase": phase,
        "results": full["results"],
        "payments": recomputed,
        "net": full["net"],
        "matches": not differences,
        "differences": differences,
    }
