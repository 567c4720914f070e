"""Supervisor validation of progressive payouts and the numbered jackpot record (5324.41(k)(3),
(k)(5), (k)(6), (g)(9)).

A payout deducted from the progressive meter waits for a supervisor: the supervisor signs in, sees
the seven cards, the hand, the meter and the amount, and approves or rejects it with a reason
(:class:`SupervisorValidation`). Only a person signed in with the supervisor role, who is not the
dealer of the round, may decide; a payout is paid only once approved (:meth:`verify_payable`).
The amount of a share of the meter is taken from the meter as it stands at the moment of payment
(k)(6), so the approval carries the meter reading it was paid from.

A payout not paid from the chip tray keeps the player's cards on the table until the documentation
is complete (g)(9): :class:`JackpotRecord` is that documentation, numbered.

>>> from dealer_station.money import dollars
>>> request = SupervisorValidation(position=3, cards="As Ks Qs Js Ts 9h 9d",
...     hand="natural_royal_flush_and_pair", share_basis_points=10000, fixed_amount=None,
...     meter=dollars(12_000), dealer_id="D7")
>>> request.approve("D7", "supervisor", meter=dollars(12_000))
Traceback (most recent call last):
...
dealer_station.procedure.ProcedureError: the dealer of the round cannot validate ...
... [5324.41(k)(3)(iii)]
>>> done = request.approve("S1", "supervisor", meter=dollars(12_050))
>>> done.state, done.amount, done.supervisor_id
(<ValidationState.APPROVED: 'approved'>, 1205000, 'S1')
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from enum import StrEnum

from dealer_station.money import Cents, format_cents
from dealer_station.procedure import ProcedureError

from .paytables import MeterShare

__all__ = [
    "SUPERVISOR_ROLE",
    "JackpotRecord",
    "SupervisorValidation",
    "ValidationState",
    "next_jackpot_number",
]

#: The role that validates progressive payouts (``dealer_station.auth.Role.SUPERVISOR``).
SUPERVISOR_ROLE = "supervisor"
_CLAUSE = "5324.41(k)(3)(iii)"


class ValidationState(StrEnum):
    PENDING = "pending"
    APPROVED = "approved"
    REJECTED = "rejected"


@dataclass(frozen=True, slots=True)
class SupervisorValidation:
    """A progressive payout awaiting, or having had, a supervisor's validation.

    ``share_basis_points`` (a share of the meter) or ``fixed_amount`` (cents) is what the (k)(4)
    table pays; ``meter`` the meter reading shown (updated at approval); ``amount`` the amount
    paid, fixed at approval from the meter then (k)(6).
    """

    position: int
    cards: str
    hand: str
    share_basis_points: int | None
    fixed_amount: Cents | None
    meter: Cents
    dealer_id: str
    state: ValidationState = ValidationState.PENDING
    supervisor_id: str | None = None
    reason: str = ""
    amount: Cents | None = None

    def __post_init__(self) -> None:
        if (self.share_basis_points is None) == (self.fixed_amount is None):
            raise ValueError("a progressive payout is either a share of the meter or fixed")

    def amount_at(self, meter: Cents) -> Cents:
        """What the payout is when the meter stands at ``meter`` (k)(6)."""
        if self.fixed_amount is not None:
            return self.fixed_amount
        assert self.share_basis_points is not None
        return min(MeterShare(self.share_basis_points).of(meter), meter)

    @property
    def summary(self) -> str:
        """What the supervisor is shown."""
        return (
            f"position {self.position}: {self.cards} = {self.hand.replace('_', ' ')}; meter "
            f"{format_cents(self.meter)}; pays {format_cents(self.amount_at(self.meter))}"
        )

    def _verify_signer(self, supervisor_id: str, role: str) -> None:
        if self.state is not ValidationState.PENDING:
            raise ProcedureError(f"this payout is already {self.state.value}", _CLAUSE)
        if str(role) != SUPERVISOR_ROLE:
            raise ProcedureError(
                f"only a supervisor may validate a progressive payout, not a {role}", _CLAUSE
            )
        if not supervisor_id.strip():
            raise ProcedureError("the supervisor signs in with their own id", _CLAUSE)
        if supervisor_id == self.dealer_id:
            raise ProcedureError(
                "the dealer of the round cannot validate its progressive payout", _CLAUSE
            )

    def verify_approve(self, supervisor_id: str, role: str, meter: Cents) -> None:
        self._verify_signer(supervisor_id, role)
        if self.amount_at(meter) > meter:
            raise ProcedureError("the payout exceeds the meter", "5324.41(k)(6)")

    def approve(self, supervisor_id: str, role: str, *, meter: Cents) -> SupervisorValidation:
        """Approve, paying from the meter as it stands now (``meter``)."""
        self.verify_approve(supervisor_id, role, meter)
        return replace(self, state=ValidationState.APPROVED, supervisor_id=supervisor_id,
                       meter=meter, amount=self.amount_at(meter))

    def verify_reject(self, supervisor_id: str, role: str, reason: str) -> None:
        self._verify_signer(supervisor_id, role)
        if not reason.strip():
            raise ProcedureError("a rejected payout needs the reason", _CLAUSE)

    def reject(self, supervisor_id: str, role: str, *, reason: str) -> SupervisorValidation:
        """Reject with ``reason``: the payout is not made and nothing leaves the meter."""
        self.verify_reject(supervisor_id, role, reason)
        return replace(self, state=ValidationState.REJECTED, supervisor_id=supervisor_id,
                       reason=reason.strip())

    def verify_payable(self) -> None:
        """A payout deducted from the meter is paid only once validated (k)(3)(iii)."""
        if self.state is ValidationState.PENDING:
            raise ProcedureError(
                f"the progressive payout at position {self.position} waits for a supervisor's "
                "validation",
                _CLAUSE,
            )
        if self.state is ValidationState.REJECTED:
            raise ProcedureError(
                f"the progressive payout at position {self.position} was rejected: {self.reason}",
                _CLAUSE,
            )

    def to_json(self) -> dict[str, object]:
        return {
            "position": self.position,
            "cards": self.cards,
            "hand": self.hand,
            "share_basis_points": self.share_basis_points,
            "fixed_amount": self.fixed_amount,
            "meter": self.meter,
            "dealer_id": self.dealer_id,
            "state": self.state.value,
            "supervisor_id": self.supervisor_id,
            "reason": self.reason,
            "amount": self.amount,
        }


@dataclass(frozen=True, slots=True)
class JackpotRecord:
    """The numbered documentation of a progressive payout not paid from the chip tray (g)(9),
    (k)(3): the cards stay on the table until it is ``complete``. ``time`` is an input (UTC
    ISO text) recorded by the station, never read inside the rules."""

    number: int
    round_id: str | None
    position: int
    cards: str
    hand: str
    denomination: Cents
    amount: Cents
    meter_before: Cents
    meter_after: Cents
    dealer_id: str
    supervisor_id: str
    time: str
    complete: bool = True

    @classmethod
    def for_payout(
        cls,
        validation: SupervisorValidation,
        *,
        number: int,
        round_id: str | None,
        denomination: Cents,
        meter_after: Cents,
        time: str,
    ) -> JackpotRecord:
        """The record of an approved payout."""
        validation.verify_payable()
        assert validation.amount is not None and validation.supervisor_id is not None
        if number < 1:
            raise ValueError("jackpot records are numbered from 1")
        return cls(
            number=number,
            round_id=round_id,
            position=validation.position,
            cards=validation.cards,
            hand=validation.hand,
            denomination=denomination,
            amount=validation.amount,
            meter_before=validation.meter,
            meter_after=meter_after,
            dealer_id=validation.dealer_id,
            supervisor_id=validation.supervisor_id,
            time=time,
        )

    def to_json(self) -> dict[str, object]:
        return {
            "number": self.number,
            "round_id": self.round_id,
            "position": self.position,
            "cards": self.cards,
            "hand": self.hand,
            "denomination": self.denomination,
            "amount": self.amount,
            "meter_before": self.meter_before,
            "meter_after": self.meter_after,
            "dealer_id": self.dealer_id,
            "supervisor_id": self.supervisor_id,
            "time": self.time,
            "complete": self.complete,
        }


def next_jackpot_number(last: int | None) -> int:
    """The number after ``last`` (1 for the first record).

    >>> next_jackpot_number(None), next_jackpot_number(41)
    (1, 42)
    """
    return 1 if last is None else last + 1
