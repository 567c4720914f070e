"""The shape every game procedure shares: rule violations, steps and immutable action records.

Each dealer (or device) action on a round has three faces (the pokerkit pattern):

* ``verify_<action>(...)`` raises :class:`ProcedureError` with the reason and the clause;
* ``can_<action>(...)`` answers whether the action is allowed now (the UI enables buttons by it);
* ``<action>(...)`` performs it and returns a :class:`Record` appended to the round's history.

Records are the audit trail, the crash-recovery journal and the dispute replay at once: a round is
rebuilt by applying its records' ``action`` with their ``arguments`` again, in order, to a new round
made from the same configuration (see :func:`replay`). Anything random (a shuffle, the RNG
starting position, dice) is therefore an *input* recorded in ``arguments``, never drawn inside a
round.

>>> r = Record(sequence=1, action="place_wagers", arguments={"position": 3, "amount": 2500},
...            clause="5324.34(c)(4)")
>>> Record.from_json(r.to_json()) == r
True
>>> ProcedureError("bet one is already decided", "5324.34(e)(2)").clause
'5324.34(e)(2)'
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any, Protocol, TypeVar, runtime_checkable

from dealer_station.errors import RuleError
from dealer_station.hardware import Hardware

__all__ = [
    "GameRound",
    "HaltResolution",
    "JSONValue",
    "Payment",
    "ProcedureError",
    "Record",
    "Replayable",
    "Step",
    "allowed",
    "payment_differences",
    "replay",
]

#: Anything ``json.dumps`` writes: what record arguments and effects hold.
JSONValue = Any


class HaltResolution(StrEnum):
    """A supervisor's decision on a halted round (both games' ``resolve_halt``): go on with it
    (the offending stack, card or entry set aside, the step repeated) or void it (every wager
    still on the layout returned). Journaled as its value.

    >>> HaltResolution("void_round") is HaltResolution.VOID_ROUND
    True
    """

    CONTINUE = "continue"
    VOID_ROUND = "void_round"


class ProcedureError(RuleError):
    """An action the procedure does not allow now, with the reason in plain words and the
    regulation clause it would break (``5324.41(g)(5)``), when there is one."""


@dataclass(frozen=True, slots=True)
class Record:
    """One action taken on a round: immutable, JSON-serialisable, replayable.

    ``action`` is the name of the round method that performed it, ``arguments`` the inputs that
    reproduce it, ``effects`` what it produced (for display and audit; recomputed on replay) and
    ``clause`` the regulation it carries out.
    """

    sequence: int
    action: str
    arguments: Mapping[str, JSONValue] = field(default_factory=dict)
    effects: Mapping[str, JSONValue] = field(default_factory=dict)
    clause: str | None = None

    def to_json(self) -> dict[str, JSONValue]:
        return {
            "sequence": self.sequence,
            "action": self.action,
            "arguments": dict(self.arguments),
            "effects": dict(self.effects),
            "clause": self.clause,
        }

    @classmethod
    def from_json(cls, data: Mapping[str, JSONValue]) -> Record:
        return cls(
            sequence=int(data["sequence"]),
            action=str(data["action"]),
            arguments=dict(data.get("arguments", {})),
            effects=dict(data.get("effects", {})),
            clause=data.get("clause"),
        )


@dataclass(frozen=True, slots=True)
class Step:
    """What the dealer is asked to do now.

    ``instruction``: the plain words shown large ("Announce 'No more bets' and press LOCKOUT");
    ``actions``: the action names that complete or advance it, the primary one first;
    ``positions``: the betting positions it concerns, in the order the dealer takes them;
    ``hardware``: what the devices must do or hold (:class:`~dealer_station.hardware.Hardware`:
    the lockout on, a stack of three dispensed, ...);
    ``expects``: the input that completes it (``"confirm"``, ``"decision"``, ``"cards"``, ...);
    ``next_instruction``: what comes after, when known.
    """

    phase: str
    instruction: str
    actions: tuple[str, ...] = ()
    positions: tuple[int, ...] = ()
    hardware: tuple[Hardware, ...] = ()
    expects: str = "confirm"
    clause: str | None = None
    next_instruction: str | None = None


@dataclass(frozen=True, slots=True)
class Payment:
    """One line of a settlement, in the order the dealer makes it.

    ``position`` is the betting position number (1-7), or ``"dealer"`` / ``"bank"``;
    ``wager`` names the betting area in the regulation's words (``"bet_one"``, ``"pai_gow"``,
    ``"three_card_bonus"``, ``"progressive"`` ...); ``outcome`` is ``"collect"`` (the wager loses
    and is taken), ``"pay"`` (it wins ``amount``), ``"push"`` (returned, no action) or ``"return"``
    (given back without play, e.g. a withdrawn or voided wager). ``vigorish`` is the commission the
    dealer takes on a win (Pai Gow 5324.41(g)(8)). All amounts in cents.
    """

    order: int
    position: int | str
    wager: str
    outcome: str
    stake: int
    amount: int = 0
    vigorish: int = 0
    hand: str | None = None
    clause: str | None = None
    note: str = ""

    def to_json(self) -> dict[str, JSONValue]:
        return {
            "order": self.order,
            "position": self.position,
            "wager": self.wager,
            "outcome": self.outcome,
            "stake": self.stake,
            "amount": self.amount,
            "vigorish": self.vigorish,
            "hand": self.hand,
            "clause": self.clause,
            "note": self.note,
        }


class GameRound(Protocol):
    """What the station and the screens rely on in every game's round (Let It Ride, Pai Gow).

    A round is made from a validated configuration and advanced only by its action methods; it
    exposes the current :class:`Step`, its history of :class:`Record` and, when settled, its
    payments. ``to_document()`` is the round's one JSON document (configuration snapshot, wagers,
    cards, decisions, results, every payment in order, the records), from which
    ``dealer-station settle`` recomputes the settlement.
    """

    game: str

    @property
    def history(self) -> Sequence[Record]: ...

    @property
    def step(self) -> Step: ...

    @property
    def is_complete(self) -> bool: ...

    @property
    def payments(self) -> Sequence[Payment]: ...

    @property
    def is_void(self) -> bool:
        """A supervisor (or the game's rule) voided the round: its wagers are returned."""

    @property
    def void_returns(self) -> Sequence[Payment]:
        """The RETURN lines of a voided round, ticked off as settlement lines are."""

    @property
    def void_cards_out(self) -> bool:
        """Cards lie on the layout: a voided round asks for them before it ends."""

    def to_document(self) -> dict[str, JSONValue]: ...


@runtime_checkable
class Voidable(Protocol):
    """A round a supervisor may void while it is played (both shipped games' rounds): the void
    is the round's own journaled record, after which the dealer returns the wagers and
    collects the cards, and the round ends void (5324.34(e)(7), 5324.41(g)(7)). A game
    whose round is not ``Voidable`` is voided by the station at once."""

    @property
    def is_void(self) -> bool: ...

    def can_void(self, supervisor: str, reason: str) -> bool: ...

    def void(self, supervisor: str, reason: str) -> Record: ...


class Replayable(Protocol):
    """A round whose history can be replayed (every game's round class satisfies this)."""

    @property
    def history(self) -> Sequence[Record]: ...


R = TypeVar("R", bound=Replayable)


def replay(round_: R, records: Sequence[Record]) -> R:
    """Apply ``records`` in order to a fresh ``round_`` by calling each record's action with its
    arguments; returns the round. Raises :class:`ProcedureError` if a record no longer applies
    (the journal or document was tampered with or the rules changed)."""
    for record in records:
        method = getattr(round_, record.action, None)
        if method is None or record.action.startswith("_"):
            raise ProcedureError(f"unknown action {record.action!r} in record {record.sequence}")
        method(**record.arguments)
    return round_


def allowed(verify: Callable[..., None], /, *args: Any, **kwargs: Any) -> bool:
    """True when ``verify(*args, **kwargs)`` raises no :class:`ProcedureError`: the body of every
    ``can_<action>`` query.

    >>> def verify_even(n: int) -> None:
    ...     if n % 2:
    ...         raise ProcedureError("odd")
    >>> allowed(verify_even, 2), allowed(verify_even, 3)
    (True, False)
    """
    try:
        verify(*args, **kwargs)
    except ProcedureError:
        return False
    return True


def payment_differences(
    recomputed: Sequence[Mapping[str, JSONValue]], claimed: Sequence[Mapping[str, JSONValue]]
) -> list[dict[str, JSONValue]]:
    """Where a round document's payments (``claimed``) differ from the settlement recomputed from
    its records, line by line in payment order: what ``dealer-station settle`` reports.

    >>> paid = [{"order": 1, "amount": 500}, {"order": 2, "amount": 100}]
    >>> payment_differences(paid, paid)
    []
    >>> for line in payment_differences(paid, [{"order": 1, "amount": 600}]):
    ...     print(line["order"], line["recomputed"], line["document"])
    1 {'order': 1, 'amount': 500} {'order': 1, 'amount': 600}
    2 {'order': 2, 'amount': 100} None
    """
    differences: list[dict[str, JSONValue]] = []
    for index in range(max(len(recomputed), len(claimed))):
        mine = recomputed[index] if index < len(recomputed) else None
        theirs = claimed[index] if index < len(claimed) else None
        if mine != theirs:
            differences.append({"order": index + 1, "recomputed": mine, "document": theirs})
    return differences
