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

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol, runtime_checkable

from dealer_station.cards import Card, format_cards, parse_cards
from dealer_station.games.pai_gow.wagers.validation import SupervisorValidation, ValidationState
from dealer_station.games.registry import game_hooks
from dealer_station.money import Cents, format_cents
from dealer_station.procedure import GameRound, ProcedureError
from dealer_station.rankings.seven_card import ProgressiveHand, progressive_split
from dealer_station.store import journal
from dealer_station.store.database import Store
from dealer_station.store.meters import Meter
from dealer_station.store.round_dealers import dealers_of_round, dealers_words
from dealer_station.winners import WinnerIdentification

__all__ = ["CLAUSE", "Approval", "ClaimSource", "ClaimWaiting", "LinkedMeter", "LinkedReading",
           "MeterTerms", "ProgressiveClaim", "ProgressiveRound", "ProgressiveTerms",
           "ProgressiveWagers", "Waiting", "claim_for", "claims_waiting"]

CLAUSE = "5324.41(k)(3)(iii)"


class ProgressiveTerms(Protocol):
    """The progressive payout wager's terms as the round was configured ((k)(5))."""

    @property
    def progressive_denomination(self) -> Cents: ...

    @property
    def progressive_reset(self) -> Cents: ...


class ProgressiveWagers(Protocol):
    """The part of a round that holds its progressive payout wagers (Pai Gow's
    :class:`~dealer_station.games.pai_gow.wagers.part.OptionalWagers`): the positions whose
    wager was counted at the light check ((k)(2)), the meter at settlement, and the payouts
    waiting for (or having had) a supervisor's validation, in the order they are paid."""

    @property
    def bonus(self) -> ProgressiveTerms: ...

    @property
    def progressive_wagered(self) -> tuple[int, ...]: ...

    @property
    def meter_at_settlement(self) -> Cents | None: ...

    @property
    def validations(self) -> Sequence[SupervisorValidation]: ...

    @property
    def pending(self) -> tuple[SupervisorValidation, ...]: ...

    def at_meter(self, request: SupervisorValidation, meter: Cents) -> SupervisorValidation:
        """The payout ``request`` as it stands with the meter at ``meter`` ((k)(6))."""
        ...

    def meter_terms(self, request: SupervisorValidation) -> MeterTerms:
        """Every share or fixed amount ``request``'s cards are paid from the meter by (the
        best of them at the meter then is paid: :meth:`at_meter`)."""
        ...


@runtime_checkable
class ProgressiveRound(Protocol):
    """What a round of a game with the progressive payout wager (5324.41(k)) has beyond the
    :class:`~dealer_station.procedure.GameRound` protocol: its optional wagers (``None``: none
    offered) and the seven cards each position received. (Only these two members, so that
    ``isinstance`` reads no property of the round: Python 3.11 checks a runtime protocol's
    members with ``hasattr``, which would build the round's step and payments.)"""

    @property
    def optional(self) -> ProgressiveWagers | None: ...

    def seven_cards(self, position: int) -> tuple[Card, ...]: ...


class ClaimSource(Protocol):
    """What a claim is read from: the table's store, its open round and its meters (the
    station, or its meters part :class:`dealer_station.station_meters.Meters`)."""

    @property
    def store(self) -> Store: ...

    @property
    def round(self) -> GameRound | None: ...

    @property
    def round_id(self) -> int | None: ...

    def progressive_meter_name(self) -> str: ...

    def meter(self, name: str) -> Meter: ...

    @property
    def linked_meter(self) -> LinkedMeter | None:
        """The floor's linked pool the table's claims are paid from (None: its own meter)."""
        ...


@dataclass(frozen=True, slots=True)
class LinkedReading:
    """A linked pool as the floor gives it for one claim: ``current`` the pool as it stands
    (its reset ``reset``); ``paid``/``after``: the floor paid this claim (in its turn after an
    earlier hit, or before a crash lost the table's own record of it), ``current`` then being
    the pool before that payment; ``approved_by``/``waiting_for``: approved on the floor and
    waiting for an earlier hit (in words: which hit, at which table)."""

    pool: str
    current: Cents
    reset: Cents
    paid: Cents | None = None
    after: Cents | None = None
    approved_by: str | None = None
    waiting_for: str | None = None


@dataclass(frozen=True, slots=True)
class Approval:
    """A claim approved on the floor that waits for an earlier hit: who approved it (their id
    and PIN checked then), their role, the second validator and the winner's identification;
    the table records it, as them, when the floor pays it."""

    supervisor: str
    role: str
    second: str | None = None
    #: The winner's identification entered with the approval (a payout that reaches the
    #: reporting threshold), kept in memory only until the record is made.
    winner: WinnerIdentification | None = None


@dataclass(frozen=True, slots=True)
class Waiting:
    """An approval that waits: the claim at ``position`` of round ``round_id``, approved by
    ``approved_by``, paid from the pool as it stands when ``waiting_for`` (which hit, at
    which table) is decided."""

    round_id: int
    position: int
    approved_by: str
    waiting_for: str

    @property
    def words(self) -> str:
        return (f"approved by {self.approved_by}: position {self.position} is paid from the "
                f"pool as it stands when {self.waiting_for} is decided (5324.41(k)(6)) — "
                "nothing more to do here")


class ClaimWaiting(ProcedureError):
    """The approval was taken and waits (:class:`Waiting`): not a refusal."""

    def __init__(self, waiting: Waiting) -> None:
        super().__init__(waiting.words, "5324.41(k)(6)")
        self.waiting = waiting


#: The ways a claim's cards are paid from the meter ((k)(4)): (share in basis points, fixed
#: cents), one of the two ``None`` each; the best at the meter when paid is paid ((k)(6)).
MeterTerms = tuple[tuple[int | None, Cents | None], ...]


class LinkedMeter(Protocol):
    """A table whose progressive is a floor's linked pool (docs/floor.md): its claims are paid
    from the pool as it stands at the payment's commit on the floor, not from the table's own
    meter. Every method refuses (:class:`~dealer_station.procedure.ProcedureError`) when the
    floor cannot answer: the payout waits for it."""

    def reading(self, round_id: int, position: int) -> LinkedReading:
        """The pool now, for the claim at ``position`` of round ``round_id``."""
        ...

    def pay(self, round_id: int, position: int, hand: str, *, terms: MeterTerms,
            supervisor: str) -> LinkedReading:
        """Approve the claim, paid by the best of ``terms`` from the pool as it stands at the
        floor's commit, in the floor's hit order: paid now, or (an earlier hit pending)
        approved and waiting, paid when that one is decided. Asked again: what was done."""
        ...

    def last_known(self) -> Cents | None:
        """The pool's amount as the floor last announced it (never waits)."""
        ...


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
    #: The floor's linked pool paying it (None: the table's own meter).
    pool: str | None = None
    #: Approved on the floor and waiting for this earlier hit (in words), paid when it is
    #: decided (None: not waiting).
    waiting_for: str | None = None
    #: Who approved it on the floor while it waits (None: not approved yet).
    approved_by: str | None = None

    @property
    def hand_words(self) -> str:
        return self.hand.replace("_", " ").capitalize()

    def lines(self) -> list[tuple[str, str]]:
        """The rows the screen shows, in order."""
        return [
            *((("Approved, waits for", self.waiting_for),) if self.waiting_for else ()),
            ("Round", f"{self.round_id} ({self.game.replace('_', ' ')})"),
            ("Betting position", str(self.position)),
            ("Progressive wager", f"{format_cents(self.wager)} · {self.light_count}"),
            ("Seven cards dealt", format_cards(self.cards)),
            ("Best arrangement", self.arrangement),
            ("Hand", self.hand_words),
            *((("Linked pool", self.pool),) if self.pool else ()),
            ("Pool now" if self.pool else "Meter now", format_cents(self.meter_before)),
            ("Amount", format_cents(self.amount)),
            ("Pool after" if self.pool else "Meter after", format_cents(self.meter_after)),
            ("Dealers", self.dealer or "-"),
        ]

    def validated(self) -> dict[str, Any]:
        """What the supervisor validates and approves: the hand, the wager, the cards and the
        share of the meter; not the amount, which is the meter's as it stands when paid
        ((k)(6)) and moves with every contribution to a linked pool."""
        return {key: value for key, value in self.facts().items()
                if key not in ("amount", "meter_before", "meter_after")}

    def facts(self) -> dict[str, Any]:
        """The claim as audited (and compared again at approval)."""
        return {"meter": self.meter, "round": self.round_id, "position": self.position,
                "wager": self.wager, "cards": format_cards(self.cards),
                "arrangement": self.arrangement, "hand": self.hand, "amount": self.amount,
                "meter_before": self.meter_before, "meter_after": self.meter_after,
                "dealer": self.dealer, **({"pool": self.pool} if self.pool else {})}


def _decided(validations: Iterable[object], position: int) -> str | None:
    """Why the payout at ``position`` is decided already (``None``: it is not); each of
    ``validations`` a :class:`SupervisorValidation` or its JSON from a round's document."""
    for each in validations:
        data = each.to_json() if isinstance(each, SupervisorValidation) else each
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


def _finished(store: Store, round_id: int, position: int) -> ProcedureError:
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


def _open_round(station: ClaimSource, round_id: int
                ) -> tuple[ProgressiveRound | None, journal.RoundSummary]:
    """The open round ``round_id`` with the progressive (``None``: the round is finished), or
    the refusal saying why not."""
    try:
        summary = journal.round_summary(station.store, round_id)
    except ValueError:
        raise ProcedureError(f"there is no round {round_id} at this table", CLAUSE) from None
    hooks = game_hooks(summary.game)
    open_ = station.round if station.round_id == round_id else None
    if hooks is None or not hasattr(hooks, "progressive"):
        raise ProcedureError(f"round {round_id} was a {summary.game.replace('_', ' ')} round: "
                             "that game has no progressive payout wager", "5324.41(k)(1)")
    if open_ is None:
        return None, summary
    round_ = open_ if isinstance(open_, ProgressiveRound) else None
    if round_ is None or round_.optional is None or hooks.progressive(open_) is None:
        raise ProcedureError(f"round {round_id} was played without the progressive payout "
                             "wager (not offered at this table then)", "5324.41(k)(1)")
    return round_, summary


def claim_for(station: ClaimSource, round_id: int, position: int) -> ProgressiveClaim:
    """The claim at ``position`` in round ``round_id``, from the journal; refuses anything else
    with the reason (see the module documentation)."""
    round_, summary = _open_round(station, round_id)
    if round_ is None:
        raise _finished(station.store, round_id, position)
    wagers = round_.optional
    assert wagers is not None  # a round with the progressive (checked by _open_round)
    wagered = wagers.progressive_wagered
    if position not in wagered:
        raise ProcedureError(f"position {position} has no progressive wager in round "
                             f"{round_id} (no chip was counted on its acceptor at the light "
                             "check)", "5324.41(k)(2)")
    if wagers.meter_at_settlement is None:
        raise ProcedureError(f"round {round_id} is not settled yet: a progressive payout is "
                             "validated once the hands are set and the dealer settles "
                             "((g)(8))", "5324.41(k)(3)")
    validations = list(wagers.validations)
    decided = _decided(validations, position)
    if decided is not None:
        raise ProcedureError(decided, CLAUSE)
    pending = [v for v in validations if v.state is ValidationState.PENDING]
    mine = next((v for v in pending if v.position == position), None)
    if mine is None:
        cards = format_cards(round_.seven_cards(position))
        raise ProcedureError(f"position {position}'s cards ({cards}) form no progressive hand "
                             "paid from the meter: there is nothing for a supervisor to "
                             "validate", "5324.41(k)(5)")
    if pending[0].position != position:
        raise ProcedureError(f"position {pending[0].position} is paid first (from the dealer's "
                             f"right); position {position} waits for it", "5324.41(k)(6)")
    name = station.progressive_meter_name()
    current, reset, pool, after, floor = _reading(station, wagers, round_id, position, name)
    request = wagers.at_meter(mine, current)  # the hand paying most at the meter now
    amount = request.amount_at(current)
    if after is None:
        after = max(current - amount, reset)
    seven = tuple(parse_cards(request.cards, count=7, allow_joker=True))
    split = progressive_split(seven, ProgressiveHand(request.hand))
    return ProgressiveClaim(
        meter=name, round_id=round_id, game=summary.game, position=position,
        wager=wagers.bonus.progressive_denomination,
        light_count="acceptor lit, counted at the light check (k)(2)", cards=seven,
        arrangement=f"high {format_cards(split.high)} · low {format_cards(split.low)}",
        hand=request.hand, amount=amount, meter_before=current, meter_after=after,
        dealer=dealers_words(dealers_of_round(station.store, round_id)) or summary.dealer,
        pool=pool, waiting_for=None if floor is None else floor.waiting_for,
        approved_by=None if floor is None else floor.approved_by)


def _reading(station: ClaimSource, wagers: ProgressiveWagers, round_id: int, position: int,
             name: str) -> tuple[Cents, Cents, str | None, Cents | None, LinkedReading | None]:
    """(meter now, its reset, the linked pool or None, the meter after when the floor paid
    this claim already, the floor's reading): the table's own meter, or its floor's linked
    pool as it stands."""
    linked = station.linked_meter
    if linked is None:
        meter = station.meter(name)
        return meter.current, meter.reset, None, None, None
    reading = linked.reading(round_id, position)
    reset = wagers.bonus.progressive_reset
    if reading.reset != reset:
        raise ProcedureError(f"the linked pool {reading.pool!r} resets to "
                             f"{format_cents(reading.reset)} and this table's progressive to "
                             f"{format_cents(reset)}: their terms must agree before a payout "
                             "from the pool", "5324.41(k)(5)")
    return reading.current, reading.reset, reading.pool, reading.after, reading


def claims_waiting(station: ClaimSource) -> tuple[int | None, tuple[int, ...]]:
    """The open round and the positions whose payouts wait for a supervisor, in the order they
    are paid ((k)(6)); ``(None, ())`` between rounds."""
    round_ = station.round
    if round_ is None:
        return None, ()
    wagers = round_.optional if isinstance(round_, ProgressiveRound) else None
    pending = wagers.pending if wagers is not None else ()
    return station.round_id, tuple(v.position for v in pending)
