"""Progressive claims bound to what the journal holds (5324.41(k)(2)-(k)(6), (g)(8), (g)(9)).

A claim is never typed in. It exists only for the table's open round, of a game with the
progressive payout wager, after that round was settled, at a position whose progressive wager
is in the round's journal (its acceptor lit and counted at the (k)(2) light check), for the seven
cards that position received in the round (read by the shoe or entered by the dealer), whose
best qualifying arrangement is paid from the meter ((k)(5)) and waits for a supervisor
((k)(3)(iii)). Payouts are validated in the order they are paid ((k)(6)), each at the meter as it
stands then. Anything else is refused with the reason in plain words
(:class:`~dealer_station.procedure.ProcedureError` naming the clause), so the supervisor's screen
says why there is nothing to approve.

:func:`claim_for` reads a claim; :func:`claims_waiting` lists the positions waiting. Neither
writes: :meth:`dealer_station.station.Station.show_progressive_claim` audits what was shown.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from dealer_station.cards import Card, format_cards, parse_cards
from dealer_station.games.registry import game_hooks
from dealer_station.money import Cents, format_cents
from dealer_station.procedure import ProcedureError
from dealer_station.store import journal

__all__ = ["CLAUSE", "ProgressiveClaim", "claim_for", "claims_waiting"]

CLAUSE = "5324.41(k)(3)(iii)"


@dataclass(frozen=True, slots=True)
class ProgressiveClaim:
    """The facts a supervisor sees and confirms before approving or rejecting a payout."""

    meter: str
    round_id: int
    game: str
    position: int
    wager: Cents
    light_count: str
    cards: tuple[Card, ...]
    arrangement: str
    hand: str
    amount: Cents
    meter_before: Cents
    meter_after: Cents
    dealer: str | None

    @property
    def hand_words(self) -> str:
        return self.hand.replace("_", " ").capitalize()

    def lines(self) -> list[tuple[str, str]]:
        """The rows the screen shows, in order."""
        return [
            ("Round", f"{self.round_id} ({self.game.replace('_', ' ')})"),
            ("Betting position", str(self.position)),
            ("Progressive wager", f"{format_cents(self.wager)} · {self.light_count}"),
            ("Seven cards dealt", format_cards(self.cards)),
            ("Best arrangement", self.arrangement),
            ("Hand", self.hand_words),
            ("Meter now", format_cents(self.meter_before)),
            ("Amount", format_cents(self.amount)),
            ("Meter after", format_cents(self.meter_after)),
            ("Dealer of record", self.dealer or "-"),
        ]

    def facts(self) -> dict[str, Any]:
        """The claim as audited (and compared again at approval)."""
        return {"meter": self.meter, "round": self.round_id, "position": self.position,
                "wager": self.wager, "cards": format_cards(self.cards),
                "arrangement": self.arrangement, "hand": self.hand, "amount": self.amount,
                "meter_before": self.meter_before, "meter_after": self.meter_after,
                "dealer": self.dealer}


def _decided(validations: Any, position: int) -> str | None:
    for each in validations:
        data = each.to_json() if hasattr(each, "to_json") else each
        if not isinstance(data, Mapping) or data.get("position") != position:
            continue
        state = data.get("state")
        if state == "approved":
            return (f"position {position}'s payout was already approved by "
                    f"{data.get('supervisor_id')} ({format_cents(int(data.get('amount') or 0))}):"
                    " nothing is approved twice")
        if state == "rejected":
            return (f"position {position}'s payout was rejected by {data.get('supervisor_id')} "
                    f"({data.get('reason')}): a rejection is final")
    return None


def _finished(store: Any, round_id: int, position: int) -> ProcedureError:
    summary = journal.round_summary(store, round_id)
    if summary.status == "void":
        return ProcedureError(f"round {round_id} was voided ({summary.void_reason}): its wagers "
                              "were returned and nothing is paid", CLAUSE)
    document = summary.document or {}
    bonus = document.get("bonus") if isinstance(document, Mapping) else None
    validations = bonus.get("validations", []) if isinstance(bonus, Mapping) else []
    decided = _decided(validations, position)
    if decided is not None:
        return ProcedureError(f"round {round_id} is finished; {decided}", CLAUSE)
    return ProcedureError(f"round {round_id} is finished and no payout at position {position} "
                          "waited for a supervisor in it: there is nothing to validate", CLAUSE)


def _open_round(station: Any, round_id: int) -> Any:
    """The open round ``round_id`` with the progressive, or the refusal saying why not."""
    try:
        summary = journal.round_summary(station.store, round_id)
    except ValueError:
        raise ProcedureError(f"there is no round {round_id} at this table", CLAUSE) from None
    hooks = game_hooks(summary.game)
    round_ = station.round if station.round_id == round_id else None
    if hooks is None or not hasattr(hooks, "progressive"):
        raise ProcedureError(f"round {round_id} was a {summary.game.replace('_', ' ')} round: "
                             "that game has no progressive payout wager", "5324.41(k)(1)")
    if round_ is not None and hooks.progressive(round_) is None:
        raise ProcedureError(f"round {round_id} was played without the progressive payout "
                             "wager (not offered at this table then)", "5324.41(k)(1)")
    return round_, summary


def claim_for(station: Any, round_id: int, position: int) -> ProgressiveClaim:
    """The claim at ``position`` in round ``round_id``, from the journal; refuses anything else
    with the reason (see the module documentation)."""
    round_, summary = _open_round(station, round_id)
    if round_ is None:
        raise _finished(station.store, round_id, position)
    wagered = tuple(getattr(round_, "progressive_wagered", ()))
    if position not in wagered:
        raise ProcedureError(f"position {position} has no progressive wager in round "
                             f"{round_id} (no chip was counted on its acceptor at the light "
                             "check)", "5324.41(k)(2)")
    if getattr(round_, "meter_at_settlement", None) is None:
        raise ProcedureError(f"round {round_id} is not settled yet: a progressive payout is "
                             "validated once the hands are set and the dealer settles "
                             "((g)(8))", "5324.41(k)(3)")
    validations = list(getattr(round_, "validations", ()))
    decided = _decided(validations, position)
    if decided is not None:
        raise ProcedureError(decided, CLAUSE)
    pending = [v for v in validations if v.state.value == "pending"]
    mine = next((v for v in pending if v.position == position), None)
    if mine is None:
        cards = format_cards(round_.core.seven_cards(position))
        raise ProcedureError(f"position {position}'s cards ({cards}) form no progressive hand "
                             "paid from the meter: there is nothing for a supervisor to "
                             "validate", "5324.41(k)(5)")
    if pending[0].position != position:
        raise ProcedureError(f"position {pending[0].position} is paid first (from the dealer's "
                             f"right); position {position} waits for it", "5324.41(k)(6)")
    name = station.progressive_meter_name()
    meter = station.meter(name)
    request = round_.at_meter(mine, meter.current)  # the hand paying most at the meter now
    amount = request.amount_at(meter.current)
    from dealer_station.rankings.seven_card import ProgressiveHand, progressive_split

    seven = tuple(parse_cards(request.cards, count=7, allow_joker=True))
    split = progressive_split(seven, ProgressiveHand(request.hand))
    return ProgressiveClaim(
        meter=name, round_id=round_id, game=summary.game, position=position,
        wager=round_.bonus.progressive_denomination,
        light_count="acceptor lit, counted at the light check (k)(2)", cards=seven,
        arrangement=f"high {format_cards(split.high)} · low {format_cards(split.low)}",
        hand=request.hand, amount=amount, meter_before=meter.current,
        meter_after=max(meter.current - amount, meter.reset), dealer=summary.dealer)


def claims_waiting(station: Any) -> tuple[int | None, tuple[int, ...]]:
    """The open round and the positions whose payouts wait for a supervisor, in the order they
    are paid ((k)(6)); ``(None, ())`` between rounds."""
    round_ = station.round
    if round_ is None:
        return None, ()
    pending = getattr(round_, "pending", ())
    return station.round_id, tuple(v.position for v in pending)
