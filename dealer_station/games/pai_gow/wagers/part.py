"""The optional wagers of 5324.41(k)-(p) as the part of a Pai Gow Poker round that holds them.

:class:`OptionalWagers` is the state a round with optional wagers keeps besides the pai gow
wagers (the wagers' configuration, the progressive lockout, the stub tracker, the supervisor
validations and jackpot records) and the actions on it, each with the verify / do faces of
:mod:`dealer_station.procedure` writing a replayable :class:`Record` in the round's one history.
:class:`~dealer_station.games.pai_gow.round.PaiGowRound` holds it (``round_.optional``), offers
its actions (``verify_x`` / ``can_x`` / ``x``, refused at a table without optional wagers) and
calls it at fixed extension points: withdrawing a wager, "no more bets", the deal and the stacks
of four, a surrender, the settlement, the step and the document.

* betting: :meth:`~OptionalWagers.place_bonus_wager` (fortune, insurance, three-card, seven-card,
  imperial, within the configured bounds) and :meth:`~OptionalWagers.acceptor_lit` (a
  progressive chip dropped in a position's acceptor, (d)(4));
* "no more bets" presses the lockout; :meth:`~OptionalWagers.confirm_light_count` compares the
  chips with the lights, a mismatch blocks the deal until a recount or
  :meth:`~OptionalWagers.resolve_light_mismatch` ((k)(2)); the confirmed wagers are the meter's
  contributions (``effects["meter_contribution"]``);
* three then four: :meth:`~OptionalWagers.settle_three_card_bonus` between the stacks of three
  and the four more cards ((n)(6)-(7)); the stub count (:meth:`~OptionalWagers.count_stub`,
  :meth:`~OptionalWagers.shuffler_report`, (n)(7)(ii)-(n)(8)) with a tracker carried from round
  to round (:meth:`~OptionalWagers.next_stub`);
* settlement: the round's ``settle`` with the meter reading of the moment; every line in the
  regulated order (:func:`.settlement.settle_round`) except the progressive payouts deducted
  from the meter, which wait for a supervisor (:meth:`~OptionalWagers.approve_progressive`,
  :meth:`~OptionalWagers.reject_progressive`, in the regulated order, each paid from the meter
  reading given at its approval, (k)(3)(iii), (k)(6)) while every other line is settled; each
  approved payout gets its numbered jackpot record and the cards stay until it is complete
  (:meth:`~OptionalWagers.complete_jackpot_record`, (g)(9)).

Inputs from outside the rules (meter readings, jackpot numbers, times, supervisor ids) are action
arguments, so :func:`dealer_station.procedure.replay` of the records on a new round made with the
same configuration, context, dealer and stub tracker rebuilds the round exactly
(:func:`bonus_round` makes one).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from dealer_station.cards import Card, parse_cards
from dealer_station.games.pai_gow.banking import TableContext
from dealer_station.games.pai_gow.config import DealingMethod, PaiGowConfig
from dealer_station.games.pai_gow.phases import Phase
from dealer_station.games.pai_gow.positions import DEALER, PLAYER_POSITIONS
from dealer_station.games.pai_gow.round import Ledger, PaiGowRound
from dealer_station.games.pai_gow.steps import step_for
from dealer_station.hardware import LOCKOUT_ON
from dealer_station.money import Cents, format_cents
from dealer_station.plural import counted
from dealer_station.procedure import JSONValue, Payment, ProcedureError, Record, Step, allowed

from .config import BonusConfig, BonusConfigError, Completion
from .families import BonusWager
from .hands import progressive_hands
from .lockout import LockoutPhase, ProgressiveLockout
from .paytables import Fixed, MeterShare
from .progressive import progressive_payout
from .seats import Seat
from .settlement import settle_round
from .stub import StubCount
from .three_seven import three_card_lines
from .validation import JackpotRecord, SupervisorValidation, ValidationState

#: The phases before "no more bets": an acceptor's chip is sensed in any of them.
_BEFORE_NO_MORE_BETS = (Phase.SHUFFLE, Phase.CUT, Phase.BETTING)

#: The note of a RETURN line for a progressive chip sensed where no pai gow wager was placed.
SENSED_RETURN = "progressive chip sensed without a pai gow wager: returned, not a wager"

__all__ = ["SENSED_RETURN", "OptionalWagers", "bonus_round"]

_PROGRESSIVE = BonusWager.PROGRESSIVE
_METER_CLAUSE = "5324.41(k)(3)(iii)"
#: The optional wagers judged on the seven cards that a surrender ((g)(3)) leaves unseen.
_FORFEITED_BY_SURRENDER = frozenset(
    {BonusWager.FORTUNE_BONUS.value, BonusWager.INSURANCE.value, BonusWager.IMPERIAL_BONUS.value}
)


def _terms(figure: object) -> tuple[int | None, Cents | None]:
    """A (k)(4) figure as a validation's share of the meter or fixed amount."""
    return (figure.basis_points if isinstance(figure, MeterShare) else None,
            figure.cents if isinstance(figure, Fixed) else None)


def bonus_round(
    config: PaiGowConfig,
    bonus: BonusConfig,
    context: TableContext | None = None,
    *,
    dealer_id: str,
    stub: StubCount | None = None,
    round_id: str | None = None,
) -> PaiGowRound:
    """A new Pai Gow Poker round with the optional wagers of ``bonus`` (which must be the ones
    the table offers, ``config.side_wagers``: ``BonusConfigError`` otherwise), dealt by
    ``dealer_id``, with the stub tracker carried from the table's round before."""
    return PaiGowRound(config, context, optional=OptionalWagers(
        bonus, dealer_id=dealer_id, stub=stub, round_id=round_id))


class OptionalWagers:
    """The optional wagers' part of one Pai Gow Poker round (``PaiGowRound.optional``)."""

    def __init__(
        self,
        bonus: BonusConfig,
        *,
        dealer_id: str,
        stub: StubCount | None = None,
        round_id: str | None = None,
    ) -> None:
        self.bonus = bonus
        self.dealer_id = dealer_id
        self.round_id = round_id
        self.lockout = ProgressiveLockout()
        self.stub = stub if stub is not None else StubCount.for_config(bonus)
        self.stub_at_start = self.stub
        self.stub_counted = False
        #: The count was made before this round's deal (overdue, or a replacement deck), so
        #: this round is played after it and is the first of the next five ((n)(7)(ii)).
        self.counted_before_deal = False
        self.three_card_settled = False
        self.meter_at_settlement: Cents | None = None
        self.validations: list[SupervisorValidation] = []
        self.jackpots: dict[int, JackpotRecord] = {}
        self.left_face_up: tuple[int, ...] = ()
        self.cards_kept: tuple[int, ...] = ()
        self._adjust: dict[int | str, Cents] = {}
        self._round: PaiGowRound | None = None
        self._ledger: Ledger | None = None

    def attach(self, round_: PaiGowRound, ledger: Ledger) -> None:
        """Become the optional wagers of ``round_`` (called by the round as it is made), writing
        records and payment lines to its ``ledger``."""
        offered = {w.value for w in self.bonus.offered}
        if offered != set(round_.config.side_wagers):
            raise BonusConfigError(
                f"the table offers {sorted(round_.config.side_wagers)} but the optional wagers' "
                f"configuration offers {sorted(offered)}",
                "5324.41(d)(1)",
            )
        if self._round is not None:
            raise ValueError("these optional wagers belong to another round")
        self._round, self._ledger = round_, ledger

    @property
    def round(self) -> PaiGowRound:
        assert self._round is not None, "OptionalWagers.attach is called by the round"
        return self._round

    @property
    def ledger(self) -> Ledger:
        assert self._ledger is not None, "OptionalWagers.attach is called by the round"
        return self._ledger

    # ------------------------------------------------------------------ state
    @property
    def pending(self) -> tuple[SupervisorValidation, ...]:
        """Progressive payouts waiting for a supervisor, in the order they are paid."""
        return tuple(v for v in self.validations if v.state is ValidationState.PENDING)

    @property
    def complete(self) -> bool:
        """Nothing of the optional wagers is left: no payout waits for a supervisor and every
        jackpot record is complete ((k)(3)(iii), (g)(9))."""
        return not self.pending and all(j.complete for j in self.jackpots.values())

    def adjusted(self, net: dict[int | str, Cents]) -> dict[int | str, Cents]:
        """The round's books ``net`` with the optional wagers' own lines (a progressive wager
        stays in the tray when it wins; lines settled outside the pai gow settlement)."""
        for party, amount in self._adjust.items():
            net[party] = net.get(party, 0) + amount
        return net

    def _record(self, action: str, arguments: dict[str, JSONValue],
                effects: dict[str, JSONValue], clause: str | None) -> Record:
        return self.ledger.record(action, arguments, effects, clause)

    def _append(self, line: Payment) -> Payment:
        return self.ledger.pay(line)

    def _book(self, party: int | str, amount: Cents) -> None:
        self._adjust[party] = self._adjust.get(party, 0) + amount
        self._adjust["house"] = self._adjust.get("house", 0) - amount

    @property
    def _progressive_offered(self) -> bool:
        return self.bonus.offers(_PROGRESSIVE)

    @property
    def _three_then_four(self) -> bool:
        return self.round.config.dealing is DealingMethod.THREE_THEN_FOUR

    # ------------------------------------------------------------ the round's extension points
    def withdrawn(self, position: int) -> dict[str, JSONValue]:
        """The pai gow wager of ``position`` is taken back before "no more bets" with every
        optional wager there: a chip still on its acceptor is no wager now (it waits for a pai
        gow wager again, else is returned at the lockout). The effects to record."""
        if position not in self.lockout.sensed:
            return {}
        self.lockout = self.lockout.withdraw(position)
        return {"progressive_chip_sensed": (
            f"the progressive chip is still on the acceptor at position {position}: it is "
            "returned at 'no more bets' unless a pai gow wager is placed again")}

    def wagered(self, position: int) -> dict[str, JSONValue]:
        """A pai gow wager placed at ``position``: a chip its acceptor already senses is the
        progressive wager from now on ((d)(4)). The effects to record."""
        if position not in self.lockout.waiting or position in self.lockout.lit:
            return {}
        self.lockout = self.lockout.light(position)
        self.round._add_side_wager(position, _PROGRESSIVE.value,
                                   self.bonus.progressive_denomination)
        return {"progressive": self.bonus.progressive_denomination}

    def betting_closed(self) -> dict[str, JSONValue] | None:
        """"No more bets": with the progressive offered the dealer presses the lockout
        (5324.41(k)(2)); the effects to record with it, or None."""
        if not self._progressive_offered:
            return None
        returns = self.lockout.waiting
        self.lockout = self.lockout.press_lockout()
        for position in sorted(returns, reverse=True):  # far right first, as the settlement
            self._append(Payment(0, position, _PROGRESSIVE.value, "return",
                                 self.bonus.progressive_denomination, clause="5324.41(d)(4)",
                                 note=SENSED_RETURN))
        effects: dict[str, JSONValue] = {"lockout": True, "lights": sorted(self.lockout.lit)}
        if returns:
            effects["sensed_returns"] = sorted(returns)
        return effects

    def verify_deal(self) -> None:
        """No card before the lockout count is confirmed ((k)(2)) and, dealing three then four
        from the shoe, before a due stub count or with a deck found short ((n)(7)-(8))."""
        if self._progressive_offered:
            self.lockout.verify_deal()
        if self._three_then_four:
            self.stub.verify_deal()

    def verify_deal_four_card_stacks(self) -> None:
        """The four more cards come after every three-card bonus is settled ((n)(7))."""
        if self._three_card_wagers and not self.three_card_settled:
            raise ProcedureError("settle the three-card bonus wagers before the four more cards",
                                 "5324.41(n)(7)")

    def four_card_clause(self) -> str | None:
        """The clause the four more cards are dealt under when it is not the shoe's
        ((n)(7)(i): from the stub, by hand)."""
        if self.bonus.three_seven_completion is Completion.STUB_BY_HAND:
            return "5324.41(n)(7)(i)"
        return None

    def surrendered(self, position: int) -> list[int]:
        """The player at ``position`` surrendered ((g)(3)): the cards are collected unseen, so
        the fortune bonus, insurance and imperial bonus wagers there can win nothing and are
        collected with the pai gow wager (a progressive or seven-card bonus wager forbids
        surrender; a three-card bonus is settled before). The payment lines' numbers."""
        orders = []
        for wager, stake in self.round.side_wagers.get(position, {}).items():
            if wager in _FORFEITED_BY_SURRENDER and stake:
                line = self._append(Payment(
                    0, position, wager, "collect", stake, clause="5324.41(g)(3)",
                    note="the player surrendered: the cards were collected unseen"))
                self._book(position, -stake)
                orders.append(line.order)
        return orders

    # ------------------------------------------------------------------ optional wagers: betting
    def verify_place_bonus_wager(self, position: int, wager: str, amount: Cents) -> None:
        if wager == _PROGRESSIVE.value:
            raise ProcedureError("a progressive payout wager is a chip dropped in the acceptor "
                                 "(acceptor_lit)", "5324.41(d)(4)")
        self.round._verify_side_wager(position, wager, amount)
        already = self.round.side_wagers.get(position, {}).get(wager, 0)
        self.bonus.verify_wager(wager, already + amount)


    def place_bonus_wager(self, position: int, wager: str, amount: Cents) -> Record:
        """A fortune bonus, insurance, three-card, seven-card or imperial bonus wager at
        ``position``, with a pai gow wager there, before "no more bets" ((d)(3)-(6), (l)(2),
        (p)(2)). A fortune bonus of $5 or more gets the envy bonus marker ((l)(3))."""
        self.verify_place_bonus_wager(position, wager, amount)
        self.round._add_side_wager(position, wager, amount)
        total = self.round.side_wagers[position][wager]
        effects: dict[str, JSONValue] = {"total": total}
        if wager == BonusWager.FORTUNE_BONUS.value:
            effects["envy_marker"] = total >= 500
        return self._record("place_bonus_wager",
                            {"position": position, "wager": wager, "amount": amount}, effects,
                            "5324.41(d)(6)")

    def verify_acceptor_lit(self, position: int) -> None:
        if not self._progressive_offered:
            raise ProcedureError("the progressive payout wager is not offered here",
                                 "5324.41(k)(1)")
        self.lockout.verify_sense(position)
        # dropped while the dealer still shuffles: it waits for the position's wager
        self.round._require(*_BEFORE_NO_MORE_BETS, action="a progressive chip",
                            clause="5324.41(d)(3)")
        if position not in PLAYER_POSITIONS:
            raise ProcedureError(f"there is no betting position {position!r}",
                                 "5324.41(a)(2)(i)")

    def _takes_progressive(self, position: int) -> bool:
        return allowed(self.round._verify_side_wager, position, _PROGRESSIVE.value,
                       self.bonus.progressive_denomination)

    def acceptor_lit(self, position: int) -> Record:
        """The acceptor of ``position`` sensed a chip: a progressive payout wager of the table's
        denomination ((d)(4), (k)(1)) once the position has a pai gow wager, whichever came
        first (a chip still waiting at the lockout is returned). Sensed again where the round
        already knows a chip (an acceptor back empty after a restart), it stays one chip. After
        the lockout it is not recognised ((k)(2))."""
        self.verify_acceptor_lit(position)
        effects: dict[str, JSONValue] = {}
        if position in self.lockout.sensed:
            effects["already_sensed"] = True
        elif self._takes_progressive(position):
            self.lockout = self.lockout.light(position)
            self.round._add_side_wager(position, _PROGRESSIVE.value,
                                       self.bonus.progressive_denomination)
        else:
            self.lockout = self.lockout.wait(position)
            effects["waiting_for_wager"] = (
                f"position {position} has no pai gow wager yet: the chip is its progressive "
                "wager once one is placed before 'no more bets', else it is returned")
        effects["lights"] = sorted(self.lockout.lit)
        return self._record("acceptor_lit", {"position": position}, effects, "5324.41(d)(4)")

    def verify_progressive_chip_removed(self, position: int) -> None:
        if not self._progressive_offered:
            raise ProcedureError("the progressive payout wager is not offered here",
                                 "5324.41(k)(1)")
        self.lockout.verify_withdraw(position)
        self.round._require(*_BEFORE_NO_MORE_BETS, action="lifting a progressive chip",
                            clause="5324.41(d)(3)")

    def progressive_chip_removed(self, position: int) -> Record:
        """The chip lifted off the acceptor of ``position`` before "no more bets": its light
        goes out and no progressive wager is there unless a chip is sensed again."""
        self.verify_progressive_chip_removed(position)
        was = position in self.lockout.sensed
        if position in self.lockout.lit:
            self.round._remove_side_wager(position, _PROGRESSIVE.value)
        self.lockout = self.lockout.lift(position)
        return self._record("progressive_chip_removed", {"position": position},
                            {"was_sensed": was, "lights": sorted(self.lockout.lit)},
                            "5324.41(d)(4)")

    # ------------------------------------------------------------------ lockout count (k)(2)
    def verify_confirm_light_count(self, chips: int) -> None:
        if not self._progressive_offered:
            raise ProcedureError("the progressive payout wager is not offered here",
                                 "5324.41(k)(1)")
        self.lockout.verify_confirm_count(chips)


    def confirm_light_count(self, chips: int) -> Record:
        """The dealer counted ``chips`` progressive chips on the layout in front of the chip tray;
        equal to the lights lit they go into the chip tray and are the meter's contribution,
        otherwise the mismatch is recorded and blocks dealing ((k)(2))."""
        self.verify_confirm_light_count(chips)
        self.lockout = self.lockout.confirm_count(chips)
        return self._record("confirm_light_count", {"chips": chips}, self._count_effects(),
                            "5324.41(k)(2)")

    def _count_effects(self) -> dict[str, JSONValue]:
        if self.lockout.mismatch is not None:
            counted, lights = self.lockout.mismatch
            return {"mismatch": {"chips": counted, "lights": lights}, "dealing_blocked": True}
        wagered = self.lockout.wagered
        return {"wagered": list(wagered),
                "meter_contribution": len(wagered) * self.bonus.progressive_denomination}

    def verify_resolve_light_mismatch(self, returned: Sequence[int] = (),
                                      voided: Sequence[int] = (), reason: str = "") -> None:
        self.lockout.verify_resolve_mismatch(tuple(returned), tuple(voided), reason)


    def resolve_light_mismatch(self, returned: Sequence[int] = (), voided: Sequence[int] = (),
                               reason: str = "") -> Record:
        """Resolve a light count mismatch with the reason: chips whose light did not come on
        returned (not recognised), lights with no chip voided (they cannot win, (k)(3)(i))."""
        self.verify_resolve_light_mismatch(returned, voided, reason)
        self.lockout = self.lockout.resolve_mismatch(returned=tuple(returned),
                                                     voided=tuple(voided), reason=reason)
        return self._record(
            "resolve_light_mismatch",
            {"returned": list(returned), "voided": list(voided), "reason": reason},
            self._count_effects(), "5324.41(k)(2)")

    # ------------------------------------------------------------------ three-card bonus (n)(6)
    @property
    def _three_card_wagers(self) -> dict[int, Cents]:
        key = BonusWager.THREE_CARD_BONUS.value
        return {p: w[key] for p, w in self.round.side_wagers.items() if w.get(key)}

    def _three_card_stacks(self) -> dict[int, tuple[Card, ...]]:
        for record in reversed(self.round.history):
            if record.action == "deal" and "three_card_stacks" in record.effects:
                stacks = record.effects["three_card_stacks"]
                return {int(p): parse_cards(text) for p, text in stacks.items()
                        if p.isdigit()}
        return {}

    def verify_settle_three_card_bonus(self) -> None:
        if self.round.phase is not Phase.FOUR_CARD:
            raise ProcedureError("the three-card bonus wagers are settled after the stacks of "
                                 "three and before the four more cards", "5324.41(n)(7)")
        if self.three_card_settled:
            raise ProcedureError("the three-card bonus wagers are settled", "5324.41(n)(6)")


    def settle_three_card_bonus(self) -> Record:
        """Collect every losing three-card bonus wager, then pay every winner ((n)(6))."""
        self.verify_settle_three_card_bonus()
        lines = three_card_lines(self._three_card_stacks(), self._three_card_wagers, self.bonus)
        orders = []
        for line in lines:
            orders.append(self._append(line).order)
            self._book(line.position, line.amount if line.outcome == "pay" else -line.stake)
        self.three_card_settled = True
        return self._record("settle_three_card_bonus", {}, {"payments": orders},
                            "5324.41(n)(6)")

    # ------------------------------------------------------------------ stub count (n)(7)-(8)
    @property
    def _count_before_the_deal(self) -> bool:
        """The count is overdue, or the deck was removed from the table, and this blocks the
        round's deal: the dealer counts the whole deck (the stub before any card is dealt; a
        replacement deck) or enters the shuffler's count to release it ((n)(7)(ii), (n)(8))."""
        return self.round.phase is Phase.DEAL and not self.stub.can_deal

    @property
    def _whole_deck_count(self) -> bool:
        """The count is of the whole deck: before a deal that waits for it, or the replacement
        of a deck removed from the table, counted at the shuffle ((n)(8))."""
        return self._count_before_the_deal or (
            self.stub.deck_removed and self.round.phase is Phase.SHUFFLE)

    def verify_shuffle(self) -> None:
        """A deck removed from the table is not shuffled for play: the replacement deck is
        counted first, by the dealer or by the shuffler ((n)(8)), at once, not at the deal
        after the wagers."""
        if self._three_then_four and self.stub.deck_removed:
            how = ("load the replacement deck (52 cards and the joker) into the shuffler: its "
                   "count lets the round go on" if self.bonus.shuffler_counts_cards else
                   "count the replacement deck (52 cards and the joker) face down first")
            raise ProcedureError(f"the deck is removed from the table ({self.stub.last_problem})"
                                 f": {how}", "5324.41(n)(8)")

    def verify_count_stub(self, counted: int) -> None:
        if not self._three_then_four or (not self._whole_deck_count and self.round.phase in (
                Phase.SHUFFLE, Phase.CUT, Phase.BETTING, Phase.DEALER_WAGER, Phase.STARTING,
                Phase.RNG_WAGERS, Phase.DEAL, Phase.FOUR_CARD)):
            raise ProcedureError("the stub is counted face down after the four more cards (or, "
                                 "when the count is overdue, the deck before the deal)",
                                 "5324.41(n)(7)(ii)")
        if isinstance(counted, bool) or not isinstance(counted, int) or counted < 0:
            raise ProcedureError(f"a count is a number of cards, not {counted!r}",
                                 "5324.41(n)(7)(ii)")
        if not self._whole_deck_count:
            self.stub.verify_recount()  # the removed deck stays removed (the journal says so)


    def count_stub(self, counted: int) -> Record:
        """The dealer counted the stub face down on the layout ((n)(7)(ii)); a wrong number of
        cards takes the deck off the table."""
        self.verify_count_stub(counted)
        hands = 0 if self._whole_deck_count else len(self._all_stack_positions())
        self.stub = self.stub.record_count(counted=counted, hands=hands)
        self.stub_counted = not self.stub.deck_removed
        self.counted_before_deal = hands == 0
        return self._record("count_stub", {"counted": counted},
                            {"deck_removed": self.stub.deck_removed,
                             "problem": self.stub.last_problem}, "5324.41(n)(7)(ii)")

    def _all_stack_positions(self) -> list[str]:
        for record in reversed(self.round.history):
            if record.action == "deal" and "three_card_stacks" in record.effects:
                return list(record.effects["three_card_stacks"])
        return []

    def verify_shuffler_report(self, cards: int) -> None:
        # after any shuffle before the deal is recorded: the round's, or a redeal's reshuffle
        if self.round.phase not in (Phase.SHUFFLE, Phase.CUT, Phase.BETTING, Phase.DEALER_WAGER,
                                    Phase.STARTING, Phase.RNG_WAGERS, Phase.DEAL) and not (
                self._count_before_the_deal):
            raise ProcedureError("the shuffler reports its count after the shuffle",
                                 "5324.41(n)(8)")


    def shuffler_report(self, cards: int) -> Record:
        """The automated shuffler counted ``cards`` after the shuffle ((n)(8))."""
        self.verify_shuffler_report(cards)
        self.stub = self.stub.shuffler_report(cards)
        self.stub_counted = not self.stub.deck_removed
        self.counted_before_deal = True
        return self._record("shuffler_report", {"cards": cards},
                            {"deck_removed": self.stub.deck_removed}, "5324.41(n)(8)")

    def next_stub(self) -> StubCount:
        """The stub tracker for the table's next round: the rounds of play since the last count
        ((n)(7)(ii)). A count after this round's four more cards covers the round's cards, so
        the round is not one of the next five; a count before its deal (the whole deck) comes
        before the round's play, so this round is the first round of play since the count. A
        round without a count is one more."""
        if self.stub_counted and not self.counted_before_deal:
            return self.stub
        return self.stub.round_completed()

    # ------------------------------------------------------------------ settlement
    def verify_settle(self, meter: Cents | None) -> None:
        """Payouts are paid from the meter as it stands: the settlement needs its reading when a
        progressive wager was counted ((k)(6))."""
        if self.progressive_wagered and meter is None:
            raise ProcedureError("read the progressive meter: payouts are paid from the meter as "
                                 "it stands", "5324.41(k)(6)")

    @property
    def progressive_wagered(self) -> tuple[int, ...]:
        """The positions whose progressive wager was counted at the (k)(2) light check."""
        return self.lockout.wagered if self._progressive_offered else ()

    def settled_effects(self) -> dict[str, JSONValue]:
        """What the settlement record adds for the optional wagers: the payouts held for a
        supervisor, the hands left face up and the cards kept ((k)(3), (g)(8)-(9))."""
        return {"pending_validation": [v.position for v in self.validations],
                "left_face_up": list(self.left_face_up),
                "cards_kept": list(self.cards_kept)}

    def _seats(self) -> list[Seat]:
        lit = set(self.progressive_wagered)
        side = self.round.side_wagers
        seats = []
        for position in self.round.wagers:
            if position in self.round.surrendered:
                continue
            wagers = {w: a for w, a in side.get(position, {}).items()
                      if w != _PROGRESSIVE.value or position in lit}
            seats.append(Seat(position, self.round.seven_cards(position), wagers))
        return seats

    def settlement(self, pai_gow: Sequence[Payment], meter: Cents | None) -> list[Payment]:
        """The settlement's extension point: given the pai gow lines in the round's order and
        the progressive meter now, every line in the regulated order ((g)(7)-(8)); the
        progressive payouts deducted from the meter are held for a supervisor (they are not
        among the lines returned)."""
        self.meter_at_settlement = meter
        dealer = self.round.seven_cards(DEALER) if DEALER in self._dealt() else ()
        result = settle_round(self.bonus, self._seats(), dealer, pai_gow,
                              meter=self.meter_at_settlement, bank_position=self.round.bank,
                              progressive_positions=self.progressive_wagered)
        self.left_face_up = result.left_face_up
        self.cards_kept = result.cards_kept
        lines = []
        for line in result.payments:
            if line.wager == _PROGRESSIVE.value and line.clause == _METER_CLAUSE:
                self.validations.append(self._validation(line))
                continue
            lines.append(line)
            if line.wager == _PROGRESSIVE.value and line.outcome == "pay":
                # the round books a win at its amount; the progressive chip stays in the tray
                self._book(line.position, -line.stake)
        return lines

    def _dealt(self) -> set[int]:
        dealt = set()
        for position in (*self.round.wagers, DEALER):
            try:
                self.round.seven_cards(position)
            except KeyError:
                continue
            dealt.add(position)
        return dealt

    def _validation(self, line: Payment) -> SupervisorValidation:
        assert isinstance(line.position, int) and line.hand is not None
        cards = self.round.seven_cards(line.position)
        payout = progressive_payout([line.hand], self.bonus.table(_PROGRESSIVE.value),
                                    self.bonus.progressive_denomination)
        assert payout is not None and line.hand in progressive_hands(cards)
        share, fixed = _terms(payout.figure)
        return SupervisorValidation(
            position=line.position, cards=" ".join(c.text for c in cards), hand=line.hand,
            share_basis_points=share, fixed_amount=fixed,
            meter=self.meter_at_settlement or 0, dealer_id=self.dealer_id)

    # ------------------------------------------------------------------ validation (k)(3)
    def _pending_at(self, position: int) -> tuple[int, SupervisorValidation]:
        pending = self.pending
        if not pending:
            raise ProcedureError("no progressive payout waits for validation", _METER_CLAUSE)
        first = pending[0]
        if first.position != position:
            raise ProcedureError(
                f"the progressive payout at position {first.position} is paid first (from the "
                f"dealer's right); position {position} waits for it", "5324.41(k)(6)")
        return self.validations.index(first), first

    def at_meter(self, request: SupervisorValidation, meter: Cents) -> SupervisorValidation:
        """``request`` with the hand that pays most at ``meter``, the meter as it stands when
        paid ((k)(6), (g)(8)): a hit paid before it in the round may have lowered the meter so
        that a fixed amount the same cards form (a royal flush's $100 against 10% of the meter)
        now pays more than the share chosen at settlement."""
        cards = self.round.seven_cards(request.position)
        table = self.bonus.table(_PROGRESSIVE.value)
        denomination = self.bonus.progressive_denomination
        best = progressive_payout(
            [hand for hand in progressive_hands(cards)
             if (p := progressive_payout([hand], table, denomination, meter)) is not None
             and p.from_meter],
            table, denomination, meter)
        if best is None or best.hand == request.hand or (
                best.amount(meter) <= request.amount_at(meter)):
            return request
        share, fixed = _terms(best.figure)
        return replace(request, hand=best.hand, share_basis_points=share, fixed_amount=fixed)

    def meter_terms(self, request: SupervisorValidation
                    ) -> tuple[tuple[int | None, Cents | None], ...]:
        """Every (share, fixed amount) ``request``'s cards are paid from the meter by: the
        best of them at the meter when paid is what :meth:`at_meter` pays ((k)(6)), so a
        linked pool computes the same amount at its own commit."""
        cards = self.round.seven_cards(request.position)
        table = self.bonus.table(_PROGRESSIVE.value)
        denomination = self.bonus.progressive_denomination
        found = {(request.share_basis_points, request.fixed_amount)}
        for hand in progressive_hands(cards):
            payout = progressive_payout([hand], table, denomination, None)
            if payout is not None and payout.from_meter:
                found.add(_terms(payout.figure))
        first = (request.share_basis_points, request.fixed_amount)
        return (first, *sorted(found - {first}, key=lambda t: (t[0] or 0, t[1] or 0)))

    def verify_approve_progressive(self, position: int, supervisor_id: str, role: str,
                                   meter: Cents, jackpot_number: int, time: str) -> None:
        _, request = self._pending_at(position)
        self.at_meter(request, meter).verify_approve(supervisor_id, role, meter)
        if jackpot_number in {j.number for j in self.jackpots.values()} or jackpot_number < 1:
            raise ProcedureError(f"jackpot record number {jackpot_number} is taken or invalid",
                                 "5324.41(g)(9)")
        if not time.strip():
            raise ProcedureError("the jackpot record carries the time", "5324.41(g)(9)")


    def approve_progressive(self, position: int, supervisor_id: str, role: str, meter: Cents,
                            jackpot_number: int, time: str) -> Record:
        """A supervisor (not the dealer) who saw the cards, the hand, the meter and the amount
        approves the payout at ``position``; it is paid from ``meter``, the meter now ((k)(6)),
        and documented in jackpot record ``jackpot_number`` ((g)(9))."""
        self.verify_approve_progressive(position, supervisor_id, role, meter, jackpot_number,
                                        time)
        index, request = self._pending_at(position)
        approved = self.at_meter(request, meter).approve(supervisor_id, role, meter=meter)
        self.validations[index] = approved
        assert approved.amount is not None
        after = meter - approved.amount
        if after < self.bonus.progressive_reset:
            after = self.bonus.progressive_reset
        line = self._append(Payment(
            0, position, _PROGRESSIVE.value, "pay", self.bonus.progressive_denomination,
            approved.amount, hand=approved.hand, clause=_METER_CLAUSE,
            note=(f"paid from the meter at {format_cents(meter)}, validated by {supervisor_id}; "
                  f"jackpot record No. {jackpot_number}; the progressive chip stays in the tray")))
        self._book(position, approved.amount - self.bonus.progressive_denomination)
        record = JackpotRecord.for_payout(
            approved, number=jackpot_number, round_id=self.round_id,
            denomination=self.bonus.progressive_denomination, meter_after=after, time=time)
        self.jackpots[position] = replace(record, complete=False)
        return self._record(
            "approve_progressive",
            {"position": position, "supervisor_id": supervisor_id, "role": role, "meter": meter,
             "jackpot_number": jackpot_number, "time": time},
            {"amount": approved.amount, "meter_deduction": approved.amount,
             "meter_after": after, "payment": line.order, "jackpot": record.to_json()},
            _METER_CLAUSE)

    def verify_reject_progressive(self, position: int, supervisor_id: str, role: str,
                                  reason: str) -> None:
        _, request = self._pending_at(position)
        request.verify_reject(supervisor_id, role, reason)


    def reject_progressive(self, position: int, supervisor_id: str, role: str,
                           reason: str) -> Record:
        """The supervisor rejects the payout with the reason: nothing leaves the meter and the
        progressive wager stays collected."""
        self.verify_reject_progressive(position, supervisor_id, role, reason)
        index, request = self._pending_at(position)
        self.validations[index] = request.reject(supervisor_id, role, reason=reason)
        stake = self.bonus.progressive_denomination
        line = self._append(Payment(0, position, _PROGRESSIVE.value, "collect", stake,
                                    hand=request.hand, clause=_METER_CLAUSE,
                                    note=f"payout rejected by {supervisor_id}: {reason}"))
        self._book(position, -stake)
        return self._record("reject_progressive", {"position": position,
                                                   "supervisor_id": supervisor_id,
                                                   "role": role, "reason": reason},
                            {"payment": line.order}, _METER_CLAUSE)

    def verify_complete_jackpot_record(self, position: int) -> None:
        record = self.jackpots.get(position)
        if record is None or record.complete:
            raise ProcedureError(f"no jackpot record is open for position {position}",
                                 "5324.41(g)(9)")


    def complete_jackpot_record(self, position: int) -> Record:
        """The documentation of the payout is complete: the cards may now be collected ((g)(9))."""
        self.verify_complete_jackpot_record(position)
        self.jackpots[position] = replace(self.jackpots[position], complete=True)
        return self._record("complete_jackpot_record", {"position": position},
                            {"number": self.jackpots[position].number}, "5324.41(g)(9)")

    # ------------------------------------------------------------------ the step
    def step(self) -> Step:
        """What the dealer does next (the round's ``step``). From "no more bets" to the round's
        end the progressive wagers stay locked out ((k)(2)): every step names ``lockout_on``, so
        the lockout is put back as the step begins (after a restart too)."""
        step = self._removal_said(self._step())
        if (self._progressive_offered and self.lockout.phase is not LockoutPhase.OPEN
                and not self.round.is_complete and LOCKOUT_ON not in step.hardware):
            return replace(step, hardware=(*step.hardware, LOCKOUT_ON))
        return step

    def _removal_said(self, step: Step) -> Step:
        """A deck removed from the table is said at every step until a replacement deck is in
        ((n)(8)), as the journal's ``deck_removed`` says: a round whose cards are out plays on,
        one before its deal waits for the replacement."""
        if (not self._three_then_four or not self.stub.deck_removed
                or step.phase in (Phase.SHUFFLE.value, "stub_count")
                or self.round.is_void or self.round.is_complete):
            return step
        dealt = self.round.phase not in (Phase.CUT, Phase.BETTING, Phase.DEALER_WAGER,
                                         Phase.STARTING, Phase.RNG_WAGERS, Phase.DEAL)
        then = ("the next round is dealt from a replacement deck" if dealt else
                "the deal waits for a replacement deck, counted whole")
        return replace(step, next_instruction=f"{self.stub.prompt}; {then}")

    def _step(self) -> Step:
        phase = self.round.phase
        lockout = self.lockout
        if phase is Phase.HALTED:  # nothing but the supervisor's decision
            return step_for(self.round)
        if phase is Phase.BETTING:
            core = step_for(self.round)
            if "no_more_bets" in core.actions:
                return replace(core, actions=(*core.actions, "place_bonus_wager",
                                              "acceptor_lit"))
            return core
        if self._progressive_offered and lockout.phase is LockoutPhase.LOCKED and (
                phase not in (Phase.COMPLETE, Phase.SETTLEMENT)):
            if lockout.mismatch is not None:
                chips, lights = lockout.mismatch
                return Step("lockout", f"{counted(chips, 'progressive chip')} but "
                            f"{counted(lights, 'light')} lit: recount, or return unlit chips / "
                            "void lights with the reason",
                            ("confirm_light_count", "resolve_light_mismatch"),
                            tuple(sorted(lockout.lit)), (LOCKOUT_ON,), expects="decision",
                            clause="5324.41(k)(2)")
            return Step("lockout", f"Take the progressive chips from the chip tray return "
                        f"device and count them: {counted(len(lockout.lit), 'light')} lit",
                        ("confirm_light_count",), tuple(sorted(lockout.lit)), (LOCKOUT_ON,),
                        expects="count", clause="5324.41(k)(2)")
        if phase is Phase.SHUFFLE and self._three_then_four and self.stub.deck_removed:
            if self.bonus.shuffler_counts_cards:
                return Step(Phase.SHUFFLE.value, f"Remove the deck from the table "
                            f"({self.stub.last_problem}); load a replacement deck (52 cards "
                            "and the joker) into the shuffler: its count lets the round go on",
                            ("shuffler_report",), expects="count", clause="5324.41(n)(8)")
            return Step(Phase.SHUFFLE.value, f"Remove the deck from the table "
                        f"({self.stub.last_problem}); count the replacement deck face down on "
                        "the layout (52 cards and the joker) before it is shuffled",
                        ("count_stub",), expects="count", clause="5324.41(n)(8)")
        if phase is Phase.DEAL and self._three_then_four and not self.stub.can_deal:
            instruction = self.stub.prompt or "Count the stub"
            # the shuffler's own count where it counts ((n)(8)), else the dealer's
            counts = self.bonus.shuffler_counts_cards
            if self.stub.deck_removed:
                instruction += ("; then load a replacement deck (52 cards and the joker) into "
                                "the shuffler: its count lets the deal go on" if counts else
                                "; then count the replacement deck face down (52 cards and "
                                "the joker)")
            return Step("stub_count", instruction,
                        ("shuffler_report",) if counts else ("count_stub",), expects="count",
                        clause="5324.41(n)(8)" if self.stub.deck_removed
                        else "5324.41(n)(7)(ii)")
        if phase is Phase.FOUR_CARD and not self.three_card_settled and self._three_card_wagers:
            return Step("three_card_bonus", "Collect the losing three-card bonus wagers, then "
                        "pay the winners", ("settle_three_card_bonus",),
                        tuple(sorted(self._three_card_wagers, reverse=True)),
                        clause="5324.41(n)(6)")
        if phase is Phase.COMPLETE:
            if self.pending:
                first = self.pending[0]
                return Step("progressive_validation",
                            f"Supervisor: sign in and validate the progressive payout - "
                            f"{first.summary}", ("approve_progressive", "reject_progressive"),
                            (first.position,), expects="supervisor", clause=_METER_CLAUSE)
            open_records = [p for p, j in self.jackpots.items() if not j.complete]
            if open_records:
                p = open_records[0]
                return Step("jackpot_record", f"Keep the cards of position {p} on the table "
                            f"until jackpot record No. {self.jackpots[p].number} is complete",
                            ("complete_jackpot_record",), (p,), clause="5324.41(g)(9)")
        core = step_for(self.round)
        if phase is Phase.FOUR_CARD and (
                self.bonus.three_seven_completion is Completion.STUB_BY_HAND):
            return replace(core, instruction="Remove the stub from the shoe, place it on the cover "
                           "card and deal four cards to each player with a wager from the "
                           "farthest left, clockwise, then to the dealer", hardware=(),
                           clause="5324.41(n)(7)(i)")
        if (self._three_then_four and self.stub.due and not self.stub_counted
                and phase not in (Phase.DEAL, Phase.FOUR_CARD)):
            return replace(core, next_instruction=self.stub.prompt)
        return core

    # ------------------------------------------------------------------ the document
    def document(self) -> dict[str, JSONValue]:
        """The ``"bonus"`` section of the round's document: what a round with optional wagers is
        made from besides the table's configuration and context (the wagers' configuration, the
        dealer, the round's id, the stub tracker at the start) and where they stand."""
        return {
            "config": self.bonus.to_document(),
            "dealer_id": self.dealer_id,
            "round_id": self.round_id,
            "lockout": self.lockout.to_json(),
            "stub_at_start": self.stub_at_start.to_json(),
            "stub": {"required": self.stub.required,
                     "rounds_since_count": self.stub.rounds_since_count,
                     "deck_removed": self.stub.deck_removed, "counted": self.stub_counted},
            "meter_at_settlement": self.meter_at_settlement,
            "left_face_up": list(self.left_face_up),
            "cards_kept": list(self.cards_kept),
            "validations": [v.to_json() for v in self.validations],
            "jackpots": {str(p): j.to_json() for p, j in sorted(self.jackpots.items())},
        }
