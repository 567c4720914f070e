"""One round of Let It Ride as an explicit state machine (9 NYCRR 5324.34(c)-(f)).

The dealer's screen and the station drive a :class:`LetItRideRound` only through its public
actions. Every action has three faces: ``verify_<action>(...)`` raises
:class:`~dealer_station.procedure.ProcedureError` with the reason and the clause, ``can_<action>``
says whether it is allowed now, and ``<action>(...)`` performs it and returns the
:class:`~dealer_station.procedure.Record` appended to :attr:`LetItRideRound.history`.
:attr:`LetItRideRound.step` tells the dealer what to do now.

Actions, in the order of a round (positions 1-7 from the dealer's far left, clockwise):

* betting ((c)): ``set_players_waiting``, ``place_wagers``, ``place_three_card_bonus``,
  ``acknowledge_bonus`` and ``bonus_chip_removed`` (the bonus wager acceptor's chip placed and
  lifted, (a)(3), in any order with the wagers), ``withdraw_wagers``;
  ``announce_no_more_bets`` engages the bonus wager lockout ((c)(3), (a)(3)(ii));
* dealing ((d)): ``deal_card`` (manual, (d)(1)) or ``receive_stack`` (automated shoe, (d)(2));
* ``decide_bet_one`` ((e)(2)), ``turn_community_card`` ((e)(3)), ``decide_bet_two`` ((e)(4)),
  ``turn_community_card`` ((e)(5));
* ``show_hand`` ((e)(6)), ``collect_losing_wagers`` ((e)(7)), ``pay_winning_wagers`` ((e)(8)),
  ``collect_cards`` ((e)(8)(ii), (e)(9));
* dealer errors at any time: ``report_exposed_card``, ``call_supervisor``, ``resolve_halt``.

>>> from dealer_station.games.let_it_ride.config import config_from_mapping
>>> r = LetItRideRound(config_from_mapping({"table": {"dealing": "shoe"}}))
>>> r.place_wagers(position=3, bet_one=500, bet_two=500, bet_three=500).action
'place_wagers'
>>> r.step.phase, [str(requirement) for requirement in r.step.hardware]
('betting', ['lockout_off', 'acceptors_enabled:3', 'acceptor_lights:'])
>>> _ = r.announce_no_more_bets()
>>> r.step.instruction
'Press DISPENSE and deliver the stack of three cards face down to position 3.'
>>> r.step.hardware
(Hardware('lockout_on'), Hardware('shoe_dispense:3'))
>>> r.can_decide_bet_one(position=3, let_it_ride=True)
False
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from dealer_station.cards import Card, CardError, format_cards, parse_card
from dealer_station.games.let_it_ride.config import (
    Dealing,
    ExposedCardRule,
    LetItRideConfig,
)
from dealer_station.games.let_it_ride.phases import (
    COMMUNITY,
    COMMUNITY_SLOTS,
    Phase,
    clockwise,
    counter_clockwise,
    manual_dealing_order,
    shoe_dealing_order,
)
from dealer_station.games.let_it_ride.settlement import (
    BASE_WAGERS,
    HandResult,
    Settlement,
    SettlementLine,
    Wagers,
    judge_hand,
    settle,
)
from dealer_station.games.let_it_ride.steps import ORDINAL, WAGER_WORDS, step_for
from dealer_station.games.void_steps import VoidSteps, check_void_words
from dealer_station.money import Cents, format_cents
from dealer_station.procedure import (
    HaltResolution,
    JSONValue,
    Payment,
    ProcedureError,
    Record,
    Step,
    allowed,
)
from dealer_station.sensing import SensedChips

__all__ = ["DOCUMENT_VERSION", "GAME", "HaltResolution", "LetItRideRound"]

GAME = "let_it_ride"
DOCUMENT_VERSION = 1

#: A round voided by a supervisor: its wagers are returned in the order of (e)(8) and its cards
#: collected as at (e)(9) (the reading is in docs/rules-interpretation.md).
VOID_CLAUSE = "5324.34(e)(8)"

#: The note of a RETURN line for a bonus chip sensed where no wagers were placed by the lockout.
_SENSED_RETURN = "bonus chip sensed without wagers: returned, not a wager"

_BEFORE_SHOWDOWN = (Phase.DEALING, Phase.BET_ONE, Phase.FIRST_COMMUNITY_CARD, Phase.BET_TWO,
                    Phase.SECOND_COMMUNITY_CARD)
_SETTLING = (Phase.COLLECT_LOSING_WAGERS, Phase.PAY_WINNING_WAGERS, Phase.COLLECT_CARDS)


#: The clause of each step of the round ((c) betting ... (e)(9) collecting the cards).
_PHASE_CLAUSES: Mapping[Phase, str] = {
    Phase.BETTING: "5324.34(c)(3)",
    Phase.DEALING: "5324.34(d)",
    Phase.BET_ONE: "5324.34(e)(2)",
    Phase.FIRST_COMMUNITY_CARD: "5324.34(e)(3)",
    Phase.BET_TWO: "5324.34(e)(4)",
    Phase.SECOND_COMMUNITY_CARD: "5324.34(e)(5)",
    Phase.SHOWDOWN: "5324.34(e)(6)",
    Phase.COLLECT_LOSING_WAGERS: "5324.34(e)(7)",
    Phase.PAY_WINNING_WAGERS: "5324.34(e)(8)",
    Phase.COLLECT_CARDS: "5324.34(e)(9)",
    Phase.HALTED: "5324.34(e)",
    Phase.RETURN_WAGERS: VOID_CLAUSE,
    Phase.COMPLETE: "5324.34(e)(9)",
}


def _card(text: str) -> Card:
    try:
        card = parse_card(text)
    except CardError as error:
        raise ProcedureError(str(error), "5324.34(b)(1)") from None
    if card.is_joker:
        raise ProcedureError("Let It Ride is played without a joker", "5324.34(b)(1)")
    return card


class LetItRideRound(VoidSteps):
    """A round of Let It Ride at one table, from the first wager to the last card collected.

    Satisfies :class:`dealer_station.procedure.GameRound`; randomness (the shuffle) never enters
    here: the cards are inputs (``receive_stack`` / ``deal_card`` / exposures).
    """

    #: The clause the void's records cite (:class:`~dealer_station.games.void_steps.VoidSteps`).
    void_clause = VOID_CLAUSE

    game = GAME

    def __init__(self, config: LetItRideConfig) -> None:
        self.config = config
        self._history: list[Record] = []
        self._phase = Phase.BETTING
        self._players_waiting = 0
        self._wagers: dict[int, Wagers] = {}
        self._dealt: tuple[int, ...] = ()
        self._plan: tuple[tuple[int | str, int], ...] = ()
        self._deal_index = 0
        self._hands: dict[int, list[Card | None]] = {}
        self._community: dict[str, Card | None] = {}
        self._seen: set[Card] = set()
        self._rides: dict[int, dict[str, bool]] = {}
        self._turned = 0
        self._results: dict[int, HandResult] = {}
        self._settlement: Settlement | None = None
        self._payments: list[Payment] = []
        self._discard: list[dict[str, JSONValue]] = []
        self._exposed: list[dict[str, JSONValue]] = []
        self._unrecognised_bonus: list[dict[str, JSONValue]] = []
        self._sensed = SensedChips()
        self._halts: list[dict[str, JSONValue]] = []
        self._halt: dict[str, Any] | None = None
        self._resume = Phase.BETTING
        self._void = False

    # ------------------------------------------------------------------ read-only state

    @property
    def history(self) -> Sequence[Record]:
        """Every action taken, in order (replayable by :func:`dealer_station.procedure.replay`)."""
        return tuple(self._history)

    @property
    def phase(self) -> Phase:
        return self._phase

    @property
    def is_complete(self) -> bool:
        return self._phase is Phase.COMPLETE

    @property
    def is_void(self) -> bool:
        """True when a supervisor (or the exposed-card rule) voided the round."""
        return self._void

    @property
    def lockout_engaged(self) -> bool:
        """The bonus wager lockout is on from "no more bets" to the end of the round."""
        return self._phase not in (Phase.BETTING, Phase.COMPLETE)

    @property
    def wagers(self) -> Mapping[int, Wagers]:
        """The wagers at each betting position (bonus wagers only once acknowledged)."""
        return dict(self._wagers)

    @property
    def dealt_positions(self) -> tuple[int, ...]:
        """Positions dealt cards (those with three wagers at "no more bets"), clockwise."""
        return self._dealt

    @property
    def players_waiting(self) -> int:
        return self._players_waiting

    def cards(self, position: int) -> tuple[Card | None, ...]:
        """The cards dealt to ``position`` so far (None: dealt face down, not yet known)."""
        return tuple(self._hands.get(position, ()))

    @property
    def community(self) -> Mapping[str, Card | None]:
        """The community area: ``left`` (first community card), ``right`` and ``burn``."""
        return dict(self._community)

    @property
    def community_turned(self) -> int:
        """How many community cards are face up (0-2)."""
        return self._turned

    def on_layout(self, position: int) -> tuple[str, ...]:
        """The base wagers still on the layout at ``position`` (withdrawn ones left out)."""
        rides = self._rides.get(position, {})
        return tuple(w for w in BASE_WAGERS if rides.get(w, True))

    @property
    def results(self) -> Mapping[int, HandResult]:
        """The hands judged at the showdown so far, by position."""
        return dict(self._results)

    @property
    def payments(self) -> Sequence[Payment]:
        """Every wager settled so far, in the order the dealer settled it: withdrawn bets one and
        two as they were returned ((e)(2), (e)(4)), then losing wagers collected, then winning
        wagers paid ((e)(7), (e)(8)); a voided round's wagers as returned."""
        return tuple(self._payments)

    @property
    def planned_settlement(self) -> Settlement | None:
        """The collections and payments due, once every hand is shown."""
        return self._settlement

    @property
    def halt(self) -> Mapping[str, Any] | None:
        """Why the round is halted for a supervisor (``kind``, ``reason``, ``clause``), or None."""
        return dict(self._halt) if self._halt else None

    @property
    def exposed_cards(self) -> Sequence[Mapping[str, JSONValue]]:
        return tuple(self._exposed)

    @property
    def unrecognised_bonus_wagers(self) -> Sequence[Mapping[str, JSONValue]]:
        """Bonus wagers sensed after "no more bets": reported, never counted ((a)(3)(ii))."""
        return tuple(self._unrecognised_bonus)

    @property
    def discard_rack(self) -> Sequence[Mapping[str, JSONValue]]:
        """The cards as they went into the discard rack, group by group ((e)(9))."""
        return tuple(self._discard)

    # ------------------------------------------------------------------ helpers

    def _record(self, action: str, arguments: Mapping[str, JSONValue],
                effects: Mapping[str, JSONValue], clause: str | None) -> Record:
        record = Record(len(self._history) + 1, action, dict(arguments), dict(effects), clause)
        self._history.append(record)
        return record

    def _require(self, *phases: Phase, doing: str, clause: str) -> None:
        """Refuse ``doing`` outside ``phases``, citing ``clause`` (the clause placing the action
        in the round's order); while halted, the clause of the halt."""
        if self._phase is Phase.HALTED:
            raise ProcedureError(
                f"the round is halted ({self._halt_reason()}): a supervisor must resolve it "
                f"before {doing}", self._halt_clause()
            )
        if self._phase not in phases:
            raise ProcedureError(f"cannot {doing} during {self._phase.value.replace('_', ' ')}",
                                 clause)

    def _halt_clause(self) -> str:
        """The clause a halt is about: the one recorded with it, else (a dealer's call for a
        supervisor) the clause of the step the round halted at."""
        recorded = self._halt.get("clause") if self._halt else None
        if isinstance(recorded, str) and recorded:
            return recorded
        return _PHASE_CLAUSES[self._resume if self._phase is Phase.HALTED else self._phase]

    def _halt_reason(self) -> str:
        return str(self._halt["reason"]) if self._halt else ""

    def _position(self, position: int) -> None:
        if not isinstance(position, int) or not 1 <= position <= self.config.positions:
            raise ProcedureError(f"there is no betting position {position!r}", "5324.34(a)(1)")

    def _pay(self, position: int, wager: str, outcome: str, stake: Cents, amount: Cents = 0,
             hand: str | None = None, clause: str | None = None, note: str = "") -> Payment:
        payment = Payment(len(self._payments) + 1, position, wager, outcome, stake, amount,
                          0, hand, clause, note)
        self._payments.append(payment)
        return payment

    def _pay_line(self, line: SettlementLine) -> Payment:
        return self._pay(line.position, line.wager, line.outcome, line.stake, line.amount,
                         line.hand, line.clause, line.note)

    def _enter_halt(self, kind: str, reason: str, clause: str | None,
                    cards: Sequence[Card] = ()) -> dict[str, JSONValue]:
        self._halt = {"kind": kind, "reason": reason, "clause": clause,
                      "cards": [c.text for c in cards]}
        self._halts.append(dict(self._halt))
        self._resume = self._phase
        self._phase = Phase.HALTED
        return {"halted": True, "halt": dict(self._halt)}

    def _duplicates(self, cards: Sequence[Card]) -> list[Card]:
        seen = set(self._seen)
        duplicates = []
        for card in cards:
            if card in seen:
                duplicates.append(card)
            seen.add(card)
        return duplicates

    # ------------------------------------------------------------------ betting ((c))

    def verify_set_players_waiting(self, count: int) -> None:
        self._require(Phase.BETTING, doing="change the waiting list", clause="5324.34(c)(5)")
        if not isinstance(count, int) or count < 0:
            raise ProcedureError(f"{count!r} is not a number of players waiting",
                                 "5324.34(c)(5)")

    def can_set_players_waiting(self, count: int) -> bool:
        return allowed(self.verify_set_players_waiting, count)

    def set_players_waiting(self, count: int) -> Record:
        """How many players are waiting to be seated (a second position needs none, (c)(5))."""
        self.verify_set_players_waiting(count)
        self._players_waiting = count
        return self._record("set_players_waiting", {"count": count}, {}, "5324.34(c)(5)")

    def _player(self, position: int, player: str | None) -> str:
        return player if player is not None else f"seat {position}"

    def verify_place_wagers(self, position: int, bet_one: Cents, bet_two: Cents,
                            bet_three: Cents, player: str | None = None) -> None:
        self._require(Phase.BETTING, doing="place wagers: 'no more bets' was announced",
                      clause="5324.34(c)(3)")
        self._position(position)
        if position in self._wagers:
            raise ProcedureError(
                f"position {position} already has its three wagers; withdraw them first to "
                "change them", "5324.34(c)(4)")
        amounts = (bet_one, bet_two, bet_three)
        if any(not isinstance(a, int) or isinstance(a, bool) for a in amounts):
            raise ProcedureError("wagers are amounts in cents", "5324.34(c)(4)")
        if len(set(amounts)) != 1:
            raise ProcedureError(
                "bet one, bet two and bet three must be three equal wagers, not "
                + ", ".join(format_cents(a) for a in amounts), "5324.34(c)(4)")
        if not self.config.minimum <= bet_one <= self.config.maximum:
            raise ProcedureError(
                f"each wager must be between the table minimum {format_cents(self.config.minimum)}"
                f" and maximum {format_cents(self.config.maximum)}, not {format_cents(bet_one)}",
                "5323.12")
        self._verify_second_position(position, self._player(position, player))

    def _verify_second_position(self, position: int, player: str) -> None:
        others = [p for p, w in self._wagers.items() if w.player == player]
        if not others:
            return
        if not self.config.two_positions:
            raise ProcedureError(
                f"{player} already wagers at position {others[0]}; this table does not permit "
                "two positions", "5324.34(c)(5)")
        if len(others) > 1:
            raise ProcedureError(f"{player} already wagers at two positions", "5324.34(c)(5)")
        if abs(others[0] - position) != 1:
            raise ProcedureError(
                f"{player}'s second position must be adjacent to position {others[0]}, "
                f"not {position}", "5324.34(c)(5)")
        if self._players_waiting:
            raise ProcedureError(
                f"{self._players_waiting} player(s) waiting to be seated: no second position",
                "5324.34(c)(5)")

    def can_place_wagers(self, position: int, bet_one: Cents, bet_two: Cents, bet_three: Cents,
                         player: str | None = None) -> bool:
        return allowed(self.verify_place_wagers, position, bet_one, bet_two, bet_three, player)

    def place_wagers(self, position: int, bet_one: Cents, bet_two: Cents, bet_three: Cents,
                     player: str | None = None) -> Record:
        """The three equal wagers at ``position`` (5324.34(c)(4)); ``player`` names who plays
        it (two adjacent positions may share a player, (c)(5)); default one player per seat."""
        self.verify_place_wagers(position, bet_one, bet_two, bet_three, player)
        bonus = self.config.bonus_wager if self._bonus_sensed(position) else 0
        self._wagers[position] = Wagers(self._player(position, player), bet_one, bet_two,
                                        bet_three, bonus)
        effects: dict[str, JSONValue] = {"player": self._player(position, player),
                                         "total": 3 * bet_one}
        if bonus:
            effects["bonus"] = bonus  # the chip already on the acceptor is the bonus wager
        return self._record(
            "place_wagers",
            {"position": position, "bet_one": bet_one, "bet_two": bet_two,
             "bet_three": bet_three, "player": player},
            effects, "5324.34(c)(4)")

    def verify_withdraw_wagers(self, position: int) -> None:
        self._require(Phase.BETTING, doing="withdraw wagers: 'no more bets' was announced",
                      clause="5324.34(c)(3)")
        self._position(position)
        if position not in self._wagers:
            raise ProcedureError(f"position {position} has no wagers", "5324.34(c)(3)")

    def can_withdraw_wagers(self, position: int) -> bool:
        return allowed(self.verify_withdraw_wagers, position)

    def withdraw_wagers(self, position: int) -> Record:
        """Every wager at ``position`` taken back before "no more bets" (5324.34(c)(3))."""
        self.verify_withdraw_wagers(position)
        wagers = self._wagers.pop(position)
        effects: dict[str, JSONValue] = {"returned": wagers.total}
        if position in self._sensed:
            effects["bonus_chip_sensed"] = (
                f"the $1 chip is still on the bonus acceptor at position {position}: it is "
                "returned at 'no more bets' unless the wagers are placed again")
        return self._record("withdraw_wagers", {"position": position}, effects,
                            "5324.34(c)(3)")

    def verify_place_three_card_bonus(self, position: int, amount: Cents) -> None:
        self._require(Phase.BETTING, doing="place a three-card bonus wager: 'no more bets' was "
                      "announced", clause="5324.34(c)(3)")
        self._position(position)
        if not self.config.three_card_offered:
            raise ProcedureError("this table does not offer the three-card bonus wager",
                                 "5324.34(c)(7)(i)")
        if position not in self._wagers:
            raise ProcedureError(
                f"position {position} must place its three wagers before a three-card bonus "
                "wager", "5324.34(c)(7)(ii)")
        if self._wagers[position].three_card_bonus:
            raise ProcedureError(f"position {position} already has a three-card bonus wager",
                                 "5324.34(c)(7)(ii)")
        low, high = self.config.three_card_minimum, self.config.three_card_maximum
        if not isinstance(amount, int) or not low <= amount <= high:
            raise ProcedureError(
                f"the three-card bonus wager must be between {format_cents(low)} and "
                f"{format_cents(high)}", "5323.12")

    def can_place_three_card_bonus(self, position: int, amount: Cents) -> bool:
        return allowed(self.verify_place_three_card_bonus, position, amount)

    def place_three_card_bonus(self, position: int, amount: Cents) -> Record:
        """The optional three-card bonus wager, only with the three wagers (5324.34(c)(7)(ii))."""
        self.verify_place_three_card_bonus(position, amount)
        w = self._wagers[position]
        self._wagers[position] = Wagers(w.player, w.bet_one, w.bet_two, w.bet_three, w.bonus,
                                        amount)
        return self._record("place_three_card_bonus", {"position": position, "amount": amount},
                            {}, "5324.34(c)(7)(ii)")

    def verify_acknowledge_bonus(self, position: int) -> None:
        if self._phase is Phase.COMPLETE:
            raise ProcedureError("the round is complete", "5324.34(a)(3)(ii)")
        self._position(position)
        if not self.config.bonus_offered:
            raise ProcedureError("this table does not offer the let it ride bonus wager",
                                 "5324.34(c)(6)(i)")
        if self._phase is Phase.HALTED and self._resume is Phase.BETTING:
            raise ProcedureError("the round is halted before 'no more bets': a supervisor must "
                                 "resolve it first", self._halt_clause())
        # sensed after the lockout: recorded as not recognised; before it, in any order with
        # the wagers: the chip is the bonus wager once the position has its three wagers

    def can_acknowledge_bonus(self, position: int) -> bool:
        return allowed(self.verify_acknowledge_bonus, position)

    def acknowledge_bonus(self, position: int) -> Record:
        """The bonus wager acceptor at ``position`` acknowledged a $1 let it ride bonus wager
        (5324.34(a)(3)(i)). Before "no more bets" it counts, whether the position's three wagers
        come before or after it (a chip at a position without them at the lockout is returned);
        after the lockout it is not recognised: recorded and reported, never counted
        ((a)(3)(ii), (c)(3)). Sensed again where the round already knows a chip (an acceptor
        back empty after a restart, the chip put back), it stays one chip."""
        self.verify_acknowledge_bonus(position)
        if self._phase is not Phase.BETTING:
            report = {"position": position, "sequence": len(self._history) + 1,
                      "phase": self._phase.value}
            self._unrecognised_bonus.append(report)
            return self._record(
                "acknowledge_bonus", {"position": position},
                {"recognised": False, "reason": "sensed after 'no more bets': not recognised; "
                 "return the chip to the player"}, "5324.34(a)(3)(ii)")
        already = position in self._sensed
        self._sensed = self._sensed.placed(position)
        effects: dict[str, JSONValue] = {"recognised": True}
        if already:
            effects["already_sensed"] = True
        if position in self._wagers:
            effects["amount"] = self.config.bonus_wager
            self._set_bonus(position, self.config.bonus_wager)
        else:
            effects["waiting_for_wagers"] = (
                f"position {position} has no wagers yet: the chip is its bonus wager once its "
                "three wagers are placed before 'no more bets', else it is returned")
        return self._record("acknowledge_bonus", {"position": position}, effects,
                            "5324.34(c)(6)(ii)")

    def _bonus_sensed(self, position: int) -> bool:
        return self.config.bonus_offered and position in self._sensed

    def _set_bonus(self, position: int, amount: Cents) -> None:
        w = self._wagers[position]
        self._wagers[position] = Wagers(w.player, w.bet_one, w.bet_two, w.bet_three, amount,
                                        w.three_card_bonus)

    @property
    def sensed_bonus_chips(self) -> frozenset[int]:
        """The positions whose bonus acceptor senses a chip while bets are open."""
        return self._sensed.positions

    @property
    def bonus_returns(self) -> tuple[Payment, ...]:
        """The RETURN lines of bonus chips sensed at positions without wagers at the lockout."""
        return tuple(p for p in self._payments if p.note == _SENSED_RETURN)

    def verify_bonus_chip_removed(self, position: int) -> None:
        self._require(Phase.BETTING, doing="lift a bonus chip: 'no more bets' was announced",
                      clause="5324.34(a)(3)(ii)")
        self._position(position)
        if not self.config.bonus_offered:
            raise ProcedureError("this table does not offer the let it ride bonus wager",
                                 "5324.34(c)(6)(i)")

    def can_bonus_chip_removed(self, position: int) -> bool:
        return allowed(self.verify_bonus_chip_removed, position)

    def bonus_chip_removed(self, position: int) -> Record:
        """The $1 chip lifted off the bonus acceptor at ``position`` before "no more bets": no
        bonus wager there unless a chip is sensed again (5324.34(a)(3)(i), (c)(6)(ii))."""
        self.verify_bonus_chip_removed(position)
        had = position in self._sensed
        self._sensed = self._sensed.lifted(position)
        if position in self._wagers and self._wagers[position].bonus:
            self._set_bonus(position, 0)
        return self._record("bonus_chip_removed", {"position": position},
                            {"was_sensed": had}, "5324.34(c)(6)(ii)")

    def verify_announce_no_more_bets(self) -> None:
        self._require(Phase.BETTING, doing="announce 'no more bets' again", clause="5324.34(c)(3)")
        if not self._wagers:
            raise ProcedureError("no position has placed its three wagers", "5324.34(c)(4)")

    def can_announce_no_more_bets(self) -> bool:
        return allowed(self.verify_announce_no_more_bets)

    def announce_no_more_bets(self) -> Record:
        """"No more bets": no wager is made, increased or withdrawn from here (5324.34(c)(3));
        the bonus wager lockout engages ((a)(3)(ii))."""
        self.verify_announce_no_more_bets()
        sensed = self._sensed.resolve(self._wagers) if self.config.bonus_offered else None
        returns = sensed.returns if sensed is not None else ()
        for position in counter_clockwise(returns):
            self._pay(position, "bonus", "return", self.config.bonus_wager,
                      clause="5324.34(c)(6)(ii)", note=_SENSED_RETURN)
        self._dealt = clockwise(self._wagers)
        self._plan = (
            tuple((target, 0) for target in shoe_dealing_order(self._dealt))
            if self.config.dealing is Dealing.SHOE
            else tuple((d.target, d.slot) for d in manual_dealing_order(self._dealt)))
        self._hands = {p: [] for p in self._dealt}
        self._rides = {p: {} for p in self._dealt}
        self._phase = Phase.DEALING
        return self._record(
            "announce_no_more_bets", {},
            {"lockout": "on", "positions": list(self._dealt),
             "bonus_positions": [p for p in self._dealt if self._wagers[p].bonus],
             "three_card_bonus_positions": [p for p in self._dealt
                                            if self._wagers[p].three_card_bonus],
             **({"sensed_returns": list(returns)} if returns else {})},
            "5324.34(c)(3)")

    # ------------------------------------------------------------------ dealing ((d))

    @property
    def next_delivery(self) -> tuple[int | str, int] | None:
        """Where the next card (manual) or stack (shoe) goes: ``(target, slot)``, target a
        position or ``"community"``; None when dealing is over."""
        if self._phase is not Phase.DEALING and not (
            self._phase is Phase.HALTED and self._resume is Phase.DEALING
        ):
            return None
        if self._deal_index >= len(self._plan):
            return None
        return self._plan[self._deal_index]

    def _finish_dealing_if_done(self) -> None:
        if self._deal_index >= len(self._plan):
            self._phase = Phase.BET_ONE

    def verify_receive_stack(self, cards: Sequence[str]) -> None:
        self._require(Phase.DEALING, doing="deliver a stack", clause="5324.34(d)(2)")
        if self.config.dealing is not Dealing.SHOE:
            raise ProcedureError("this table deals manually: enter one card at a time",
                                 "5324.34(d)(1)")
        for text in cards:
            _card(text)

    def can_receive_stack(self, cards: Sequence[str]) -> bool:
        return allowed(self.verify_receive_stack, cards)

    def receive_stack(self, cards: Sequence[str]) -> Record:
        """The automated shoe dispensed a stack (``cards`` top first, as the shoe read them).
        The round assigns it to the next recipient ((d)(2)); a stack of other than three cards
        or with a card already dealt halts the round for a supervisor."""
        self.verify_receive_stack(cards)
        parsed = [_card(text) for text in cards]
        arguments = {"cards": [c.text for c in parsed]}
        target, _ = self.next_delivery or (None, 0)
        if len(parsed) != 3:
            return self._record("receive_stack", arguments, self._enter_halt(
                "stack_count", f"the shoe dispensed a stack of {len(parsed)} cards, not three",
                "5324.34(d)(2)", parsed), "5324.34(d)(2)")
        duplicates = self._duplicates(parsed)
        if duplicates:
            return self._record("receive_stack", arguments, self._enter_halt(
                "duplicate_card", f"duplicate card {format_cards(duplicates)} in the stack for "
                f"{self._target_words(target)}", "5324.34(d)(2)", parsed), "5324.34(d)(2)")
        self._seen.update(parsed)
        self._deal_index += 1
        if target == COMMUNITY:
            self._community = dict(zip(COMMUNITY_SLOTS, parsed, strict=True))
            self._discard.append({"from": "burn", "cards": [parsed[2].text]})
            effects: dict[str, JSONValue] = {
                "to": COMMUNITY, "left": parsed[0].text, "right": parsed[1].text,
                "burn": parsed[2].text}
        else:
            assert isinstance(target, int)
            self._hands[target] = list(parsed)
            effects = {"to": target}
        self._finish_dealing_if_done()
        return self._record("receive_stack", arguments, effects, "5324.34(d)(2)")

    def verify_deal_card(self, card: str | None = None, target: int | str | None = None) -> None:
        self._require(Phase.DEALING, doing="deal a card", clause="5324.34(d)(1)")
        if self.config.dealing is not Dealing.MANUAL:
            raise ProcedureError("this table deals from the automated shoe in stacks of three",
                                 "5324.34(d)(2)")
        if card is not None:
            _card(card)
        expected = self.next_delivery
        if target is not None and expected is not None and target != expected[0]:
            raise ProcedureError(
                f"the next card goes to {self._target_words(expected[0])}, not "
                f"{self._target_words(target)}", "5324.34(d)(1)")

    def can_deal_card(self, card: str | None = None, target: int | str | None = None) -> bool:
        return allowed(self.verify_deal_card, card, target)

    def deal_card(self, card: str | None = None, target: int | str | None = None) -> Record:
        """One card dealt face down by hand or from a manual shoe to the next recipient of
        5324.34(d)(1); ``card`` when the station can read it (else it is entered when exposed),
        ``target`` to check the dealer's placement. A card already dealt halts the round."""
        self.verify_deal_card(card, target)
        delivery = self.next_delivery
        assert delivery is not None
        to, slot = delivery
        parsed = _card(card) if card is not None else None
        arguments: dict[str, JSONValue] = {"card": parsed.text if parsed else None,
                                           "target": target}
        if parsed is not None and self._duplicates([parsed]):
            return self._record("deal_card", arguments, self._enter_halt(
                "duplicate_card", f"duplicate card {parsed} dealt to {self._target_words(to)}",
                "5324.34(d)(1)", [parsed]), "5324.34(d)(1)")
        if parsed is not None:
            self._seen.add(parsed)
        self._deal_index += 1
        if to == COMMUNITY:
            name = COMMUNITY_SLOTS[slot]
            self._community[name] = parsed
            if name == "burn":
                self._discard.append({"from": "burn", "cards": [parsed.text if parsed else None]})
        else:
            assert isinstance(to, int)
            self._hands[to].append(parsed)
        self._finish_dealing_if_done()
        return self._record("deal_card", arguments,
                            {"to": to, "slot": COMMUNITY_SLOTS[slot] if to == COMMUNITY else slot},
                            "5324.34(d)(1)")

    @staticmethod
    def _target_words(target: int | str | None) -> str:
        if target == COMMUNITY:
            return "the community area"
        return f"position {target}"

    # ------------------------------------------------------------------ decisions ((e)(2)-(5))

    def awaiting_decision(self, wager: str) -> tuple[int, ...]:
        """Positions yet to decide ``wager`` (``bet_one`` or ``bet_two``), in the order the
        dealer asks them: from the far left clockwise ((e)(2), (e)(4))."""
        return tuple(p for p in self._dealt if wager not in self._rides[p])

    @property
    def decisions(self) -> Mapping[int, Mapping[str, bool]]:
        """Each position's decisions so far: ``{"bet_one": True}`` lets bet one ride."""
        return {p: dict(rides) for p, rides in self._rides.items()}

    def _verify_decision(self, wager: str, phase: Phase, position: int, clause: str) -> None:
        self._require(phase, doing=f"take the {WAGER_WORDS[wager]} decision", clause=clause)
        self._position(position)
        waiting = self.awaiting_decision(wager)
        if position not in self._dealt:
            raise ProcedureError(f"position {position} has no wagers this round", clause)
        if position not in waiting:
            raise ProcedureError(f"position {position} has already decided {WAGER_WORDS[wager]}",
                                 clause)
        if position != waiting[0]:
            raise ProcedureError(
                f"ask position {waiting[0]} first: {WAGER_WORDS[wager]} is decided from the "
                f"dealer's far left clockwise, not at position {position} (if chips were already "
                "moved, call a supervisor)", clause)

    def _decide(self, wager: str, position: int, let_it_ride: bool, clause: str) -> Record:
        self._rides[position][wager] = bool(let_it_ride)
        effects: dict[str, JSONValue] = {"decision": "let_it_ride" if let_it_ride else "withdraw"}
        if not let_it_ride:
            stake = self._wagers[position].amount(wager)
            self._pay(position, wager, "return", stake, clause=f"{clause}(ii)",
                      note="withdrawn by the player")
            effects["returned"] = stake
        if not self.awaiting_decision(wager):
            self._phase = (Phase.FIRST_COMMUNITY_CARD if wager == "bet_one"
                           else Phase.SECOND_COMMUNITY_CARD)
        return self._record(f"decide_{wager}",
                            {"position": position, "let_it_ride": bool(let_it_ride)},
                            effects, clause)

    def verify_decide_bet_one(self, position: int, let_it_ride: bool) -> None:
        self._verify_decision("bet_one", Phase.BET_ONE, position, "5324.34(e)(2)")

    def can_decide_bet_one(self, position: int, let_it_ride: bool) -> bool:
        return allowed(self.verify_decide_bet_one, position, let_it_ride)

    def decide_bet_one(self, position: int, let_it_ride: bool) -> Record:
        """The player at ``position`` lets bet one ride or withdraws it (5324.34(e)(2)); taken
        from the dealer's far left clockwise."""
        self.verify_decide_bet_one(position, let_it_ride)
        return self._decide("bet_one", position, let_it_ride, "5324.34(e)(2)")

    def verify_decide_bet_two(self, position: int, let_it_ride: bool) -> None:
        self._verify_decision("bet_two", Phase.BET_TWO, position, "5324.34(e)(4)")

    def can_decide_bet_two(self, position: int, let_it_ride: bool) -> bool:
        return allowed(self.verify_decide_bet_two, position, let_it_ride)

    def decide_bet_two(self, position: int, let_it_ride: bool) -> Record:
        """Bet two, decided without regard to bet one (5324.34(e)(4)), far left clockwise."""
        self.verify_decide_bet_two(position, let_it_ride)
        return self._decide("bet_two", position, let_it_ride, "5324.34(e)(4)")

    def _turning_slot(self) -> str:
        return "left" if self._phase is Phase.FIRST_COMMUNITY_CARD else "right"

    def verify_turn_community_card(self, card: str | None = None) -> None:
        self._require(Phase.FIRST_COMMUNITY_CARD, Phase.SECOND_COMMUNITY_CARD,
                      doing="turn a community card", clause="5324.34(e)(3)")
        known = self._community.get(self._turning_slot())
        if card is None and known is None:
            raise ProcedureError("enter the community card turned face up", "5324.34(e)(3)")
        if card is not None and known is not None and _card(card) != known:
            raise ProcedureError(f"the card entered ({_card(card)}) is not the card dealt there "
                                 f"({known})", "5324.34(e)(3)")
        if card is not None:
            _card(card)

    def can_turn_community_card(self, card: str | None = None) -> bool:
        return allowed(self.verify_turn_community_card, card)

    def turn_community_card(self, card: str | None = None) -> Record:
        """Turn the community card on the dealer's left (the first community card, (e)(3)), or
        after the bet two decisions the remaining one (the second, (e)(5))."""
        self.verify_turn_community_card(card)
        slot = self._turning_slot()
        clause = "5324.34(e)(3)" if slot == "left" else "5324.34(e)(5)"
        arguments: dict[str, JSONValue] = {"card": _card(card).text if card else None}
        known = self._community.get(slot)
        if known is None:
            assert card is not None
            parsed = _card(card)
            if self._duplicates([parsed]):
                return self._record("turn_community_card", arguments, self._enter_halt(
                    "duplicate_card", f"duplicate card {parsed} entered as the {slot} community "
                    "card", clause, [parsed]), clause)
            self._seen.add(parsed)
            self._community[slot] = parsed
            known = parsed
        self._turned += 1
        self._phase = Phase.BET_TWO if slot == "left" else Phase.SHOWDOWN
        return self._record("turn_community_card", arguments,
                            {"community_card": ORDINAL[self._turned - 1], "card": known.text},
                            clause)

    # ------------------------------------------------------------------ showdown ((e)(6)-(9))

    @property
    def awaiting_showdown(self) -> tuple[int, ...]:
        """Positions whose hands are still to be shown, from the far right counter-clockwise."""
        return tuple(p for p in counter_clockwise(self._dealt) if p not in self._results)

    def verify_show_hand(self, position: int, cards: Sequence[str] | None = None) -> None:
        self._require(Phase.SHOWDOWN, doing="show a hand", clause="5324.34(e)(6)")
        self._position(position)
        waiting = self.awaiting_showdown
        if position not in waiting:
            raise ProcedureError(f"position {position} has no hand to show", "5324.34(e)(6)")
        if position != waiting[0]:
            raise ProcedureError(
                f"turn position {waiting[0]}'s cards first: hands are shown from the dealer's far "
                "right counter-clockwise", "5324.34(e)(6)")
        known = [c for c in self._hands[position] if c is not None]
        if cards is None:
            if len(known) != 3:
                raise ProcedureError(f"enter position {position}'s three cards",
                                     "5324.34(e)(6)(i)")
            return
        parsed = [_card(c) for c in cards]
        if len(parsed) != 3:
            raise ProcedureError(f"a player has three cards, not {len(parsed)}",
                                 "5324.34(e)(6)(i)")
        missing = [c for c in known if c not in parsed]
        if missing:
            raise ProcedureError(
                f"the cards entered do not include {format_cards(missing)} dealt to position "
                f"{position}", "5324.34(e)(6)(i)")

    def can_show_hand(self, position: int, cards: Sequence[str] | None = None) -> bool:
        return allowed(self.verify_show_hand, position, cards)

    def show_hand(self, position: int, cards: Sequence[str] | None = None) -> Record:
        """Turn ``position``'s three cards face up and judge the hand with the two community
        cards (5324.34(e)(6)); ``cards`` only when they were dealt unread."""
        self.verify_show_hand(position, cards)
        arguments: dict[str, JSONValue] = {
            "position": position,
            "cards": [_card(c).text for c in cards] if cards is not None else None}
        hand = self._hands[position]
        if cards is not None:
            parsed = [_card(c) for c in cards]
            new = [c for c in parsed if c not in hand]
            duplicates = self._duplicates(new)
            if duplicates:
                return self._record("show_hand", arguments, self._enter_halt(
                    "duplicate_card", f"duplicate card {format_cards(duplicates)} entered for "
                    f"position {position}", "5324.34(e)(6)", duplicates), "5324.34(e)(6)")
            self._seen.update(new)
            self._hands[position] = hand = list(parsed)
        community = [self._community["left"], self._community["right"]]
        assert all(c is not None for c in hand) and all(c is not None for c in community)
        result = judge_hand(position, [c for c in hand if c], [c for c in community if c])
        self._results[position] = result
        if not self.awaiting_showdown:
            self._settlement = settle(
                self.config, [self._results[p] for p in counter_clockwise(self._dealt)],
                self._wagers, {p: self.on_layout(p) for p in self._dealt})
            self._phase = Phase.COLLECT_LOSING_WAGERS
        return self._record("show_hand", arguments, result.to_json(), "5324.34(e)(6)")

    def verify_collect_losing_wagers(self) -> None:
        self._require(Phase.COLLECT_LOSING_WAGERS, doing="collect losing wagers",
                      clause="5324.34(e)(7)")

    def can_collect_losing_wagers(self) -> bool:
        return allowed(self.verify_collect_losing_wagers)

    def collect_losing_wagers(self) -> Record:
        """Every losing wager collected into the chip tray from the dealer's far right
        counter-clockwise, and the cards of hands with no winning wager put in the discard rack
        (5324.34(e)(7))."""
        self.verify_collect_losing_wagers()
        assert self._settlement is not None
        paid = [self._pay_line(line) for line in self._settlement.collections]
        winners = self._settlement.winning_positions()
        cleared = [p for p in counter_clockwise(self._dealt) if p not in winners]
        for position in cleared:
            self._discard_hand(position)
        self._phase = Phase.PAY_WINNING_WAGERS
        return self._record("collect_losing_wagers", {},
                            {"collected": sum(p.stake for p in paid),
                             "payments": [p.order for p in paid],
                             "cards_collected": cleared}, "5324.34(e)(7)")

    def _discard_hand(self, position: int) -> None:
        self._discard.append({"from": f"position {position}",
                              "cards": [c.text if c else None for c in self._hands[position]]})

    def verify_pay_winning_wagers(self) -> None:
        self._require(Phase.PAY_WINNING_WAGERS, doing="pay winning wagers", clause="5324.34(e)(8)")

    def can_pay_winning_wagers(self) -> bool:
        return allowed(self.verify_pay_winning_wagers)

    def pay_winning_wagers(self) -> Record:
        """Every winning wager paid from the dealer's far right counter-clockwise: base wagers
        still on the layout at the odds of (f)(1) within the payout limit of (f)(2), then the
        bonus wagers ((f)(3), (f)(4)) (5324.34(e)(8))."""
        self.verify_pay_winning_wagers()
        assert self._settlement is not None
        paid = [self._pay_line(line) for line in self._settlement.payments]
        self._phase = Phase.COLLECT_CARDS
        return self._record("pay_winning_wagers", {},
                            {"paid": sum(p.amount for p in paid),
                             "payments": [p.order for p in paid]}, "5324.34(e)(8)")

    def cards_to_collect(self) -> tuple[int, ...]:
        """Positions whose cards are still on the layout, in the order they are picked up."""
        collected = {g["from"] for g in self._discard}
        return tuple(p for p in counter_clockwise(self._dealt)
                     if f"position {p}" not in collected and self._hands.get(p))

    def verify_collect_cards(self) -> None:
        self._require(Phase.COLLECT_CARDS, doing="collect the cards", clause="5324.34(e)(9)")

    def can_collect_cards(self) -> bool:
        return allowed(self.verify_collect_cards)

    def collect_cards(self) -> Record:
        """The remaining hands, from the dealer's far right counter-clockwise, then the community
        cards, picked up in order into the discard rack so every hand can be reconstructed
        (5324.34(e)(8)(ii), (e)(9)). The lockout is released for the next round."""
        self.verify_collect_cards()
        positions = self.cards_to_collect()
        for position in positions:
            self._discard_hand(position)
        community = [self._community.get(s) for s in ("left", "right") if s in self._community]
        if community:
            self._discard.append({"from": COMMUNITY,
                                  "cards": [c.text if c else None for c in community]})
        self._phase = Phase.COMPLETE
        return self._record("collect_cards", {},
                            {"positions": list(positions), "discard_rack": list(self._discard),
                             "lockout": "off"}, "5324.34(e)(9)")

    # ------------------------------------------------------------------ dealer errors

    def verify_report_exposed_card(self, card: str, target: int | str) -> None:
        self._require(*_BEFORE_SHOWDOWN, doing="report an exposed card", clause="5324.34(d)")
        parsed = _card(card)
        if target != COMMUNITY and (not isinstance(target, int) or target not in self._dealt):
            raise ProcedureError(f"{target!r} is not a position dealt this round", "5324.34(d)")
        where = self._where(parsed)
        if where is not None and where != target:
            raise ProcedureError(f"{parsed} was dealt to {self._target_words(where)}, not "
                                 f"{self._target_words(target)}", "5324.34(d)")

    def _where(self, card: Card) -> int | str | None:
        for position, hand in self._hands.items():
            if card in hand:
                return position
        if card in self._community.values():
            return COMMUNITY
        return None

    def can_report_exposed_card(self, card: str, target: int | str) -> bool:
        return allowed(self.verify_report_exposed_card, card, target)

    def report_exposed_card(self, card: str, target: int | str) -> Record:
        """A card exposed before its time (dealer error): recorded; under the ``play`` rule the
        card stays where it was dealt and the round continues unchanged, under ``void_round``
        every wager is returned (see ``docs/rules-interpretation.md``)."""
        self.verify_report_exposed_card(card, target)
        parsed = _card(card)
        report: dict[str, JSONValue] = {"card": parsed.text, "target": target,
                                        "phase": self._phase.value,
                                        "rule": self.config.exposed_card_rule.value}
        self._exposed.append(report)
        effects: dict[str, JSONValue] = dict(report)
        if self.config.exposed_card_rule is ExposedCardRule.VOID_ROUND:
            effects["returned"] = self._void_round()
        return self._record("report_exposed_card", {"card": parsed.text, "target": target},
                            effects, "5324.34(d)")

    def verify_call_supervisor(self, reason: str) -> None:
        if self._void:
            raise ProcedureError("the round is void: return the wagers and collect the cards",
                                 VOID_CLAUSE)
        if self._phase in (Phase.HALTED, Phase.COMPLETE):
            raise ProcedureError(f"cannot call a supervisor during {self._phase.value}",
                                 self._halt_clause())
        if not reason.strip():
            raise ProcedureError("say why the supervisor is called", self._halt_clause())

    def can_call_supervisor(self, reason: str) -> bool:
        return allowed(self.verify_call_supervisor, reason)

    def call_supervisor(self, reason: str) -> Record:
        """The dealer halts the round for a supervisor (e.g. chips moved for the wrong position)."""
        self.verify_call_supervisor(reason)
        return self._record("call_supervisor", {"reason": reason},
                            self._enter_halt("dealer", reason, None), None)

    def verify_resolve_halt(self, supervisor: str, resolution: HaltResolution) -> None:
        clause = self._halt_clause()
        if self._phase is not Phase.HALTED:
            raise ProcedureError("the round is not halted", clause)
        if not supervisor.strip():
            raise ProcedureError("the supervisor resolving the halt must be named", clause)
        if resolution not in ("continue", "void_round"):
            raise ProcedureError(f"resolution {resolution!r} is not 'continue' or 'void_round'",
                                 clause)
        if resolution == "void_round" and self._resume in _SETTLING:
            raise ProcedureError("settlement has begun: the round can no longer be voided",
                                 "5324.34(e)(7)")

    def can_resolve_halt(self, supervisor: str, resolution: HaltResolution) -> bool:
        return allowed(self.verify_resolve_halt, supervisor, resolution)

    def resolve_halt(self, supervisor: str, resolution: HaltResolution) -> Record:
        """A supervisor's decision: ``continue`` (the offending stack or card goes to the discard
        rack, or the offending entry is disregarded, and the step is repeated) or ``void_round``
        (every wager still on the layout is returned, the cards collected)."""
        self.verify_resolve_halt(supervisor, resolution)
        assert self._halt is not None
        halt = self._halt
        self._halt = None
        self._phase = self._resume
        effects: dict[str, JSONValue] = {"halt": halt, "resolution": resolution}
        if halt["kind"] in ("stack_count", "duplicate_card") and self._phase is Phase.DEALING:
            self._discard.append({"from": "misdeal", "cards": list(halt["cards"])})
            self._seen.update(_card(c) for c in halt["cards"])
        if resolution == "void_round":
            effects["returned"] = self._void_round()
        return self._record("resolve_halt", {"supervisor": supervisor, "resolution": resolution},
                            effects, None)

    def verify_void(self, supervisor: str, reason: str) -> None:
        phase = self._resume if self._phase is Phase.HALTED else self._phase
        if self._void:
            raise ProcedureError("the round is void already", VOID_CLAUSE)
        if phase in (*_SETTLING, Phase.COMPLETE):
            raise ProcedureError("settlement has begun: the round can no longer be voided",
                                 "5324.34(e)(7)")
        check_void_words(supervisor, reason, VOID_CLAUSE)

    def can_void(self, supervisor: str, reason: str) -> bool:
        return allowed(self.verify_void, supervisor, reason)

    def void(self, supervisor: str, reason: str) -> Record:
        """A supervisor voids the round (from the supervisor's screen, halted or not): every
        wager still on the layout is to be returned — one RETURN line each, far right first —
        then the cards are collected unseen (:meth:`return_wagers`, :meth:`collect_cards`); the
        round ends void after that."""
        self.verify_void(supervisor, reason)
        self._halt = None
        if self._phase is Phase.HALTED:
            self._phase = self._resume
        returned = self._void_round()
        return self._record("void", {"supervisor": supervisor, "reason": reason},
                            {"returned": returned, "lines": [p.order for p in self.void_returns]},
                            VOID_CLAUSE)

    @property
    def void_returns(self) -> tuple[Payment, ...]:
        """The RETURN lines of a voided round (every wager that was on the layout)."""
        return tuple(p for p in self._payments if p.note == "round void")

    def _require_return_step(self) -> None:
        self._require(Phase.RETURN_WAGERS, doing="return the wagers", clause=VOID_CLAUSE)

    def _after_returns(self) -> None:  # WAGERS RETURNED (VoidSteps.return_wagers)
        self._phase = Phase.COLLECT_CARDS if self._cards_out() else Phase.COMPLETE

    @property
    def void_cards_out(self) -> bool:
        """Cards lie on the layout (a voided round then asks for them before it ends)."""
        return self._cards_out()

    def _cards_out(self) -> bool:
        return bool(any(self._hands.values()) or self._dealt
                    or any(c is not None for c in self._community.values()))

    def _void_round(self) -> Cents:
        self._void = True
        returned = 0
        for position in counter_clockwise(self._wagers):
            w = self._wagers[position]
            for wager in (*self.on_layout(position), "bonus", "three_card_bonus"):
                stake = w.amount(wager)
                if stake:
                    self._pay(position, wager, "return", stake, clause=None, note="round void")
                    returned += stake
        self._phase = (Phase.RETURN_WAGERS if self.void_returns else
                       Phase.COLLECT_CARDS if self._cards_out() else Phase.COMPLETE)
        return returned

    # ------------------------------------------------------------------ the dealer's step

    @property
    def step(self) -> Step:
        """What the dealer must do now: instruction, actions, positions in order, hardware
        (see :mod:`dealer_station.games.let_it_ride.steps`)."""
        return step_for(self)

    # ------------------------------------------------------------------ the round document

    def totals(self) -> dict[str, Cents]:
        """Chips in (every wager on the layout), chips out to players (returns, stakes of winning
        wagers and winnings) and the house result: chips in = chips out + house result once the
        round is settled."""
        chips_in = (sum(w.total for w in self._wagers.values())
                    + sum(p.stake for p in self.bonus_returns))
        returned = sum(p.stake for p in self._payments if p.outcome in ("return", "push"))
        stakes_back = sum(p.stake for p in self._payments if p.outcome == "pay")
        winnings = sum(p.amount for p in self._payments if p.outcome == "pay")
        collected = sum(p.stake for p in self._payments if p.outcome == "collect")
        return {"chips_in": chips_in, "chips_out": returned + stakes_back + winnings,
                "collected": collected, "paid": winnings, "house_result": collected - winnings}

    def to_document(self) -> dict[str, JSONValue]:
        """The round as one JSON document: configuration snapshot, wagers, cards per position
        and community, decisions, results, every payment with its amount and order, the discard
        rack, dealer errors and the records."""
        def text(card: Card | None) -> str | None:
            return card.text if card else None

        return {
            "game": GAME,
            "document_version": DOCUMENT_VERSION,
            "config": self.config.to_json(),
            "phase": self._phase.value,
            "complete": self.is_complete,
            "void": self._void,
            "wagers": {str(p): self._wagers[p].to_json() for p in clockwise(self._wagers)},
            "cards": {
                "positions": {str(p): [text(c) for c in self._hands[p]] for p in self._dealt},
                "community": {s: text(self._community.get(s)) for s in COMMUNITY_SLOTS},
            },
            "decisions": {
                str(p): {w: ("let_it_ride" if ride else "withdraw")
                         for w, ride in self._rides[p].items()} for p in self._dealt},
            "results": {str(p): r.to_json() for p, r in self._results.items()},
            "payments": [p.to_json() for p in self._payments],
            "totals": self.totals(),
            "discard_rack": list(self._discard),
            "exposed_cards": list(self._exposed),
            "unrecognised_bonus_wagers": list(self._unrecognised_bonus),
            "halts": list(self._halts),
            "records": [r.to_json() for r in self._history],
        }
