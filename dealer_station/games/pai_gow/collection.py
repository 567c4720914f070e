"""The cards of a Pai Gow Poker round in the order they were collected, read from its records and
document (the round history's "cards in the order collected"; dispute reconstruction).

5324.41 has no separate collection step: the cards go with the settlement of each player
(docs/rules-interpretation.md, "When the cards are collected"): the stacks dealt to a position
with no wager are collected unseen at the deal ((f), (j)); a surrendered hand at the surrender
((g)(3)); at the settlement, from the dealer's far right, each player's cards once that player's
wagers are settled ((g)(5) losing, (g)(6) push, (g)(8) winning), except a hand kept on the layout
for a progressive payout ((g)(9)), collected once the payout is decided and its record complete;
with a fortune bonus or insurance at the table the hands kept for the bonus pass after it and
the premium hands left face up after the last pass ((l)(4)); the hands still on the layout (a
player bank's, the dealer's) last. A void collects everything
at once, unseen; a redeal the stacks delivered.

>>> from dealer_station.procedure import Record
>>> records = [Record(1, "deal", {}, {"collected_unseen": [1, 2]}),
...            Record(2, "settle", {}, {"results": {"5": "lose", "3": "win"},
...                                     "pending_validation": [3]}),
...            Record(3, "complete_jackpot_record", {"position": 3}, {"number": 9})]
>>> collection_order(records, {"cards": {"3": "As Ks", "5": "2c 3d", "7": "9h 9d"}})
['stacks of position 1, position 2 (no wager), unseen', 'position 5: 2c 3d', 'dealer: 9h 9d', \
'position 3: As Ks (jackpot record No. 9 complete)']
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from dealer_station.games.pai_gow.positions import DEALER, far_right_first, position_name
from dealer_station.procedure import Record

__all__ = ["collection_order", "kept_after_settlement"]


def _position(key: Any) -> int | None:
    try:
        return int(key)
    except (TypeError, ValueError):
        return None


def collection_order(records: Iterable[Record], document: Mapping[str, Any] | None) -> list[str]:
    """What was collected, in order, one line per collection (a position's cards as dealt)."""
    cards: Mapping[str, Any] = (document or {}).get("cards") or {}

    def hand(position: int, why: str = "") -> str:
        shown = cards.get(str(position))
        return (f"{position_name(position)}{': ' + str(shown) if shown else ''}"
                f"{f' ({why})' if why else ''}")

    order: list[str] = []
    collected: set[int] = set()
    held: set[int] = set()
    for record in records:
        effects = record.effects
        if record.action == "deal" and effects.get("collected_unseen"):
            unseen = [int(p) for p in effects["collected_unseen"]]
            order.append(f"stacks of {', '.join(position_name(p) for p in unseen)} "
                         "(no wager), unseen")
            collected.update(unseen)
        elif record.action == "surrender":
            position = int(record.arguments["position"])
            order.append(hand(position, "surrendered, unseen"))
            collected.add(position)
        elif record.action == "settle":
            held = {int(p) for p in effects.get("pending_validation") or ()}
            kept = far_right_first(int(p) for p in effects.get("cards_kept") or ())
            face_up = far_right_first(int(p) for p in effects.get("left_face_up") or ())
            results = far_right_first(p for key in (effects.get("results") or {})
                                      if (p := _position(key)) is not None)
            # (l)(4): with a fortune bonus or insurance the kept hands go after the bonus
            # pass, the premium hands left face up after the last
            sequence = [*(p for p in results if p not in kept),
                        *(p for p in kept if p not in face_up), *face_up]
            for position in sequence:
                if position not in collected | held:
                    order.append(hand(position))
                    collected.add(position)
            rest = sorted((p for key in cards if (p := _position(key)) is not None
                           and p not in collected | held), key=lambda p: p == DEALER)
            for position in rest:  # a player bank's hand, the dealer's: last
                order.append(hand(position))
                collected.add(position)
        elif record.action in ("reject_progressive", "complete_jackpot_record"):
            position = int(record.arguments["position"])
            if position in held and position not in collected:
                why = (f"jackpot record No. {effects.get('number')} complete"
                       if record.action == "complete_jackpot_record" else "payout rejected")
                order.append(hand(position, why))
                collected.add(position)
        elif record.action == "collect_cards":
            order.append("every card and stack on the layout, unseen (round void)")
        elif record.action == "redeal":
            out = effects.get("stacks_out")
            hands = (f" ({', '.join(str(s.get('hand')) for s in out if isinstance(s, Mapping))})"
                     if isinstance(out, list) and out else "")
            order.append(f"the stacks delivered{hands}, unseen (redeal, the deck reshuffled)")
    return order


def kept_after_settlement(records: Iterable[Record]) -> frozenset[int] | None:
    """The positions whose cards are still on the layout once the round is settled: the hands
    kept for a progressive payout ((g)(9)) until its record is complete (a rejected one's until
    its COLLECT line is ticked, between rounds); every
    other hand, the dealer's too, was collected with the settlement ((g)(5)-(8)). ``None``
    before the settlement (the cards dealt are all out).

    >>> kept_after_settlement([Record(1, "deal", {}, {})]) is None
    True
    >>> records = [Record(1, "settle", {}, {"pending_validation": [3, 5]}),
    ...            Record(2, "complete_jackpot_record", {"position": 3}, {"number": 9})]
    >>> sorted(kept_after_settlement(records))
    [5]
    """
    kept: set[int] | None = None
    for record in records:
        if record.action == "settle":
            kept = {int(p) for p in record.effects.get("pending_validation") or ()}
        elif kept is not None and record.action == "complete_jackpot_record":
            # a rejected payout's hand stays: its cards go with its COLLECT line's tick
            kept.discard(int(record.arguments["position"]))
    return frozenset(kept) if kept is not None else None
