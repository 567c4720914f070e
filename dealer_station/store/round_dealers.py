"""Who dealt which part of a round: each dealer signed in on the dealer's screen while it was
open, from when to when (the dealer who started it, then each relief), read from the table's
audited sessions and kept in the round's document when it ends (``"dealers"``, with the
completion's audit entry), so the history, the claim, the jackpot record and the pit name every
one of them.

>>> from dealer_station.store.sessions import Session
>>> turns = turns_of([Session(1, "D-7", "dealer", "dealer", "2026-03-01T21:00:00.0Z",
...                           "2026-03-01T21:10:03.5Z", "replaced by D-8"),
...                   Session(2, "D-8", "dealer", "dealer", "2026-03-01T21:10:03.5Z", None,
...                           None)],
...                  "2026-03-01T21:04:05.0Z", "2026-03-01T21:15:00.0Z", "D-7")
>>> dealers_words(turns)
'D-7 21:04:05-21:10:03 UTC, D-8 (relief) 21:10:03-21:15:00 UTC'
>>> dealers_words(turns_of([], "2026-03-01T21:04:05.0Z", None, "D-7"))
'D-7'
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from dealer_station.store.database import Store, Transaction
from dealer_station.store.sessions import Session, sessions_during

__all__ = ["DealerTurn", "dealers_of_round", "dealers_words", "turns_from_json", "turns_of"]


@dataclass(frozen=True, slots=True)
class DealerTurn:
    """One dealer's part of a round: signed in from ``started`` to ``ended`` (UTC, ISO 8601;
    ``ended`` None: still on duty, or not known), ``relief`` for every dealer after the first."""

    dealer: str
    started: str | None
    ended: str | None
    relief: bool

    def to_json(self) -> dict[str, Any]:
        return {"dealer": self.dealer, "started": self.started, "ended": self.ended,
                "relief": self.relief}


def turns_of(sessions: Iterable[Session], round_started: str, round_ended: str | None,
             dealer_of_record: str | None) -> list[DealerTurn]:
    """The dealers' turns within the round, oldest first; with no session on record (a round
    journaled before sessions were), the dealer of record alone, times unknown."""
    turns: list[DealerTurn] = []
    for each in sessions:
        if each.screen != "dealer":
            continue
        start = max(each.started, round_started)
        end = each.ended if each.ended is not None else round_ended
        if round_ended is not None and end is not None:
            end = min(end, round_ended)
        if end is not None and end < start:
            continue
        turns.append(DealerTurn(each.user, start, end, relief=bool(turns)))
    if not turns and dealer_of_record:
        turns.append(DealerTurn(dealer_of_record, None, None, relief=False))
    return turns


def dealers_of_round(source: Store | Transaction, round_id: int) -> list[DealerTurn]:
    """Round ``round_id``'s dealers: as its document keeps them once it ended, else (an open
    round, or one journaled before) from the table's sessions."""
    row = source.connection.execute(
        "SELECT started, ended, dealer, document FROM rounds WHERE id = ?",
        (round_id,)).fetchone()
    if row is None:
        return []
    started, ended, dealer, text = row[0], row[1], row[2], row[3]
    if text:
        kept = json.loads(text).get("dealers")
        if isinstance(kept, list):
            return turns_from_json(kept)
    return turns_of(sessions_during(source, started, ended, screen="dealer"), started, ended,
                    dealer)


def turns_from_json(data: Sequence[Mapping[str, Any]]) -> list[DealerTurn]:
    return [DealerTurn(str(each["dealer"]), each.get("started"), each.get("ended"),
                       bool(each.get("relief"))) for each in data]


def _clock(moment: str | None) -> str:
    """``21:04:05`` of an ISO 8601 UTC moment ("?" when not known)."""
    if not moment or "T" not in moment:
        return "?"
    return moment.split("T", 1)[1][:8]


def dealers_words(turns: Sequence[DealerTurn]) -> str:
    """Every dealer of the round, with the part each dealt (UTC)."""
    if len(turns) == 1 and turns[0].started is None:
        return turns[0].dealer
    return ", ".join(
        f"{turn.dealer}{' (relief)' if turn.relief else ''} "
        f"{_clock(turn.started)}-{_clock(turn.ended) if turn.ended else 'now'} UTC"
        for turn in turns) or "-"
