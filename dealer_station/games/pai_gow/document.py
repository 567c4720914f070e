"""The round document: rebuilding a Pai Gow Poker round from it and recomputing its settlement.

One reader for every Pai Gow round, with or without the optional wagers of 5324.41(k)-(p): a
document with a ``"bonus"`` section is a round with optional wagers, made again with their
configuration, the dealer, the round's id and the stub tracker the round started with.

:func:`settle_document` trusts nothing in a document but its configuration snapshots, its table
context and its records: the records are replayed on a fresh round (every action verified again),
the settlement recomputed and compared with the payments the document claims
(``dealer-station settle``).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from dealer_station.games.pai_gow.banking import TableContext
from dealer_station.games.pai_gow.config import config_from_mapping
from dealer_station.games.pai_gow.round import GAME, PaiGowRound
from dealer_station.games.pai_gow.wagers.config import BonusConfig
from dealer_station.games.pai_gow.wagers.part import OptionalWagers
from dealer_station.games.pai_gow.wagers.stub import StubCount
from dealer_station.procedure import (
    JSONValue,
    ProcedureError,
    Record,
    payment_differences,
    replay,
)
from dealer_station.sensing import unsettled_sensed_chips

__all__ = ["round_from_document", "settle_document"]


def _optional_wagers(bonus: Mapping[str, Any]) -> OptionalWagers:
    """The optional wagers as the round started with them, from the document's ``"bonus"``."""
    return OptionalWagers(
        BonusConfig.from_mapping(bonus["config"]["settings"]),
        dealer_id=str(bonus["dealer_id"]),
        round_id=bonus.get("round_id"),
        stub=StubCount.from_json(bonus["stub_at_start"]),
    )


def round_from_document(doc: Mapping[str, Any]) -> PaiGowRound:
    """A fresh round made from the document's configuration, context and (with a ``"bonus"``
    section) optional wagers, with its records replayed. Raises ``ValueError`` when the document
    is not a Pai Gow round or is malformed (a :class:`ProcedureError` of a record that does not
    replay escapes as is)."""
    if doc.get("game") != GAME:
        raise ValueError(f"not a Pai Gow Poker round document (game {doc.get('game')!r})")
    if "config" not in doc or "records" not in doc:
        raise ValueError("the round document has no configuration snapshot or no records")
    try:
        round_ = PaiGowRound(
            config_from_mapping(doc["config"]),
            TableContext.from_json(doc.get("context", {})),
            optional=_optional_wagers(doc["bonus"]) if "bonus" in doc else None,
        )
        records = [Record.from_json(r) for r in doc["records"]]
        if PaiGowRound.records_in_legacy_order(records):  # recorded before players_have_set
            round_.accept_legacy_order()
        replay(round_, records)
    except (KeyError, TypeError) as error:
        raise ValueError(f"the round document is malformed: {error}") from None
    return round_


def settle_document(doc: Mapping[str, Any]) -> dict[str, JSONValue]:
    """Recompute a Pai Gow Poker round's settlement from its document.

    Returns ``game``, ``complete``, ``phase``, ``results``, ``payments`` (recomputed, in order),
    ``net`` (each party's result; they sum to zero), ``matches`` (whether the document's own
    payments agree) and ``differences`` (with each progressive chip sensed at the lockout the
    document neither settled nor returned); for a round with optional wagers also the progressive
    ``validations`` and ``jackpots`` records.
    """
    try:
        round_ = round_from_document(doc)
    except ProcedureError as error:
        raise ValueError(f"the round document does not replay: {error}") from None
    recomputed = [p.to_json() for p in round_.payments]
    claimed = list(doc.get("payments", []))
    differences = payment_differences(recomputed, claimed)
    if round_.is_complete:  # every progressive chip sensed at the lockout settled or returned
        voided = round_.optional.lockout.voided if round_.optional is not None else ()
        differences += unsettled_sensed_chips(round_.history, claimed, "progressive",
                                              "no_more_bets", "lights", voided)
    full = round_.to_document()
    summary: dict[str, JSONValue] = {
        "game": GAME,
        "complete": round_.is_complete,
        "phase": round_.phase.value,
        "results": full["results"],
        "payments": recomputed,
        "net": full["net"],
        "matches": not differences,
        "differences": differences,
    }
    if round_.optional is not None:
        bonus = round_.optional.document()
        summary.update(validations=bonus["validations"], jackpots=bonus["jackpots"])
    return summary
