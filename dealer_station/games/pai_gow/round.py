"""One round of Pai Gow Poker (9 NYCRR 5324.41) as a state machine of verified dealer actions.

Every action has the three faces of :mod:`dealer_station.procedure`: ``verify_x`` raises
:class:`ProcedureError` with the reason and the clause, ``can_x`` answers, ``x`` performs it and
returns the :class:`Record` appended to :attr:`PaiGowRound.history`. Everything random (the deck
order, the RNG number, the dice) is an argument of an action, so :func:`procedure.replay` of the
records on a fresh round with the same configuration and :class:`TableContext` rebuilds the round
exactly.

Phases, in order (:class:`Phase`)::

    SHUFFLE         shuffle()                                    (e)(1)
                    (until "no more bets": player_sits, player_leaves, player_moves, the
                    seating by player number, (d)(2), (i); :mod:`.seating`)
    CUT             cut(offered_to, accepted)        manual shuffle only, (e)(1)-(2)
    BETTING         place_wager, withdraw_wager, place_side_wager, place_rng_wager,
                    accept_bank, decline_bank, then no_more_bets()   (d)(3), (h)(3)-(6), (j)(2)
    DEALER_WAGER    place_dealer_wager(amount)       player bank, not co-bank, (h)(7)
    STARTING        determine_starting_position(number)   5324.2(b), (h)(8)-(10)
    RNG_WAGERS      settle_rng_wagers()              before any card, (j)(2)(iv)-(v), (f)(1)(ii)
    DEAL            deal(cards, first_stack=1)       (f)(1)-(3), (h)(9); unused stacks unseen
    FOUR_CARD       deal_four_card_stacks(cards)     three_then_four only, (n)(7)(ii)
    SETTING         players_have_set(), surrender(position)    the players set their own
                    hands on the layout, face down    (g)(1), (g)(2), (g)(3), (h)(11)
    BANKER          set_dealer_hand(), then set_bank_hand(low) (a player bank's hand exposed)
                    or set_co_bank_hand(); surrender(position)
                                                     (g)(2), (g)(3), (h)(5), (h)(11), (q)
    EXPOSURE        set_hand(position, low), set_hand_house_way(position) as each player's hands
                    are exposed, from the far right counter-clockwise (a player's larger wager of
                    two first); surrender(position) of one not exposed yet
                                                     (g)(3)-(5), (h)(12)-(13), (i)(2)
    SETTLEMENT      settle()                         (g)(4)-(8), (h)(11)-(14)
    COMPLETE

The optional wagers of (k)-(p), when the table offers any, are a part the round holds
(:attr:`PaiGowRound.optional`, :class:`~.wagers.part.OptionalWagers`). The round calls it at
these extension points, and offers its actions (``place_bonus_wager``, ``acceptor_lit``,
``confirm_light_count``, ``resolve_light_mismatch``, ``settle_three_card_bonus``,
``count_stub``, ``shuffler_report``, ``approve_progressive``, ``reject_progressive``,
``complete_jackpot_record``) as its own (:mod:`.optional_actions`), refused at a table that
offers none:

* **Betting**: the part places its wagers on the round's betting areas (:attr:`side_wagers`),
  only with a pai gow wager there and before "no more bets"; ``"progressive"`` and
  ``"seven_card_bonus"`` block surrender ((g)(3)). A wager withdrawn takes its lit acceptor's chip
  with it (``withdrawn``). Without the part, :meth:`place_side_wager` places them.
* **No more bets / lockout**: :meth:`no_more_bets` is the one step that closes the betting; its
  :class:`Step` asks for ``lockout_on`` whenever side wagers are offered ((k)(2)); the part
  presses the lockout then (``betting_closed``) and holds the deal until the light count
  (``verify_deal``).
* **Stacks of three then four**: with ``dealing.method = "three_then_four"`` :meth:`deal` delivers
  the three-card stacks ((n)(4)-(5)) and the round waits in ``FOUR_CARD`` (the part settles the
  three-card bonus there, (n)(6)) until :meth:`deal_four_card_stacks` ((n)(7)(ii)).
* **Surrender**: the part collects the wagers the unseen cards forfeit (``surrendered``).
* **Best arrangement**: the pai gow hands stay as set; the seven cards of every position
  (:meth:`seven_cards`) are what a bonus settles on, re-arranged by the bonus rules ((g)(8)).
* **Settlement order**: :meth:`settle` computes the pai gow lines (exposure from the far right,
  then payments, the bank's line last) and hands them, with the meter reading, to the part
  (``settlement``), which returns every line in the regulated order (bonus payments after the pai
  gow wager of the same player, (g)(7)-(8)) and holds the payouts from the meter for a
  supervisor. Without the part, side wagers are refused at settlement.
* **Step and document**: the part's ``step`` adds its own steps (the light count, the stub
  count, the three-card bonus, the validations) to the round's (:mod:`.steps`), and its
  ``document`` is the ``"bonus"`` section of the round's document.

>>> from dealer_station.games.pai_gow.config import default_config
>>> r = PaiGowRound(default_config())
>>> r.step.phase, r.step.actions
('shuffle', ('shuffle',))
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from dealer_station.cards import Card, CardError, format_cards, parse_cards
from dealer_station.games.pai_gow import dealing, seating
from dealer_station.games.pai_gow.banking import (
    TableContext,
    bank_offers,
    verify_bank_covers,
    verify_bank_eligible,
)
from dealer_station.games.pai_gow.config import (
    DealingMethod,
    PaiGowConfig,
    ShuffleMethod,
    StartingPosition,
)
from dealer_station.games.pai_gow.house_way import load_house_way
from dealer_station.games.pai_gow.optional_actions import OptionalWagerActions
from dealer_station.games.pai_gow.phases import (
    EXPOSED_CARD_CLAUSE,
    VOID_CLAUSE,
    Phase,
    exposed_at,
    halt_clause,
)
from dealer_station.games.pai_gow.positions import (
    DEALER,
    PLAYER_POSITIONS,
    far_right_first,
    position_name,
)
from dealer_station.games.pai_gow.setting import (
    SetHand,
    copy_push,
    foul_clause,
    outcome,
    player_setting,
)
from dealer_station.games.pai_gow.settlement import (
    Result,
    Settlement,
    settle_house_banked,
    settle_player_banked,
)
from dealer_station.games.pai_gow.steps import step_for
from dealer_station.games.void_steps import VoidSteps, check_void_words
from dealer_station.money import Cents, format_cents
from dealer_station.procedure import (
    GameRound,
    JSONValue,
    Payment,
    ProcedureError,
    Record,
    Step,
    allowed,
)

if TYPE_CHECKING:
    from dealer_station.games.pai_gow.wagers.part import OptionalWagers

__all__ = ["GAME", "Ledger", "PaiGowRound", "Phase"]

GAME = "pai_gow"
#: The note of a voided round's RETURN lines.
VOID_NOTE = "round voided by a supervisor: returned"
#: Optional wagers that take away the right to surrender (5324.41(g)(3)).
NO_SURRENDER_WAGERS = frozenset({"progressive", "seven_card_bonus"})


class Ledger:
    """What a round writes, in order: its records (the round's history) and its payment lines,
    numbered as they are added. The round and its optional wagers (:attr:`PaiGowRound.optional`)
    write to the same one."""

    def __init__(self) -> None:
        self._records: list[Record] = []
        self._lines: list[Payment] = []

    @property
    def records(self) -> tuple[Record, ...]:
        return tuple(self._records)

    @property
    def payments(self) -> tuple[Payment, ...]:
        return tuple(self._lines)

    def record(self, action: str, arguments: Mapping[str, JSONValue],
               effects: Mapping[str, JSONValue], clause: str | None) -> Record:
        """Append the record of ``action`` (numbered next) and return it."""
        record = Record(len(self._records) + 1, action, dict(arguments), dict(effects), clause)
        self._records.append(record)
        return record

    def pay(self, payment: Payment) -> Payment:
        """Append ``payment`` as the next line (its ``order`` set) and return it."""
        line = replace(payment, order=len(self._lines) + 1)
        self._lines.append(line)
        return line


@dataclass(frozen=True, slots=True)
class _Wager:
    amount: Cents
    player: str


def _check_amount(amount: object, clause: str) -> None:
    """An amount of chips: a positive whole number of cents."""
    if isinstance(amount, bool) or not isinstance(amount, int) or amount <= 0:
        raise ProcedureError(f"a wager is a positive number of cents, not {amount!r}", clause)


def _cards_json(cards: Sequence[Card]) -> list[str]:
    return [c.text for c in cards]


class PaiGowRound(OptionalWagerActions, VoidSteps):
    """One round at a Pai Gow Poker table (satisfies :class:`procedure.GameRound`)."""

    #: The clause the void's records cite (:class:`~dealer_station.games.void_steps.VoidSteps`).
    void_clause = VOID_CLAUSE

    game = GAME

    def __init__(
        self,
        config: PaiGowConfig,
        context: TableContext | None = None,
        *,
        optional: OptionalWagers | None = None,
    ) -> None:
        self.config = config
        self.context = context if context is not None else TableContext()
        #: The context the round was made in (its document's); ``context`` follows the seating
        #: changes recorded during the round.
        self.context_at_start = self.context
        self.house_way = load_house_way(config.house_way)
        self._ledger = Ledger()
        #: The pai gow lines among the payments: a pai gow action's record cites its lines by
        #: their number among these (see :meth:`_add_payment`).
        self._pai_gow_lines = 0
        self.phase = Phase.SHUFFLE
        self._wagers: dict[int, _Wager] = {}
        self._side: dict[int, dict[str, Cents]] = {}
        self._rng: dict[tuple[int, int], Cents] = {}
        self._declined: list[int] = []
        self.bank: int | None = None
        self.co_bank = False
        self.cut_offered: int | None = None
        self.cut_by: int | str | None = None
        self.dealer_wager: Cents = 0
        self.starting_number: int | None = None
        self.start: int | None = None
        self._hands: dict[int, tuple[Card, ...]] = {}
        self._first_stacks: dict[int, tuple[Card, ...]] = {}
        self.collected: tuple[int, ...] = ()
        self.discarded: tuple[Card, ...] = ()
        self._settings: dict[int, SetHand] = {}
        self._house_way_set: set[int] = set()
        self.surrendered: list[int] = []
        self.dealer_hand: SetHand | None = None
        self.bank_hand: SetHand | None = None
        self.bank_reset = False
        self._net: dict[int | str, Cents] = {}
        self.settlement: Settlement | None = None
        self._results: dict[int | str, str] = {}
        self._last_deck: tuple[object, tuple[Card, ...]] = (None, ())
        #: Replaying a round recorded before :meth:`players_have_set` existed (the settings were
        #: entered before the dealer's hand): see :meth:`accept_legacy_order`.
        self.legacy_order = False
        #: Why the round is halted for a supervisor (``kind``, ``reason``, ``phase``), or None.
        self.halt: dict[str, JSONValue] | None = None
        #: The clause the halt in force cites (:func:`.phases.halt_clause`).
        self._halt_clause: str | None = None
        self._resume = Phase.SHUFFLE
        #: A supervisor voided the round: every wager still in play was returned.
        self.is_void = False
        self._void_cards = False
        #: The optional wagers of 5324.41(k)-(p), when the table offers any: the part of the
        #: round that holds their state and actions (:mod:`.wagers.part`).
        self.optional = optional
        if optional is not None:
            optional.attach(self, self._ledger)

    # ------------------------------------------------------------------ protocol
    @property
    def history(self) -> tuple[Record, ...]:
        return self._ledger.records

    @property
    def is_complete(self) -> bool:
        """Settled (or voided), and nothing of the optional wagers left: no progressive payout
        waiting for a supervisor, no jackpot record open."""
        return self.phase is Phase.COMPLETE and (self.optional is None or self.optional.complete)

    @property
    def payments(self) -> tuple[Payment, ...]:
        return self._ledger.payments

    @property
    def wagers(self) -> dict[int, Cents]:
        """The pai gow poker wager on each betting area (the bank's chips included)."""
        return {p: w.amount for p, w in sorted(self._wagers.items())}

    @property
    def side_wagers(self) -> dict[int, dict[str, Cents]]:
        """The optional wagers per position, by name (the seam for (k)-(p))."""
        return {p: dict(w) for p, w in sorted(self._side.items())}

    @property
    def rng_wagers(self) -> dict[tuple[int, int], Cents]:
        """RNG side wagers by (position, number)."""
        return dict(self._rng)

    @property
    def net(self) -> dict[int | str, Cents]:
        """Each party's result so far: positions, ``"bank"``, ``"house"``; sums to zero (the
        optional wagers' own lines included)."""
        net = dict(self._net)
        return net if self.optional is None else self.optional.adjusted(net)

    def seven_cards(self, position: int) -> tuple[Card, ...]:
        """The seven cards dealt to ``position`` (the dealer is :data:`DEALER`)."""
        return self._hands[position]

    @property
    def first_stack_positions(self) -> tuple[int, ...]:
        """With stacks of three then four: the positions given a stack of three, in delivery
        order (they get the stacks of four, (n)(7)(ii)); empty before that deal."""
        return tuple(self._first_stacks)

    def setting(self, position: int) -> SetHand | None:
        return self._settings.get(position)

    # ------------------------------------------------------------------ helpers
    def _record(
        self,
        action: str,
        arguments: Mapping[str, JSONValue],
        effects: Mapping[str, JSONValue],
        clause: str | None,
    ) -> Record:
        return self._ledger.record(action, arguments, effects, clause)

    def _require(self, *phases: Phase, action: str, clause: str) -> None:
        """Refuse ``action`` outside ``phases``, citing ``clause``: the clause that places the
        action in the round's order."""
        if self.phase not in phases:
            raise ProcedureError(
                f"{action} is not possible now (the round is at {self.phase.value})", clause
            )

    def _add_payment(self, payment: Payment) -> int:
        """Add a pai gow line (the optional wagers add theirs to the ledger themselves); returns
        its number among the pai gow lines, which the action's record cites. Without optional
        wagers that is its ``order``; with them the two differ once an optional wager's line
        went before it, and the records cite the pai gow count as rounds with optional wagers
        have always been journalled (a resumed round must replay to the same records)."""
        self._ledger.pay(payment)
        self._pai_gow_lines += 1
        return self._pai_gow_lines

    def _book(self, party: int | str, amount: Cents) -> None:
        self._net[party] = self._net.get(party, 0) + amount
        self._net["house"] = self._net.get("house", 0) - amount

    @property
    def players(self) -> list[int]:
        """Positions with a pai gow poker wager against the banker (not the bank's own)."""
        return [p for p in sorted(self._wagers) if p != self.bank]

    def _positions_of(self, player: str) -> list[int]:
        return sorted(p for p, w in self._wagers.items() if w.player == player)

    def _player_of(self, position: int) -> str:
        """Who wagers at ``position``: the number of the player seated there (a player on two
        adjacent areas holds both, (i))."""
        return str(self.context.player_at(position) or position)

    # ------------------------------------------------------------------ seating (d)(2), (i)
    def _verify_seating(self, *positions: int) -> None:
        if self.phase not in (Phase.SHUFFLE, Phase.CUT, Phase.BETTING):
            raise ProcedureError(
                "a player who placed a wager and received cards remains seated until the round "
                "is complete: record the change before the next round's wagers",
                "5324.41(d)(2)")
        for position in positions:
            if position in self._wagers:
                raise ProcedureError(f"{position_name(position)} has a wager on its area: "
                                     "withdraw it first", "5324.41(d)(3)")

    def verify_player_sits(self, position: int, player: int | None = None) -> None:
        self._verify_seating()
        seating.sit(self.context, position, player, two_areas=self.config.two_areas)

    def can_player_sits(self, position: int, player: int | None = None) -> bool:
        return allowed(self.verify_player_sits, position, player)

    def player_sits(self, position: int, player: int | None = None) -> Record:
        """A player sits down at the empty ``position``: a new player (the station gives them
        the next number), or the player numbered ``player``, already at the table, taking a
        second betting area next to their own ((i)(1))."""
        self.verify_player_sits(position, player)
        self.context, number = seating.sit(self.context, position, player,
                                           two_areas=self.config.two_areas)
        return self._record("player_sits", {"position": position, "player": player},
                            {"player": number, "seated": list(self.context.seated)},
                            seating.TWO_AREAS_CLAUSE if player is not None
                            else seating.SEATING_CLAUSE)

    def verify_player_leaves(self, position: int) -> None:
        self._verify_seating(position)
        seating.leave(self.context, position)

    def can_player_leaves(self, position: int) -> bool:
        return allowed(self.verify_player_leaves, position)

    def player_leaves(self, position: int) -> Record:
        """The player at ``position`` leaves that betting area (the table, unless they play a
        second area)."""
        self.verify_player_leaves(position)
        gone = self.context.player_at(position)
        self.context = seating.leave(self.context, position)
        return self._record("player_leaves", {"position": position},
                            {"player": gone, "seated": list(self.context.seated)},
                            seating.SEATING_CLAUSE)

    def verify_player_moves(self, position: int, to: int) -> None:
        self._verify_seating(position)
        seating.move(self.context, position, to)

    def can_player_moves(self, position: int, to: int) -> bool:
        return allowed(self.verify_player_moves, position, to)

    def player_moves(self, position: int, to: int) -> Record:
        """The player at ``position`` moves to the empty position ``to``, the same player."""
        self.verify_player_moves(position, to)
        self.context = seating.move(self.context, position, to)
        return self._record("player_moves", {"position": position, "to": to},
                            {"player": self.context.player_at(to),
                             "seated": list(self.context.seated)}, seating.SEATING_CLAUSE)

    # ------------------------------------------------------------------ shuffle and cut (e)
    def verify_shuffle(self) -> None:
        self._require(Phase.SHUFFLE, action="the shuffle", clause="5324.41(e)(1)")
        if self.optional is not None:  # a deck removed from the table is replaced first
            self.optional.verify_shuffle()

    def can_shuffle(self) -> bool:
        return allowed(self.verify_shuffle)

    def shuffle(self) -> Record:
        """The deck (52 cards and the joker, (b)) is shuffled: manually, then cut ((e)(1)), or by
        an automated card shuffling device."""
        self.verify_shuffle()
        manual = self.config.shuffle is ShuffleMethod.MANUAL
        self.phase = Phase.CUT if manual else Phase.BETTING
        return self._record("shuffle", {}, {"manual": manual}, "5324.41(e)(1)")

    def expected_cut_offer(self) -> int | None:
        """Who is offered the cut now (5324.41(e)(2)); None at a new game (the first player to
        the table, whoever that is) or with nobody seated."""
        seated = self.context.seated
        if self.context.new_game:
            first = self.context.first_to_table
            areas = () if first is None else self.context.positions_of(first)
            return areas[-1] if areas else None
        return dealing.cut_offer(seated, self.context.last_cut_offer)

    def verify_cut(self, offered_to: int | None, accepted: bool) -> None:
        self._require(Phase.CUT, action="the cut", clause="5324.41(e)(1)")
        seated = self.context.seated
        if offered_to is None:
            if seated:
                raise ProcedureError("the cut must be offered to a player first", "5324.41(e)(2)")
            if accepted:
                raise ProcedureError("with no player offered the cut the dealer cuts",
                                     "5324.41(e)(1)")
            return
        if offered_to not in seated:
            raise ProcedureError(f"no player is seated at position {offered_to}", "5324.41(e)(2)")
        expected = self.expected_cut_offer()
        same_player = (expected is not None
                       and self.context.player_at(offered_to) == self.context.player_at(expected))
        if expected is not None and not same_player:
            clause = "5324.41(e)(2)(i)" if self.context.new_game else "5324.41(e)(2)(ii)"
            raise ProcedureError(
                f"the cut is offered to position {expected}, not {offered_to}", clause
            )

    def can_cut(self, offered_to: int | None, accepted: bool) -> bool:
        return allowed(self.verify_cut, offered_to, accepted)

    def cut(self, offered_to: int | None, accepted: bool) -> Record:
        """The cut was offered to ``offered_to``; if not ``accepted`` the dealer cut
        (5324.41(e)(1))."""
        self.verify_cut(offered_to, accepted)
        self.cut_offered = offered_to
        self.cut_by = offered_to if accepted and offered_to is not None else "dealer"
        self.phase = Phase.BETTING
        return self._record(
            "cut", {"offered_to": offered_to, "accepted": accepted}, {"cut_by": self.cut_by},
            "5324.41(e)(2)",
        )

    # ------------------------------------------------------------------ wagers (d), (i)
    def verify_place_wager(self, position: int, amount: Cents, player: str | None = None) -> None:
        self._require(Phase.BETTING, action="a wager", clause="5324.41(d)(3)")
        if position not in PLAYER_POSITIONS:
            raise ProcedureError(f"there is no betting position {position!r}", "5324.41(a)(2)(i)")
        if position not in self.context.seated:
            raise ProcedureError(f"no player is seated at {position_name(position)}",
                                 "5324.41(d)(2)")
        _check_amount(amount, "5324.41(d)(1)")
        total = amount + (self._wagers[position].amount if position in self._wagers else 0)
        c = self.config
        if position != self.bank and not c.minimum_wager <= total <= c.maximum_wager:
            raise ProcedureError(
                f"{format_cents(total)} is outside the table limits {format_cents(c.minimum_wager)}"
                f" to {format_cents(c.maximum_wager)}",
                "5324.41(d)",
            )
        who = player if player is not None else self._player_of(position)
        if position in self._wagers and self._wagers[position].player != who:
            raise ProcedureError(f"{position_name(position)} is another player's betting area",
                                 "5324.41(i)(1)")
        areas = sorted({*self._positions_of(who), position})
        if len(areas) > 1:
            if not c.two_areas:
                raise ProcedureError("a player wagers on one betting area here", "5324.41(i)(1)")
            if len(areas) > 2 or areas[1] - areas[0] != 1:
                raise ProcedureError(
                    "a player may wager on no more than two betting areas, adjacent ones",
                    "5324.41(i)(1)",
                )
            if self.bank is not None and self._wagers[self.bank].player == who:
                raise ProcedureError("the bank may wager on one betting area only",
                                     "5324.41(h)(6)")
        if self.bank is not None and position != self.bank:
            wagers = {p: w.amount for p, w in self._wagers.items()}
            wagers[position] = total
            verify_bank_covers(wagers[self.bank], wagers, self.bank)

    def can_place_wager(self, position: int, amount: Cents, player: str | None = None) -> bool:
        return allowed(self.verify_place_wager, position, amount, player)

    def place_wager(self, position: int, amount: Cents, player: str | None = None) -> Record:
        """A pai gow poker wager (added to any already there) before "no more bets" ((d)(3));
        ``player`` identifies who plays two adjacent areas ((i))."""
        self.verify_place_wager(position, amount, player)
        who = player if player is not None else self._player_of(position)
        before = self._wagers[position].amount if position in self._wagers else 0
        self._wagers[position] = _Wager(before + amount, who)
        arguments: dict[str, JSONValue] = {"position": position, "amount": amount}
        if player is not None:
            arguments["player"] = player
        effects: dict[str, JSONValue] = {"total": before + amount}
        if self.optional is not None:
            effects.update(self.optional.wagered(position))
        return self._record("place_wager", arguments, effects, "5324.41(d)(3)")

    def verify_withdraw_wager(self, position: int) -> None:
        self._require(Phase.BETTING, action="withdrawing a wager", clause="5324.41(d)(3)")
        if position not in self._wagers:
            raise ProcedureError(f"{position_name(position)} has no wager", "5324.41(d)(3)")
        if position == self.bank:
            raise ProcedureError("the bank's chips stay until the round is settled",
                                 "5324.41(h)(4)(ii)")

    def can_withdraw_wager(self, position: int) -> bool:
        return allowed(self.verify_withdraw_wager, position)

    def withdraw_wager(self, position: int) -> Record:
        """A wager taken back before "no more bets" (with its side wagers)."""
        self.verify_withdraw_wager(position)
        effects: dict[str, JSONValue] = {}
        if self.optional is not None:
            effects.update(self.optional.withdrawn(position))
        del self._wagers[position]
        self._side.pop(position, None)
        for key in [k for k in self._rng if k[0] == position]:
            del self._rng[key]
        return self._record("withdraw_wager", {"position": position}, effects, "5324.41(d)(3)")

    def verify_place_side_wager(self, position: int, wager: str, amount: Cents) -> None:
        if self.optional is not None:
            raise ProcedureError("an optional wager is placed with place_bonus_wager (a "
                                 "progressive wager: its acceptor lit)", "5324.41(d)(4)")
        self._verify_side_wager(position, wager, amount)

    def _verify_side_wager(self, position: int, wager: str, amount: Cents) -> None:
        """What every optional wager needs: the betting open, the wager offered, a pai gow
        wager at the position, an amount (the optional wagers' part checks the rest)."""
        self._require(Phase.BETTING, action="a side wager", clause="5324.41(d)(3)")
        if wager not in self.config.side_wagers:
            raise ProcedureError(f"the {wager} wager is not offered at this table",
                                 "5324.41(d)(1)")
        if position not in self._wagers or position == self.bank:
            raise ProcedureError(
                f"a {wager} wager needs a pai gow poker wager at {position_name(position)}",
                "5324.41(d)(4)",
            )
        _check_amount(amount, "5324.41(d)(1)")

    def can_place_side_wager(self, position: int, wager: str, amount: Cents) -> bool:
        return allowed(self.verify_place_side_wager, position, wager, amount)

    def place_side_wager(self, position: int, wager: str, amount: Cents) -> Record:
        """An optional wager of (k)-(p) at ``position`` (the seam for the wagers package)."""
        self.verify_place_side_wager(position, wager, amount)
        return self._record(
            "place_side_wager", {"position": position, "wager": wager, "amount": amount},
            {"total": self._add_side_wager(position, wager, amount)}, "5324.41(d)(4)-(6)",
        )

    def _remove_side_wager(self, position: int, wager: str) -> None:
        """Take the ``wager`` of ``position`` off the layout (its chip lifted before bets end)."""
        slot = self._side.get(position, {})
        slot.pop(wager, None)
        if not slot:
            self._side.pop(position, None)

    def _add_side_wager(self, position: int, wager: str, amount: Cents) -> Cents:
        """Put ``amount`` on the ``wager`` of ``position`` (verified); its total now."""
        slot = self._side.setdefault(position, {})
        slot[wager] = slot.get(wager, 0) + amount
        return slot[wager]

    def verify_place_rng_wager(self, position: int, number: int, amount: Cents) -> None:
        self._require(Phase.BETTING, action="an RNG side wager", clause="5324.41(j)(2)(i)")
        if not self.config.rng_side_wager:
            raise ProcedureError("the RNG side wager is not offered at this table",
                                 "5324.41(j)(1)")
        if position not in self.players:
            raise ProcedureError(
                f"only a player with a pai gow poker wager may make the RNG side wager "
                f"({position_name(position)})",
                "5324.41(j)(2)(i)",
            )
        if isinstance(number, bool) or not isinstance(number, int) or not 1 <= number <= 7:
            raise ProcedureError(f"the wager is on a number 1 to 7, not {number!r}",
                                 "5324.41(j)(1)")
        _check_amount(amount, "5324.41(j)(2)(ii)")

    def can_place_rng_wager(self, position: int, number: int, amount: Cents) -> bool:
        return allowed(self.verify_place_rng_wager, position, number, amount)

    def place_rng_wager(self, position: int, number: int, amount: Cents) -> Record:
        """A wager on the number 1-7 the random number generator will show; a player may bet on
        several numbers ((j)(2)(i)-(ii))."""
        self.verify_place_rng_wager(position, number, amount)
        key = (position, number)
        self._rng[key] = self._rng.get(key, 0) + amount
        return self._record(
            "place_rng_wager", {"position": position, "number": number, "amount": amount},
            {"total": self._rng[key]}, "5324.41(j)(2)(i)",
        )

    # ------------------------------------------------------------------ the bank (h)
    @property
    def banking_open(self) -> bool:
        """Whether the bank is offered to the players this round ((h)(1)-(3)): not at the start
        of a game, nor in the round the initial offer has returned to the dealer."""
        return (self.config.player_banking and not self.context.new_game
                and not self.context.house_banks_by_rotation)

    def bank_offer_order(self) -> tuple[int, ...]:
        """Every player with a wager, counter-clockwise from this round's first offer ((h)(3))."""
        return bank_offers(self.context, self._wagers)

    def next_bank_offer(self) -> int | None:
        """The player to be offered the bank now, or None (offers over, or no offers)."""
        if not self.banking_open or self.bank is not None or self.phase is not Phase.BETTING:
            return None
        for p in self.bank_offer_order():
            if p not in self._declined:
                return p
        return None

    def verify_accept_bank(self, position: int, co_bank: bool = False, chips: Cents = 0) -> None:
        self._require(Phase.BETTING, action="banking", clause="5324.41(h)(3)")
        if not self.config.player_banking:
            raise ProcedureError("this table does not offer player banking", "5324.41(h)(1)")
        if self.context.house_banks_by_rotation:
            raise ProcedureError(
                "the initial offer of the bank has returned to the dealer: the house banks this "
                "round, the offer starts again at the far right next round",
                "5324.41(h)(3)",
            )
        if self.bank is not None:
            raise ProcedureError(f"{position_name(self.bank)} is already the bank",
                                 "5324.41(h)(3)")
        wagers = self.wagers
        verify_bank_eligible(self.context, position, wagers)
        offered = self.next_bank_offer()
        if offered != position:
            raise ProcedureError(
                f"the bank is offered to {position_name(offered) if offered else 'nobody'} now, "
                f"not to {position_name(position)}",
                "5324.41(h)(3)",
            )
        if len(self._positions_of(self._wagers[position].player)) > 1:
            raise ProcedureError("the bank may wager on one betting area only", "5324.41(h)(6)")
        if co_bank and not self.config.co_banking:
            raise ProcedureError("this table does not offer co-banking", "5324.41(h)(5)")
        if chips:
            _check_amount(chips, "5324.41(h)(4)(ii)")
        verify_bank_covers(wagers[position] + chips, wagers, position)

    def can_accept_bank(self, position: int, co_bank: bool = False, chips: Cents = 0) -> bool:
        return allowed(self.verify_accept_bank, position, co_bank, chips)

    def accept_bank(self, position: int, co_bank: bool = False, chips: Cents = 0) -> Record:
        """The player at ``position`` banks the round with the chips on the betting area
        ((h)(3)-(4), (h)(6)), ``chips`` more put there now (the table maximum does not bind the
        bank's chips); ``co_bank``: the bank asked the house to cover half ((h)(5))."""
        self.verify_accept_bank(position, co_bank, chips)
        self.bank = position
        self.co_bank = co_bank
        if chips:
            held = self._wagers[position]
            self._wagers[position] = _Wager(held.amount + chips, held.player)
        arguments: dict[str, JSONValue] = {"position": position, "co_bank": co_bank}
        if chips:
            arguments["chips"] = chips
        return self._record(
            "accept_bank", arguments,
            {"bank_stake": self._wagers[position].amount,
             "marker": "co-bank" if co_bank else "bank"},
            "5324.41(h)(5)" if co_bank else "5324.41(h)(3)",
        )

    def verify_decline_bank(self, position: int | None = None) -> None:
        self._require(Phase.BETTING, action="passing the bank", clause="5324.41(h)(3)")
        offered = self.next_bank_offer()
        if offered is None:
            raise ProcedureError("the bank is not being offered", "5324.41(h)(3)")
        if position is not None and position != offered:
            raise ProcedureError(
                f"the bank is offered to {position_name(offered)}, not {position_name(position)}",
                "5324.41(h)(3)",
            )

    def can_decline_bank(self, position: int | None = None) -> bool:
        return allowed(self.verify_decline_bank, position)

    def decline_bank(self, position: int | None = None) -> Record:
        """The player offered the bank passes it on; with no position, every remaining player
        passes ((h)(3): "If no player wishes to be the bank ...")."""
        self.verify_decline_bank(position)
        if position is None:
            passed = [p for p in self.bank_offer_order() if p not in self._declined]
        else:
            passed = [position]
        self._declined.extend(passed)
        return self._record("decline_bank", {"position": position}, {"passed": passed},
                            "5324.41(h)(3)")

    def verify_no_more_bets(self) -> None:
        self._require(Phase.BETTING, action='"no more bets"', clause="5324.41(d)(3)")
        if not self.players:
            raise ProcedureError("no pai gow poker wager has been placed", "5324.41(d)(1)")
        if self.next_bank_offer() is not None:
            raise ProcedureError(
                f"offer the bank to {position_name(self.next_bank_offer() or 0)} first",
                "5324.41(h)(3)",
            )
        if self.bank is not None:
            verify_bank_covers(self._wagers[self.bank].amount, self.wagers, self.bank)

    def can_no_more_bets(self) -> bool:
        return allowed(self.verify_no_more_bets)

    def no_more_bets(self) -> Record:
        """The dealer announces "no more bets": no wager is made, increased or withdrawn after it
        ((d)(3)); the lockout of (k)(2) goes on here."""
        self.verify_no_more_bets()
        if self.bank is not None and not self.co_bank:
            self.phase = Phase.DEALER_WAGER
        else:
            self.phase = self._after_dealer_wager()
        effects: dict[str, JSONValue] = {"wagers": {str(p): a for p, a in self.wagers.items()}}
        lockout = self.optional.betting_closed() if self.optional is not None else None
        if lockout is not None:
            effects.update(lockout)
        return self._record("no_more_bets", {}, effects,
                            "5324.41(d)(3)" if lockout is None else "5324.41(k)(2)")

    def _after_dealer_wager(self) -> Phase:
        if self.config.dealing is DealingMethod.THREE_THEN_FOUR:
            return Phase.DEAL
        return Phase.STARTING

    @property
    def proposed_dealer_wager(self) -> Cents:
        """The dealer's wager against the bank ((h)(7)): the bank's last wager against the
        dealer, or the amount of the calculation approved by the commission
        (``banking.dealer_wager``)."""
        if self.bank is None:
            return 0
        return self.config.dealer_wager_for(self.context.last_wager_of(self.bank))

    def verify_place_dealer_wager(self, amount: Cents) -> None:
        if self.bank is not None and self.co_bank:
            raise ProcedureError(
                "co-banking is in effect: the dealer may not place a wager against the co-bank",
                "5324.41(h)(5)",
            )
        if self.bank is None and self.phase is not Phase.DEALER_WAGER:
            raise ProcedureError(
                "there is no player bank for the dealer to wager against",
                "5324.41(h)(7)",
            )
        self._require(Phase.DEALER_WAGER, action="the dealer's wager", clause="5324.41(h)(7)")
        if amount:
            _check_amount(amount, "5324.41(h)(7)")
        if amount < 0 or amount > self.proposed_dealer_wager:
            raise ProcedureError(
                f"the dealer wagers {self.config.dealer_wager_words} "
                f"({format_cents(self.proposed_dealer_wager)}) or a lesser amount the bank "
                f"directs, not {format_cents(amount)}",
                "5324.41(h)(7)",
            )
        assert self.bank is not None
        verify_bank_covers(self._wagers[self.bank].amount, self.wagers, self.bank, amount)

    def can_place_dealer_wager(self, amount: Cents) -> bool:
        return allowed(self.verify_place_dealer_wager, amount)

    def place_dealer_wager(self, amount: Cents) -> Record:
        """The dealer's wager against the bank, placed in front of the chip tray ((h)(7)); 0 when
        the bank directs that the dealer place none."""
        self.verify_place_dealer_wager(amount)
        self.dealer_wager = amount
        self.phase = self._after_dealer_wager()
        return self._record("place_dealer_wager", {"amount": amount}, {}, "5324.41(h)(7)")

    # ------------------------------------------------------------------ starting position
    @property
    def count_anchor(self) -> int:
        """Position one of the count: the dealer, or the bank ((h)(8)(iii), (h)(9)(iv),
        (h)(10)(iii))."""
        return self.bank if self.bank is not None else DEALER

    def verify_determine_starting_position(
        self, number: int, dice: Sequence[int] | None = None
    ) -> None:
        self._require(Phase.STARTING, action="the starting position", clause="5324.2(b)")
        dealing.check_count(self.config.starting_position, number)
        if dice is not None:
            if self.config.starting_position is not StartingPosition.DICE:
                raise ProcedureError("this table uses a random number generator, not dice",
                                     "5324.2(b)")
            if len(dice) != 3 or any(not 1 <= d <= 6 for d in dice) or sum(dice) != number:
                raise ProcedureError(
                    f"three dice of 1 to 6 totalling {number}, not {list(dice)}", "5324.2(b)"
                )

    def can_determine_starting_position(
        self, number: int, dice: Sequence[int] | None = None
    ) -> bool:
        return allowed(self.verify_determine_starting_position, number, dice)

    def determine_starting_position(
        self, number: int, dice: Sequence[int] | None = None
    ) -> Record:
        """The RNG number (1-7) or the dice total (3-18; ``dice``: the three faces, when entered),
        counted from the dealer (or the bank) as one, every position counted (5324.2(b),
        (h)(8)-(10))."""
        self.verify_determine_starting_position(number, dice)
        self.starting_number = number
        self.start = dealing.starting_position(
            number, anchor=self.count_anchor, direction=self.config.count_direction
        )
        self.phase = Phase.RNG_WAGERS if self._rng else Phase.DEAL
        arguments: dict[str, JSONValue] = {"number": number}
        if dice is not None:
            arguments["dice"] = list(dice)
        return self._record(
            "determine_starting_position", arguments,
            {"starting_position": self.start, "anchor": self.count_anchor}, "5324.2(b)",
        )

    # ------------------------------------------------------------------ RNG side wager (j)
    def verify_settle_rng_wagers(self) -> None:
        self._require(Phase.RNG_WAGERS, action="settling the RNG side wagers",
                      clause="5324.41(j)(2)(v)")

    def can_settle_rng_wagers(self) -> bool:
        return allowed(self.verify_settle_rng_wagers)

    def settle_rng_wagers(self) -> Record:
        """Losing RNG side wagers collected, then winning ones paid at the posted odds rounded
        down to the whole dollar, before any card is dealt ((j)(2)(iii)-(vi), (f)(1)(ii))."""
        self.verify_settle_rng_wagers()
        ordered = sorted(self._rng.items(), key=lambda kv: (-kv[0][0], kv[0][1]))
        lines: list[JSONValue] = []
        for (position, number), stake in ordered:
            if number != self.starting_number:
                lines.append(self._add_payment(Payment(
                    0, position, "rng_side_wager", "collect", stake, clause="5324.41(j)(2)(iv)",
                    note=f"on {number}; the RNG showed {self.starting_number}",
                )))
                self._book(position, -stake)
        for (position, number), stake in ordered:
            if number == self.starting_number:
                paid = self.config.rng_side_wager_payout(stake)
                lines.append(self._add_payment(Payment(
                    0, position, "rng_side_wager", "pay", stake, paid,
                    clause="5324.41(j)(2)(vi)", note=f"on {number}, rounded down to the dollar",
                )))
                self._book(position, paid)
        self.phase = Phase.DEAL
        return self._record("settle_rng_wagers", {}, {"payments": lines},
                            "5324.41(j)(2)(v)")

    # ------------------------------------------------------------------ dealing (f), (h)(9), (n)
    @property
    def wagered_positions(self) -> list[int]:
        """Positions whose stacks are kept: every wager, the bank, and the dealer when the dealer
        plays (house bank, or a wager against the player bank) or when the bank has an imperial
        bonus wager, whose banker hand bonus is judged on the dealer's hand ((p)(3)(ii))."""
        kept = sorted(self._wagers)
        bank_imperial = self.bank is not None and "imperial_bonus" in self._side.get(self.bank, {})
        if self.bank is None or self.dealer_wager > 0 or bank_imperial:
            kept.append(DEALER)
        return kept

    def _cards(self, cards: Sequence[str] | str, minimum: int) -> tuple[Card, ...]:
        # parse_cards refuses unknown and duplicate cards; the last deck is remembered, as the
        # verification and the action read the same one
        key = cards if isinstance(cards, str) else tuple(cards)
        if self._last_deck[0] == key:
            parsed = self._last_deck[1]
        else:
            parsed = parse_cards(key, allow_joker=True)
            self._last_deck = (key, parsed)
        if len(parsed) < minimum:
            raise CardError(f"{minimum} cards are needed, not {len(parsed)}")
        return parsed

    def verify_deal(self, cards: Sequence[str] | str, first_stack: int = 1) -> None:
        if self.optional is not None:
            self.optional.verify_deal()
        self._require(Phase.DEAL, action="dealing", clause="5324.41(f)")
        three = self.config.dealing is DealingMethod.THREE_THEN_FOUR
        try:
            self._cards(cards, 3 * (len(self.wagered_positions)) if three else 49)
        except CardError as error:
            raise ProcedureError(str(error), "5324.41(f)") from None
        if first_stack != 1:
            if self.config.dealing is not DealingMethod.HAND or self.bank is None:
                raise ProcedureError(
                    "only a player bank chooses the first stack, and only when dealing from the "
                    "hand",
                    "5324.41(h)(9)(i)",
                )
            dealing.stack_delivery(first_stack)

    def can_deal(self, cards: Sequence[str] | str, first_stack: int = 1) -> bool:
        return allowed(self.verify_deal, cards, first_stack)

    def deal(self, cards: Sequence[str] | str, first_stack: int = 1) -> Record:
        """Deal from ``cards`` (the deck or the shoe's output in order). Seven-card methods give
        every position (the dealer included) seven cards from the starting position clockwise and
        collect unseen the stacks of positions without a wager; the four cards left go to the
        discard rack ((f)). ``first_stack``: the bank's choice of stack ((h)(9)(i)).
        With stacks of three then four this delivers the three-card stacks ((n)(4)-(5))."""
        self.verify_deal(cards, first_stack)
        deck = self._cards(cards, 0)
        if self.config.dealing is DealingMethod.THREE_THEN_FOUR:
            order = self.wagered_positions
            self._first_stacks = {p: tuple(deck[3 * i : 3 * i + 3]) for i, p in enumerate(order)}
            self.phase = Phase.FOUR_CARD
            return self._record(
                "deal", {"cards": self._cards_argument(cards, deck)},
                {"three_card_stacks": {str(p): format_cards(c)
                                       for p, c in self._first_stacks.items()}},
                "5324.41(n)(4)-(5)",
            )
        assert self.start is not None
        hands = dealing.seven_card_hands(deck, self.start, self.config.dealing,
                                         first_stack=first_stack)
        kept = set(self.wagered_positions)
        self.collected = tuple(p for p in dealing.delivery_order(self.start) if p not in kept)
        self._hands = {p: tuple(h) for p, h in hands.items() if p in kept}
        self.discarded = tuple(deck[49:53])
        self.phase = Phase.SETTING
        clause = {
            DealingMethod.MANUAL_SHOE: "5324.41(f)(1)",
            DealingMethod.HAND: "5324.41(h)(9)" if first_stack != 1 else "5324.41(f)(2)",
            DealingMethod.AUTOMATED_SHOE: "5324.41(f)(3)",
        }[self.config.dealing]
        arguments: dict[str, JSONValue] = {"cards": self._cards_argument(cards, deck)}
        if first_stack != 1:
            arguments["first_stack"] = first_stack
        return self._record(
            "deal", arguments,
            {"delivery": list(dealing.delivery_order(self.start)),
             "collected_unseen": list(self.collected),
             "discard_rack": len(self.discarded)},
            clause,
        )

    def _cards_argument(self, cards: Sequence[str] | str, deck: Sequence[Card]) -> JSONValue:
        """The cards as a deal's record holds them: the cards read (a round with optional
        wagers records them as given, as such rounds have always been journalled)."""
        if self.optional is None:
            return _cards_json(deck)
        return cards if isinstance(cards, str) else list(cards)

    def verify_redeal(self, reason: str, stacks: int = 0,
                      dealt: Sequence[Sequence[str]] | None = None) -> None:
        self._require(Phase.DEAL, action="a redeal", clause="5324.41(f)")
        if not str(reason).strip():
            raise ProcedureError("say why the deal starts again", "5324.41(f)")
        if isinstance(stacks, bool) or not isinstance(stacks, int) or \
                not 0 <= stacks <= dealing.STACKS:
            raise ProcedureError(f"0 to {dealing.STACKS} stacks can be out, not {stacks!r}",
                                 "5324.41(f)")
        if dealt is not None:
            self._stacks_out(stacks, dealt)

    def can_redeal(self, reason: str, stacks: int = 0,
                   dealt: Sequence[Sequence[str]] | None = None) -> bool:
        return allowed(self.verify_redeal, reason, stacks, dealt)

    def _stacks_out(self, stacks: int, dealt: Sequence[Sequence[str]]
                    ) -> list[dict[str, JSONValue]]:
        """The stacks out before the deal was interrupted, each with the hand it went to (the
        deal's delivery order from the starting position, (f)(3)(iii)) and the cards the shoe
        read of it, as the record keeps them."""
        if isinstance(dealt, str) or not isinstance(dealt, Sequence) or len(dealt) != stacks:
            raise ProcedureError(f"the cards of the {stacks} stacks out, one list a stack, not "
                                 f"{dealt!r}", "5324.41(f)")
        try:
            cards = [parse_cards(list(stack), allow_joker=True) for stack in dealt]
            parse_cards([c for stack in cards for c in stack], allow_joker=True)  # once each
        except (CardError, TypeError) as error:
            raise ProcedureError(f"the stacks out: {error}", "5324.41(f)") from None
        if any(len(stack) > dealing.CARDS_PER_HAND for stack in cards):
            raise ProcedureError(f"a stack is at most {dealing.CARDS_PER_HAND} cards",
                                 "5324.41(f)")
        order = self.step.positions
        return [{"hand": position_name(int(order[i])) if i < len(order) else f"stack {i + 1}",
                 "cards": _cards_json(stack)} for i, stack in enumerate(cards)]

    def redeal(self, reason: str, stacks: int = 0,
               dealt: Sequence[Sequence[str]] | None = None) -> Record:
        """The deal starts again before the round has recorded it (the station restarted, or the
        shoe jammed or faulted mid-deal): the ``stacks`` already delivered are collected unseen to
        the discard rack, the deck is reshuffled and the deal restarts at the starting position,
        which stands. No card of the round was recorded, so no hand changes; wagers stand. The
        regulation has no clause on an interrupted deal: see docs/rules-interpretation.md.

        ``dealt``: the cards the shoe read of each stack out (None: not known, the station
        restarted mid-deal): the record then says which hand each stack went to and its cards
        (``stacks_out``), for the audit trail and the dispute's replay."""
        self.verify_redeal(reason, stacks, dealt)
        given = str(reason).strip() if self.optional is None else reason  # as journalled
        arguments: dict[str, JSONValue] = {"reason": given, "stacks": stacks}
        effects: dict[str, JSONValue] = {"collected_unseen_stacks": stacks, "reshuffled": True}
        if dealt is not None:
            out = self._stacks_out(stacks, dealt)
            arguments["dealt"] = [list(stack) for stack in dealt]
            effects["stacks_out"] = list(out)
        return self._record("redeal", arguments, effects, "5324.41(f)")

    def verify_deal_four_card_stacks(self, cards: Sequence[str] | str) -> None:
        if self.optional is not None:
            self.optional.verify_deal_four_card_stacks()
        self._require(Phase.FOUR_CARD, action="the four-card stacks", clause="5324.41(n)(7)")
        try:
            deck = self._cards(cards, 4 * len(self._first_stacks))
        except CardError as error:
            raise ProcedureError(str(error), "5324.41(n)(7)") from None
        overlap = set(deck) & {c for s in self._first_stacks.values() for c in s}
        if overlap:
            raise ProcedureError(
                f"{format_cards(sorted(overlap, key=str))} were dealt already", "5324.41(n)(7)"
            )

    def can_deal_four_card_stacks(self, cards: Sequence[str] | str) -> bool:
        return allowed(self.verify_deal_four_card_stacks, cards)

    def deal_four_card_stacks(self, cards: Sequence[str] | str) -> Record:
        """The stacks of four completing each hand, from the farthest left wager clockwise, then
        the dealer ((n)(7)(ii))."""
        self.verify_deal_four_card_stacks(cards)
        deck = self._cards(cards, 0)
        order = list(self._first_stacks)
        hands = dealing.three_then_four_hands(
            [c for p in order for c in self._first_stacks[p]], deck, order, dealer=DEALER in order
        )
        self._hands = {p: tuple(h) for p, h in hands.items()}
        self.phase = Phase.SETTING
        clause = self.optional.four_card_clause() if self.optional is not None else None
        return self._record("deal_four_card_stacks", {"cards": self._cards_argument(cards, deck)},
                            {"positions": order}, clause or "5324.41(n)(7)(ii)")

    # ------------------------------------------------------------------ setting (g), (i), (q)
    @staticmethod
    def records_in_legacy_order(records: Sequence[Record]) -> bool:
        """True for records of a round made before :meth:`players_have_set` existed: a player's
        setting recorded before the dealer's hand, with no ``players_have_set`` record.

        >>> from dealer_station.procedure import Record
        >>> PaiGowRound.records_in_legacy_order([Record(1, "set_hand", {}, {}, None)])
        True
        >>> PaiGowRound.records_in_legacy_order([Record(1, "players_have_set", {}, {}, None)])
        False
        """
        actions = [r.action for r in records]
        if "players_have_set" in actions:
            return False
        settings = [i for i, a in enumerate(actions)
                    if a in ("set_hand", "set_hand_house_way", "set_bank_hand")]
        banker = [i for i, a in enumerate(actions) if a in ("set_dealer_hand", "set_co_bank_hand")]
        return bool(settings) and (not banker or settings[0] < banker[0])

    def accept_legacy_order(self) -> None:
        """Replay a round recorded in the old order (the players' settings entered during
        ``setting``, before the dealer's hand), only to rebuild it for a dispute: a round being
        played never calls this (5324.41(g)(2), (g)(4); docs/rules-interpretation.md)."""
        self.legacy_order = True

    def _partner_first(self, position: int) -> int | None:
        """The other area of the same player, when its hand goes before ``position`` ((i)(2))."""
        mine = self._wagers[position]
        for other in self._positions_of(mine.player):
            if other == position or other in self._settings or other in self.surrendered:
                continue
            theirs = self._wagers[other].amount
            if theirs > mine.amount or (theirs == mine.amount and other > position):
                return other
        return None

    def exposure_order(self) -> tuple[int, ...]:
        """Positions whose hands are still to be exposed, in the order the dealer exposes them:
        from the far right counter-clockwise ((g)(4), (h)(12)-(13)); of one player's two areas
        the hand with the larger wager, which the player set first, goes first ((i)(2))."""
        waiting = [p for p in far_right_first(self.players)
                   if p not in self._settings and p not in self.surrendered]
        ordered: list[int] = []
        for p in waiting:
            partner = self._partner_first(p)
            if partner is not None and partner not in ordered:
                ordered.append(partner)
            if p not in ordered:
                ordered.append(p)
        return tuple(ordered)

    def verify_players_have_set(self) -> None:
        self._require(Phase.SETTING, action="closing the setting", clause="5324.41(g)(2)")
        if self.legacy_order:
            raise ProcedureError("a round replayed in the old order has no players_have_set",
                                 "5324.41(g)(2)")

    def can_players_have_set(self) -> bool:
        return allowed(self.verify_players_have_set)

    def players_have_set(self) -> Record:
        """Every player has set both hands and placed them face down on the layout; the dealer's
        seven cards may now be turned over ((g)(1)-(2), (h)(11))."""
        self.verify_players_have_set()
        waiting = [p for p in far_right_first(self.players) if p not in self.surrendered]
        self._after_banker()
        if self.banker_actions():
            self.phase = Phase.BANKER
        return self._record("players_have_set", {}, {"set": waiting}, "5324.41(g)(2)")

    def _after_banker(self) -> None:
        """Past the banker's hands: expose the players' hands, or settle when none is left."""
        if not self.banker_actions():
            self.phase = Phase.EXPOSURE if self.exposure_order() else Phase.SETTLEMENT

    def verify_set_hand(self, position: int, low: Sequence[str] | str) -> None:
        legacy = self.legacy_order and self.phase is Phase.SETTING
        if not legacy:
            if self.phase is Phase.BANKER and "set_dealer_hand" not in self.banker_actions():
                raise ProcedureError("the bank's hands are set before the players' are exposed",
                                     "5324.41(h)(13)" if self.co_bank else "5324.41(h)(12)")
            if self.phase in (Phase.SETTING, Phase.BANKER):
                raise ProcedureError(
                    "a player's hands are exposed and entered only after the dealer's hand is "
                    "set", "5324.41(g)(2)")
            self._require(Phase.EXPOSURE, action="exposing a hand", clause="5324.41(g)(4)")
        if position not in self.players:
            raise ProcedureError(f"{position_name(position)} has no hand to set", "5324.41(g)(1)")
        if position in self.surrendered:
            raise ProcedureError(f"{position_name(position)} surrendered", "5324.41(g)(3)")
        if position in self._settings:
            raise ProcedureError(
                f"{position_name(position)} is set and placed: it may not be changed",
                "5324.41(i)(2)",
            )
        partner = self._partner_first(position)
        if partner is not None:
            raise ProcedureError(
                f"the player set {position_name(partner)} first (the larger wager, or counter-"
                "clockwise when equal): it is exposed first",
                "5324.41(i)(2)",
            )
        if not legacy:
            following = self.exposure_order()[0]
            if position != following:
                raise ProcedureError(
                    f"expose {position_name(following)} first (from the far right, counter-"
                    "clockwise)", "5324.41(g)(4)")
        self._check_low(position, low)

    def _check_low(self, position: int, low: Sequence[str] | str) -> None:
        try:
            player_setting(self._hands[position], low, wheel_lowest=self.config.wheel_lowest)
        except CardError as error:
            raise ProcedureError(str(error), "5324.41(g)(1)") from None

    def can_set_hand(self, position: int, low: Sequence[str] | str) -> bool:
        return allowed(self.verify_set_hand, position, low)

    def _after_exposure(self) -> None:
        if self.legacy_order and self.phase is Phase.SETTING:
            players_done = not self.exposure_order()
            bank_done = self.bank is None or self.co_bank or self.bank_hand is not None
            if players_done and bank_done:
                self.phase = Phase.BANKER if self.banker_actions() else Phase.SETTLEMENT
        elif self.phase is Phase.EXPOSURE and not self.exposure_order():
            self.phase = Phase.SETTLEMENT

    def set_hand(self, position: int, low: Sequence[str] | str) -> Record:
        """The player's hands as exposed by the dealer, entered as the cards of the low hand; a
        foul is recorded and the wager will lose ((g)(4), (g)(5)(iii)-(iv))."""
        self.verify_set_hand(position, low)
        hand = player_setting(self._hands[position], low, wheel_lowest=self.config.wheel_lowest)
        self._settings[position] = hand
        self._after_exposure()
        low_arg: JSONValue = low if isinstance(low, str) else list(low)
        return self._record("set_hand", {"position": position, "low": low_arg},
                            {"setting": hand.to_json()}, foul_clause(hand) or "5324.41(g)(4)")

    def verify_set_hand_house_way(self, position: int) -> None:
        if self.phase not in (Phase.SETTING, Phase.BANKER):
            self._require(Phase.EXPOSURE, action="exposing a hand", clause="5324.41(g)(4)")
        hand = self._hands.get(position)
        if hand is None:
            raise ProcedureError(f"{position_name(position)} has no hand to set", "5324.41(g)(1)")
        low = format_cards(self.house_way.set_hand(hand)[1])
        self.verify_set_hand(position, low)

    def can_set_hand_house_way(self, position: int) -> bool:
        return allowed(self.verify_set_hand_house_way, position)

    def set_hand_house_way(self, position: int) -> Record:
        """A player who asked had the hand set by the house way; entered as it is exposed."""
        self.verify_set_hand_house_way(position)
        high, low = self.house_way.set_hand(self._hands[position])
        self._settings[position] = SetHand(high, low)
        self._house_way_set.add(position)
        self._after_exposure()
        return self._record("set_hand_house_way", {"position": position},
                            {"setting": self._settings[position].to_json()}, "5324.41(g)(1)")

    def verify_set_bank_hand(self, low: Sequence[str] | str) -> None:
        if not (self.legacy_order and self.phase is Phase.SETTING):
            self._require(Phase.BANKER, action="exposing the bank's hand", clause="5324.41(h)(11)")
        if self.bank is None or self.co_bank:
            raise ProcedureError("only a player bank sets its own hand (the dealer sets a "
                                 "co-bank's)", "5324.41(h)(5)")
        if self.bank_hand is not None:
            raise ProcedureError("the bank's hand is set", "5324.41(h)(11)")
        if self.phase is Phase.BANKER and self.banker_actions()[0] != "set_bank_hand":
            raise ProcedureError("the dealer's hand is set before the bank's hands are exposed",
                                 "5324.41(h)(11)")
        self._check_low(self.bank, low)

    def can_set_bank_hand(self, low: Sequence[str] | str) -> bool:
        return allowed(self.verify_set_bank_hand, low)

    def set_bank_hand(self, low: Sequence[str] | str) -> Record:
        """The bank's own setting (made on the layout with the players'), entered as the dealer
        exposes it after setting the dealer's hand; set incorrectly, the dealer resets it by the
        house way and the bank's wager is not lost ((h)(11), (q))."""
        self.verify_set_bank_hand(low)
        assert self.bank is not None
        seven = self._hands[self.bank]
        hand = player_setting(seven, low, wheel_lowest=self.config.wheel_lowest)
        effects: dict[str, JSONValue] = {"setting": hand.to_json()}
        clause = "5324.41(h)(11)"
        if hand.foul:
            high, low_cards = self.house_way.set_hand(seven)
            effects["incorrect"] = hand.foul
            hand = SetHand(high, low_cards)
            effects["reset_by_house_way"] = hand.to_json()
            self.bank_reset = True
            clause = "5324.41(q)"
        self.bank_hand = hand
        if self.phase is Phase.BANKER:
            self._after_banker()
        else:
            self._after_exposure()
        low_arg: JSONValue = low if isinstance(low, str) else list(low)
        return self._record("set_bank_hand", {"low": low_arg}, effects, clause)

    def verify_surrender(self, position: int) -> None:
        self._require(Phase.SETTING, Phase.BANKER, Phase.EXPOSURE, action="surrender",
                      clause="5324.41(g)(3)")
        if position not in self.players:
            raise ProcedureError(f"{position_name(position)} has no wager to surrender",
                                 "5324.41(g)(3)")
        if position in self.surrendered:
            raise ProcedureError(f"{position_name(position)} has surrendered", "5324.41(g)(3)")
        if position in self._settings and not self.legacy_order:
            raise ProcedureError(f"the hands of {position_name(position)} are exposed: too late "
                                 "to surrender", "5324.41(g)(3)")
        blocking = NO_SURRENDER_WAGERS & set(self._side.get(position, {}))
        if blocking:
            raise ProcedureError(
                f"a player with a {', '.join(sorted(blocking))} wager may not surrender",
                "5324.41(g)(3)",
            )

    def can_surrender(self, position: int) -> bool:
        return allowed(self.verify_surrender, position)

    def surrender(self, position: int) -> Record:
        """The player surrenders before the hands are exposed: the wager is collected at once and
        the seven cards collected unseen, counted face down ((g)(3))."""
        self.verify_surrender(position)
        self.surrendered.append(position)
        self._settings.pop(position, None)
        stake = self._wagers[position].amount
        against_bank = self.bank is not None
        number = self._add_payment(Payment(
            0, position, "pai_gow", "collect", stake, clause="5324.41(g)(3)",
            note="surrendered: the seven cards collected unseen and counted face down"
            + ("; the wager goes to the centre of the table (h)(12)" if against_bank else ""),
        ))
        if against_bank:  # the bank's, settled through the centre
            self._net[position] = self._net.get(position, 0) - stake
        else:
            self._book(position, -stake)
        self._results[position] = "surrender"
        self._after_exposure()
        effects: dict[str, JSONValue] = {"payment": number}
        collected = self.optional.surrendered(position) if self.optional is not None else []
        if collected:
            effects["optional_wagers_collected"] = collected
        return self._record("surrender", {"position": position}, effects, "5324.41(g)(3)")

    def banker_actions(self) -> tuple[str, ...]:
        """The banker's hands still to set, in order: the dealer's first, then the bank's exposed
        (a player bank's) or set by the dealer (a co-bank's) ((g)(2), (h)(5), (h)(11))."""
        actions = []
        if (self.bank is None or self.dealer_wager > 0) and self.dealer_hand is None:
            actions.append("set_dealer_hand")
        if self.bank is not None and self.bank_hand is None:
            actions.append("set_co_bank_hand" if self.co_bank else "set_bank_hand")
        return tuple(actions)

    def verify_set_dealer_hand(self) -> None:
        self._require(Phase.BANKER, action="setting the dealer's hand", clause="5324.41(g)(2)")
        if "set_dealer_hand" not in self.banker_actions():
            raise ProcedureError("the dealer has no hand to set this round", "5324.41(h)(11)")

    def can_set_dealer_hand(self) -> bool:
        return allowed(self.verify_set_dealer_hand)

    def set_dealer_hand(self) -> Record:
        """The dealer's seven cards turned over and set by the house way, face up ((g)(2))."""
        self.verify_set_dealer_hand()
        high, low = self.house_way.set_hand(self._hands[DEALER])
        self.dealer_hand = SetHand(high, low)
        self._after_banker()
        return self._record("set_dealer_hand", {}, {"setting": self.dealer_hand.to_json()},
                            "5324.41(g)(2)")

    def verify_set_co_bank_hand(self) -> None:
        self._require(Phase.BANKER, action="setting the co-bank's hand", clause="5324.41(h)(5)")
        if "set_co_bank_hand" not in self.banker_actions():
            raise ProcedureError("there is no co-bank hand to set", "5324.41(h)(5)")
        if self.banker_actions()[0] != "set_co_bank_hand":
            raise ProcedureError("the dealer's hand is set first", "5324.41(h)(11)")

    def can_set_co_bank_hand(self) -> bool:
        return allowed(self.verify_set_co_bank_hand)

    def set_co_bank_hand(self) -> Record:
        """The dealer sets the co-bank's hand by the house way ((h)(5), (h)(13))."""
        self.verify_set_co_bank_hand()
        assert self.bank is not None
        high, low = self.house_way.set_hand(self._hands[self.bank])
        self.bank_hand = SetHand(high, low)
        self._after_banker()
        return self._record("set_co_bank_hand", {}, {"setting": self.bank_hand.to_json()},
                            "5324.41(h)(5)")

    # ------------------------------------------------------------------ halts
    # 5324.41 has no misdeal or exposed-card clause: the dealer halts the round for a supervisor,
    # who lets it continue or voids it; the halt cites the dealing procedures for a card
    # exposed, else the step it stopped (docs/rules-interpretation.md).
    def verify_call_supervisor(self, reason: str) -> None:
        if self.is_void:
            raise ProcedureError("the round is void: return the wagers and collect the cards",
                                 VOID_CLAUSE)
        if self.phase in (Phase.HALTED, Phase.COMPLETE):
            raise ProcedureError(f"a supervisor cannot be called while the round is "
                                 f"{self.phase.value}", self.halt_clause)
        if not str(reason).strip():
            raise ProcedureError("say why the supervisor is called", self.halt_clause)
        position = exposed_at(str(reason))
        if position is not None and position not in self._wagers:  # nothing of the round there
            raise ProcedureError(f"{position_name(position)} has no wager: no card of the round "
                                 "is dealt to it", EXPOSED_CARD_CLAUSE)

    def can_call_supervisor(self, reason: str) -> bool:
        return allowed(self.verify_call_supervisor, reason)

    def call_supervisor(self, reason: str) -> Record:
        """The dealer halts the round for a supervisor (a card exposed, chips moved wrongly, a
        device that cannot be recovered): nothing else happens until the supervisor decides."""
        self.verify_call_supervisor(reason)
        self._halt_clause = halt_clause(str(reason), self.step.clause)
        self.halt = {"kind": "dealer", "reason": str(reason).strip(), "phase": self.phase.value}
        self._resume, self.phase = self.phase, Phase.HALTED
        return self._record("call_supervisor", {"reason": reason},
                            {"halted": True, "halt": dict(self.halt)}, self._halt_clause)

    @property
    def halt_clause(self) -> str:
        """The clause of the halt in force (a card exposed: (f)); with none, the step's."""
        if self.phase is Phase.HALTED:  # its step cites this clause: never asked back
            return self._halt_clause or "5324.41"
        return self.step.clause or "5324.41"

    def verify_resolve_halt(self, supervisor: str, resolution: str) -> None:
        if self.phase is not Phase.HALTED:
            raise ProcedureError("the round is not halted", self.halt_clause)
        if not str(supervisor).strip():
            raise ProcedureError("the supervisor resolving the halt must be named",
                                 self.halt_clause)
        if resolution not in ("continue", "void_round"):
            raise ProcedureError(f"resolution {resolution!r} is not 'continue' or 'void_round'",
                                 self.halt_clause)
        if resolution == "void_round" and self._resume is Phase.SETTLEMENT:
            raise ProcedureError("the wagers are being collected and paid: the round can no "
                                 "longer be voided", "5324.41(g)(7)")

    def can_resolve_halt(self, supervisor: str, resolution: str) -> bool:
        return allowed(self.verify_resolve_halt, supervisor, resolution)

    def resolve_halt(self, supervisor: str, resolution: str) -> Record:
        """A supervisor's decision: ``continue`` (the round goes on where it stopped) or
        ``void_round`` (every wager still in play returned, far right first; the cards are
        collected)."""
        self.verify_resolve_halt(supervisor, resolution)
        clause = self.halt_clause
        halt, self.halt, self._halt_clause = self.halt, None, None
        self.phase = self._resume
        effects: dict[str, JSONValue] = {"halt": halt, "resolution": resolution}
        if resolution == "void_round":
            effects["returned"] = self._void_round()
        return self._record("resolve_halt", {"supervisor": supervisor, "resolution": resolution},
                            effects, clause)

    def verify_void(self, supervisor: str, reason: str) -> None:
        phase = self._resume if self.phase is Phase.HALTED else self.phase
        if self.is_void:
            raise ProcedureError("the round is void already", VOID_CLAUSE)
        if phase in (Phase.SETTLEMENT, Phase.COMPLETE):  # settled, payouts still to validate
            raise ProcedureError("the wagers are being collected and paid: the round can no "
                                 "longer be voided", "5324.41(g)(7)")
        check_void_words(supervisor, reason, VOID_CLAUSE)

    def can_void(self, supervisor: str, reason: str) -> bool:
        return allowed(self.verify_void, supervisor, reason)

    def void(self, supervisor: str, reason: str) -> Record:
        """A supervisor voids the round (from the supervisor's screen, halted or not): every
        wager still in play is to be returned — one RETURN line each, far right first — then
        the cards are collected unseen (:meth:`return_wagers`, :meth:`collect_cards`); the
        round ends void after that."""
        self.verify_void(supervisor, reason)
        if self.phase is Phase.HALTED:
            self.halt, self._halt_clause, self.phase = None, None, self._resume
        returned = self._void_round()
        return self._record("void", {"supervisor": supervisor, "reason": reason},
                            {"returned": returned,
                             "lines": [p.order for p in self.void_returns]}, VOID_CLAUSE)

    @property
    def void_cards_out(self) -> bool:
        """The voided round's deal had begun: cards lie on the layout, collected before it
        ends (none before the deal)."""
        return self._void_cards

    @property
    def void_returns(self) -> tuple[Payment, ...]:
        """The RETURN lines of a voided round (every wager that was still in play)."""
        return tuple(p for p in self.payments if p.outcome == "return"
                     and p.note.startswith(VOID_NOTE))

    def _require_return_step(self) -> None:
        self._require(Phase.RETURN_WAGERS, action="returning the wagers", clause=VOID_CLAUSE)

    def _after_returns(self) -> None:  # WAGERS RETURNED (VoidSteps.return_wagers)
        self.phase = Phase.COLLECT_CARDS if self._void_cards else Phase.COMPLETE

    def verify_collect_cards(self) -> None:
        self._require(Phase.COLLECT_CARDS, action="collecting the cards", clause=VOID_CLAUSE)

    def can_collect_cards(self) -> bool:
        return allowed(self.verify_collect_cards)

    def collect_cards(self) -> Record:
        """The cards of the voided round collected unseen (every stack on the layout, the
        dealer's too): the round ends void."""
        self.verify_collect_cards()
        self.phase = Phase.COMPLETE
        return self._record("collect_cards", {}, {"unseen": True}, VOID_CLAUSE)

    def _void_round(self) -> Cents:
        """Return every wager still in play (pai gow and optional wagers, the dealer's wager
        against the bank, RNG side wagers not settled yet): the RETURN lines to tick off, then
        the cards (if the deal had begun) collected; the round ends void."""
        returned = 0
        #: The deal had begun: cards (or stacks delivered) lie on the layout.
        self._void_cards = self.phase not in (Phase.SHUFFLE, Phase.CUT, Phase.BETTING,
                                              Phase.DEALER_WAGER, Phase.STARTING,
                                              Phase.RNG_WAGERS)
        note = VOID_NOTE
        for position in far_right_first(p for p in self._wagers if p not in self.surrendered):
            lines = [("pai_gow", self._wagers[position].amount),
                     *sorted(self._side.get(position, {}).items())]
            for wager, amount in lines:
                if amount:
                    self._add_payment(Payment(0, position, wager, "return", amount, note=note))
                    returned += amount
        if self.dealer_wager:
            self._add_payment(Payment(0, "dealer", "pai_gow", "return", self.dealer_wager,
                                      note=note))
            returned += self.dealer_wager
        if self.phase in (Phase.BETTING, Phase.DEALER_WAGER, Phase.STARTING, Phase.RNG_WAGERS):
            for (position, number), amount in sorted(self._rng.items(), reverse=True):
                self._add_payment(Payment(0, position, "rng_side_wager", "return", amount,
                                          note=f"{note} (number {number})"))
                returned += amount
        self.is_void = True
        self.phase = (Phase.RETURN_WAGERS if self.void_returns else
                      Phase.COLLECT_CARDS if self._void_cards else Phase.COMPLETE)
        return returned

    # ------------------------------------------------------------------ settlement
    def verify_settle(self, meter: Cents | None = None) -> None:
        self._require(Phase.SETTLEMENT, action="the settlement", clause="5324.41(g)(7)")
        if self.optional is not None:
            self.optional.verify_settle(meter)
            return
        if self._side:
            raise ProcedureError("side wagers need the optional wagers' settlement",
                                 "5324.41(h)(15)")
        if meter is not None:
            raise ProcedureError("no progressive payout wager is offered at this table: there "
                                 "is no meter to read", "5324.41(k)(6)")

    def can_settle(self, meter: Cents | None = None) -> bool:
        return allowed(self.verify_settle, meter)

    def _banker(self) -> SetHand:
        hand = self.bank_hand if self.bank is not None else self.dealer_hand
        assert hand is not None
        return hand

    def _result(self, position: int, banker: SetHand) -> Result:
        hand = self._settings[position]
        result = outcome(hand, banker, wheel_lowest=self.config.wheel_lowest)
        words = f"{format_cards(hand.high)} / {format_cards(hand.low)}"
        note = hand.foul or ("set by the house way" if position in self._house_way_set else "")
        copy = copy_push(hand, banker, wheel_lowest=self.config.wheel_lowest)
        if copy:
            note = f"{copy}; {note}" if note else copy
        self._results[position] = result.value
        return Result(position, self._wagers[position].amount, result, words, note)

    def settle(self, meter: Cents | None = None) -> Record:
        """Expose from the far right counter-clockwise, collect, pay, take the vigorish; with a
        player bank settle through the centre ((g)(4)-(8), (h)(11)-(14)). The optional wagers
        are settled with the pai gow wagers in the regulated order ((l)(4), (p)(3));
        ``meter``: the progressive meter now ((k)(6))."""
        self.verify_settle(meter)
        banker = self._banker()
        order = [p for p in far_right_first(self.players) if p not in self.surrendered]
        results = [self._result(p, banker) for p in order]
        if self.bank is None:
            settlement = settle_house_banked(results, self.config)
        else:
            dealer = None
            if self.dealer_wager > 0:
                assert self.dealer_hand is not None
                decided = outcome(self.dealer_hand, banker, wheel_lowest=self.config.wheel_lowest)
                self._results["dealer"] = decided.value
                dealer = Result(DEALER, self.dealer_wager, decided,
                                f"{format_cards(self.dealer_hand.high)} / "
                                f"{format_cards(self.dealer_hand.low)}")
            settlement = settle_player_banked(
                results, self.config, bank=self.bank, bank_stake=self._wagers[self.bank].amount,
                co_bank=self.co_bank, dealer=dealer,
                surrendered=sum(self._wagers[p].amount for p in self.surrendered),
            )
        self.settlement = settlement
        lines: Sequence[Payment] = settlement.payments
        if self.optional is not None:
            lines = self.optional.settlement(lines, meter)
        first = self._pai_gow_lines + 1
        core = {(p.position, p.wager) for p in settlement.payments}
        for line in lines:
            self._add_payment(line)
            if (line.position, line.wager) not in core and line.outcome in ("pay", "collect"):
                # an optional wager's line: paid at its amount or collected at its stake
                gain = line.amount - line.vigorish if line.outcome == "pay" else -line.stake
                self._book(line.position, gain)
        for party, amount in settlement.net.items():  # the house's own share included
            self._net[party] = self._net.get(party, 0) + amount
        self.phase = Phase.COMPLETE
        effects: dict[str, JSONValue] = {
            "results": {str(k): v for k, v in self._results.items()},
            "payments": list(range(first, self._pai_gow_lines + 1)),
            **({"bank": settlement.bank.to_json()} if settlement.bank else {})}
        if self.optional is not None:
            effects.update(self.optional.settled_effects())
        return self._record("settle", {} if meter is None else {"meter": meter}, effects,
                            "5324.41(h)(12)" if self.bank is not None else "5324.41(g)(7)")

    # ------------------------------------------------------------------ the next round
    def next_context(self) -> TableContext:
        """The :class:`TableContext` for the table's next round."""
        return self.context.next_round(
            cut_offered=self.cut_offered,
            bank_offered=self.banking_open,
            bank=self.bank,
            offer_returns_to_dealer=self.config.bank_offer_returns_to_dealer,
            wagers={p: w.amount for p, w in self._wagers.items()} if self.bank is None else {},
        )

    # ------------------------------------------------------------------ the step
    @property
    def step(self) -> Step:
        """What the dealer does now (:func:`.steps.step_for`)."""
        return step_for(self) if self.optional is None else self.optional.step()

    # ------------------------------------------------------------------ the document
    def to_document(self) -> dict[str, JSONValue]:
        """The round's one JSON document: configuration, context, wagers, cards, settings,
        results, payments in order, nets and the records."""
        def hand_json(hand: SetHand | None) -> JSONValue:
            return hand.to_json() if hand is not None else None

        return {
            "game": GAME,
            "config": self.config.to_json(),
            "context": self.context_at_start.to_json(),
            "phase": self.phase.value,
            "complete": self.is_complete,
            "wagers": {str(p): {"amount": w.amount, "player": w.player}
                       for p, w in sorted(self._wagers.items())},
            "side_wagers": {str(p): dict(w) for p, w in sorted(self._side.items())},
            "rng_wagers": [{"position": p, "number": n, "amount": a}
                           for (p, n), a in sorted(self._rng.items())],
            "bank": {"position": self.bank, "co_bank": self.co_bank,
                     "dealer_wager": self.dealer_wager, "reset_by_house_way": self.bank_reset},
            "cut": {"offered_to": self.cut_offered, "cut_by": self.cut_by},
            "starting_position": {"number": self.starting_number, "position": self.start},
            "cards": {str(p): format_cards(h) for p, h in sorted(self._hands.items())},
            "collected_unseen": list(self.collected),
            "settings": {str(p): h.to_json() for p, h in sorted(self._settings.items())},
            "dealer_hand": hand_json(self.dealer_hand),
            "bank_hand": hand_json(self.bank_hand),
            "surrendered": list(self.surrendered),
            "results": {str(k): v for k, v in self._results.items()},
            "payments": [p.to_json() for p in self.payments],
            "net": {str(k): v for k, v in self.net.items()},
            "records": [r.to_json() for r in self.history],
            **({} if self.optional is None else {"bonus": self.optional.document()}),
        }


def _is_a_game_round(round_: PaiGowRound) -> GameRound:
    """mypy checks here that :class:`PaiGowRound` satisfies :class:`procedure.GameRound`."""
    return round_
