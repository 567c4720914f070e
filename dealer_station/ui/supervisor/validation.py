"""Progressive payout validation as the supervisor sees it (Qt-free view-model).

A claim shows the seven cards, the arrangement that forms the winning hand (5324.41(g)(8): the
dealer resets the hands to the best paying arrangement), the (k)(4) hand type, the meter before
and after the payout, and the amount. The supervisor — never the one who dealt the round
(5324.41(k)(3)(iii)) — approves it, which deducts the amount from the meter and makes the numbered
jackpot record (:meth:`dealer_station.station.Station.pay_jackpot`), or rejects it with a reason,
which leaves the meter alone and is recorded in the audit trail.

>>> claim = build_claim("pai_gow_progressive", reset=100_000, meter=1_250_000, round_id=7,
...                     position="3", cards="9h 8h 7h 6h 5h 2c 2d")
>>> claim.hand, claim.amount, claim.meter_after
('straight_flush_and_pair', 5000, 1245000)
>>> claim.arrangement
'high 9h 8h 7h 6h 5h · low 2c 2d'
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from dealer_station import auth
from dealer_station.auth import AccessDenied, Permission
from dealer_station.cards import Card, format_cards, parse_cards
from dealer_station.money import Cents, dollars, format_cents
from dealer_station.procedure import ProcedureError
from dealer_station.store import journal

__all__ = [
    "CLAUSE",
    "JackpotClaim",
    "approve_claim",
    "build_claim",
    "candidate_hands",
    "pending_claims",
    "reject_claim",
]

CLAUSE = "5324.41(k)(3)(iii)"
ONE_DOLLAR: Cents = dollars(1)


@dataclass(frozen=True, slots=True)
class JackpotClaim:
    """One progressive payout awaiting the supervisor."""

    meter: str
    round_id: int | None
    position: str
    cards: tuple[Card, ...]
    hand: str
    arrangement: str
    amount: Cents
    meter_before: Cents
    meter_after: Cents
    from_meter: bool = True
    #: A payout the round in progress waits for (decided through ``Station.supervise``), not
    #: one entered by hand.
    in_round: bool = False

    @property
    def hand_words(self) -> str:
        return self.hand.replace("_", " ").capitalize()

    def lines(self) -> list[tuple[str, str]]:
        """The rows the screen shows, in order."""
        return [
            ("Round", str(self.round_id) if self.round_id is not None else "-"),
            ("Betting position", self.position),
            ("Seven cards", format_cards(self.cards)),
            ("Winning arrangement", self.arrangement),
            ("Hand", self.hand_words),
            ("Meter before", format_cents(self.meter_before)),
            ("Amount", format_cents(self.amount)),
            ("Meter after", format_cents(self.meter_after)),
        ]


def build_claim(meter_name: str, *, reset: Cents, meter: Cents, round_id: int | None,
                position: str, cards: str | tuple[Card, ...],
                denomination: Cents = ONE_DOLLAR) -> JackpotClaim:
    """The claim for ``cards`` (seven, the joker allowed) on the (k)(4) progressive table with
    the meter standing at ``meter``. Raises ``ValueError`` (naming the clause) when the cards form
    no paying hand."""
    from dealer_station.games.pai_gow.wagers.paytables import pay_table
    from dealer_station.games.pai_gow.wagers.progressive import progressive_payout
    from dealer_station.rankings.seven_card import (
        ProgressiveHand,
        progressive_hands,
        progressive_split,
    )

    seven = tuple(parse_cards(cards, count=7, allow_joker=True))
    hands = progressive_hands(seven)
    payout = progressive_payout([h.value for h in hands], pay_table("progressive"),
                                denomination, meter)
    if payout is None:
        raise ProcedureError(f"{format_cards(seven)} forms no paying progressive hand",
                             "5324.41(k)(4)")
    split = progressive_split(seven, ProgressiveHand(payout.hand))
    amount = payout.amount(meter)
    after = meter - amount if payout.from_meter else meter
    return JackpotClaim(
        meter=meter_name,
        round_id=round_id,
        position=str(position),
        cards=seven,
        hand=payout.hand,
        arrangement=f"high {format_cards(split.high)} · low {format_cards(split.low)}",
        amount=amount,
        meter_before=meter,
        meter_after=max(after, reset) if payout.from_meter else meter,
        from_meter=payout.from_meter,
    )


def _round_meter(station: Any) -> Any:
    """The meter the round in progress pays its progressive from (as the game's station hooks
    describe it), or ``None``."""
    from dealer_station.station import game_hooks

    hooks = game_hooks(station.game)
    terms = hooks.progressive(station.round) if hooks is not None else None
    if terms is None:
        return None
    return next((m for m in station.meters() if m.wager == terms.wager
                 and m.reset == terms.reset and m.rate_bp == terms.rate_bp), None)


def pending_claims(station: Any) -> list[JackpotClaim]:
    """The progressive payouts the round in progress waits for, in the order they are paid
    (5324.41(k)(6)), each shown at the meter as it stands now."""
    from dealer_station.rankings.seven_card import ProgressiveHand, progressive_split

    round_ = station.round
    waiting = tuple(getattr(round_, "pending", ())) if round_ is not None else ()
    meter = _round_meter(station) if waiting else None
    if meter is None:
        return []
    claims = []
    for request in waiting:
        seven = tuple(parse_cards(request.cards, count=7, allow_joker=True))
        split = progressive_split(seven, ProgressiveHand(request.hand))
        amount = request.amount_at(meter.current)
        claims.append(JackpotClaim(
            meter=meter.name, round_id=station.round_id, position=str(request.position),
            cards=seven, hand=request.hand,
            arrangement=f"high {format_cards(split.high)} · low {format_cards(split.low)}",
            amount=amount, meter_before=meter.current,
            meter_after=max(meter.current - amount, meter.reset), in_round=True))
    return claims


def candidate_hands(document: Mapping[str, Any] | None) -> dict[str, str]:
    """Each position's seven cards in a Pai Gow round document (``{"3": "As Ks ..."}``), for
    the supervisor to pick the claim from.

    >>> candidate_hands({"cards": {"1": "2c 3c 4c 5c 6c 7d 8d", "dealer": "JK Ah Ad Kc Kd 2s 3s"}})
    {'1': '2c 3c 4c 5c 6c 7d 8d'}
    """
    found: dict[str, str] = {}
    cards = (document or {}).get("cards")
    if not isinstance(cards, Mapping):
        return found
    for key, value in cards.items():
        text = " ".join(value) if isinstance(value, list) else value
        if key.isdigit() and isinstance(text, str) and len(text.split()) == 7:
            found[key] = text
    return found


def _dealt(station: Any, user: str, round_id: int | None) -> bool:
    if round_id is None:
        return False
    summary = journal.round_summary(station.store, round_id)
    return summary.dealer == user


def approve_claim(station: Any, claim: JackpotClaim, *, supervisor: str, pin: str) -> Any:
    """Pay the claim from the meter (the station checks the supervisor again); returns the
    numbered :class:`~dealer_station.store.meters.Jackpot`. The amount is recomputed from the
    meter as it stands now (5324.41(k)(6)), so a claim built before a contribution pays right."""
    if claim.in_round:
        record = station.supervise("approve_progressive", supervisor=supervisor, pin=pin,
                                   position=int(claim.position))
        from dealer_station.store import meters as meter_store

        return meter_store.jackpot(station.store, int(record.arguments["jackpot_number"]))
    if not claim.from_meter:
        raise ProcedureError(f"{claim.hand_words} pays {format_cents(claim.amount)} from the "
                             "chip tray: it is not deducted from the meter", "5324.41(k)(5)")
    meter = station.meter(claim.meter)
    fresh = build_claim(claim.meter, reset=meter.reset, meter=meter.current,
                        round_id=claim.round_id, position=claim.position, cards=claim.cards)
    return station.pay_jackpot(claim.meter, position=claim.position, hand=fresh.hand,
                               amount=fresh.amount, supervisor=supervisor, pin=pin,
                               round_id=claim.round_id)


def reject_claim(station: Any, claim: JackpotClaim, reason: str, *, supervisor: str,
                 pin: str) -> None:
    """Reject the claim with ``reason``: nothing leaves the meter; the decision is audited."""
    if not reason.strip():
        raise ProcedureError("a rejected payout needs the reason", CLAUSE)
    if claim.in_round:
        station.supervise("reject_progressive", supervisor=supervisor, pin=pin,
                          position=int(claim.position), reason=reason.strip())
        return
    person = auth.authenticate(station.store, supervisor, pin, now=station.clock(),
                               policy=station.lock_policy, purpose="validate_payout")
    auth.authorize(person.role, Permission.VALIDATE_PAYOUT,
                   dealt_it=_dealt(station, person.id, claim.round_id))
    if person.role != "supervisor":  # pragma: no cover - authorize refused already
        raise AccessDenied("only a supervisor may validate a progressive payout", CLAUSE)
    station.store.audit("validation", {
        "decision": "rejected", "reason": reason.strip(), "meter": claim.meter,
        "position": claim.position, "cards": format_cards(claim.cards), "hand": claim.hand,
        "amount": claim.amount, "meter_before": claim.meter_before,
    }, actor=person.id, round_id=claim.round_id)
