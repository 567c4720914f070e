"""The progressive lockout and the acceptor light count (5324.41(k)(2), (d)(3), (d)(4), (k)(3)(i)).

While bets are open a progressive wager is a chip dropped in a position's acceptor, which lights
(:meth:`ProgressiveLockout.light`). At "no more bets" the dealer presses the lockout button
(:meth:`~ProgressiveLockout.press_lockout`): from then on an acceptor event is not recognised. The
dealer takes the chips from the chip tray return device, counts them on the layout and confirms
the count (:meth:`~ProgressiveLockout.confirm_count`); the station shows the number of lights lit
beside it. A count that differs from the lights is a *mismatch*: it is recorded and dealing is
blocked until it is resolved (:meth:`~ProgressiveLockout.resolve_mismatch`: chips returned to
players whose light did not come on, lights voided where no chip was dropped, with the reason), or
a recount matches. Only a position whose light was lit at the confirmed lockout can win
(:meth:`~ProgressiveLockout.verify_can_win`).

>>> lock = ProgressiveLockout().light(2).light(5)
>>> lock = lock.press_lockout()
>>> lock.light(3)
Traceback (most recent call last):
...
dealer_station.procedure.ProcedureError: the acceptor at position 3 lit after ...
... not recognised [5324.41(k)(2)]
>>> lock = lock.confirm_count(3)
>>> lock.can_deal, lock.mismatch
(False, (3, 2))
>>> lock = lock.resolve_mismatch(returned=(4,), reason="chip at 4, light did not come on")
>>> lock.can_deal, lock.wagered
(True, (2, 5))
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from enum import StrEnum

from dealer_station.plural import counted
from dealer_station.procedure import ProcedureError, allowed

__all__ = ["LockoutPhase", "ProgressiveLockout"]

_CLAUSE = "5324.41(k)(2)"


class LockoutPhase(StrEnum):
    """Where the lockout stands: bets open, locked awaiting the count, confirmed."""

    OPEN = "open"
    LOCKED = "locked"
    CONFIRMED = "confirmed"


@dataclass(frozen=True, slots=True)
class ProgressiveLockout:
    """The acceptor lights and the lockout of one round (an immutable value: every action returns
    the next state).

    ``lit``: positions whose acceptor light is on (a chip sensed where a pai gow wager is: the
    progressive wager); ``waiting``: chips sensed at positions with no pai gow wager (a wager
    once one is placed, returned at the lockout otherwise); ``phase``: see :class:`LockoutPhase`;
    ``counted``: the chips the dealer counted; ``mismatch``: ``(chips, lights)`` while the count
    differs; ``returned`` / ``voided``: positions settled by a resolution; ``resolutions``: the
    recorded reasons, in order.
    """

    lit: frozenset[int] = frozenset()
    waiting: frozenset[int] = frozenset()
    phase: LockoutPhase = LockoutPhase.OPEN
    counted: int | None = None
    mismatch: tuple[int, int] | None = None
    returned: tuple[int, ...] = ()
    voided: tuple[int, ...] = ()
    resolutions: tuple[str, ...] = ()

    # -- betting --------------------------------------------------------------------------------

    def verify_light(self, position: int) -> None:
        if self.phase != LockoutPhase.OPEN:
            raise ProcedureError(
                f"the acceptor at position {position} lit after the lockout: the wager is not "
                "recognised",
                _CLAUSE,
            )
        if position in self.lit:
            raise ProcedureError(
                f"the acceptor at position {position} is already lit: a progressive payout wager "
                "is one chip",
                "5324.41(k)(1)",
            )

    def light(self, position: int) -> ProgressiveLockout:
        """A chip dropped in the acceptor of ``position`` lit its light (5324.41(d)(4)); a chip
        that waited for the position's pai gow wager lights once the wager is placed."""
        self.verify_light(position)
        return replace(self, lit=self.lit | {position}, waiting=self.waiting - {position})

    @property
    def sensed(self) -> frozenset[int]:
        """Every position whose acceptor senses a chip while bets are open."""
        return self.lit | self.waiting

    def verify_sense(self, position: int) -> None:
        """A chip sensed: after the lockout it is not recognised ((k)(2))."""
        if self.phase != LockoutPhase.OPEN:
            raise ProcedureError(
                f"the acceptor at position {position} lit after the lockout: the wager is not "
                "recognised",
                _CLAUSE,
            )

    def wait(self, position: int) -> ProgressiveLockout:
        """A chip sensed at ``position`` before its pai gow wager: no light counted yet."""
        self.verify_sense(position)
        return replace(self, waiting=self.waiting | {position})

    def lift(self, position: int) -> ProgressiveLockout:
        """The chip at ``position`` lifted off its acceptor before "no more bets"."""
        self.verify_withdraw(position)
        return replace(self, lit=self.lit - {position}, waiting=self.waiting - {position})

    def verify_withdraw(self, position: int) -> None:
        if self.phase != LockoutPhase.OPEN:
            raise ProcedureError("no wager is withdrawn after \"no more bets\"", "5324.41(d)(3)")

    def withdraw(self, position: int) -> ProgressiveLockout:
        """The player at ``position`` withdrew the wagers before "no more bets": a chip left on
        the acceptor is no wager now; it waits for a pai gow wager again."""
        self.verify_withdraw(position)
        sensed = {position} & self.sensed
        return replace(self, lit=self.lit - {position}, waiting=self.waiting | sensed)

    def verify_press_lockout(self) -> None:
        if self.phase != LockoutPhase.OPEN:
            raise ProcedureError("the lockout is already pressed", _CLAUSE)

    def press_lockout(self) -> ProgressiveLockout:
        """The dealer announced "no more bets" and pressed the lockout button (k)(2)."""
        self.verify_press_lockout()
        return replace(self, phase=LockoutPhase.LOCKED, waiting=frozenset(),
                       returned=tuple(sorted(set(self.returned) | self.waiting)))

    # -- count ----------------------------------------------------------------------------------

    def verify_confirm_count(self, chips: int) -> None:
        if self.phase == LockoutPhase.OPEN:
            raise ProcedureError("press the lockout before counting the progressive chips",
                                 _CLAUSE)
        if self.phase == LockoutPhase.CONFIRMED:
            raise ProcedureError("the progressive chips are already confirmed", _CLAUSE)
        if chips < 0:
            raise ProcedureError("a count of chips cannot be negative", _CLAUSE)

    def confirm_count(self, chips: int) -> ProgressiveLockout:
        """The dealer counted ``chips`` on the layout in front of the chip tray; equal to the lights
        lit, the wagers are confirmed; otherwise the mismatch is recorded and blocks dealing."""
        self.verify_confirm_count(chips)
        lights = len(self.lit)
        if chips == lights:
            return replace(self, phase=LockoutPhase.CONFIRMED, counted=chips, mismatch=None)
        return replace(self, counted=chips, mismatch=(chips, lights))

    def verify_resolve_mismatch(
        self, returned: tuple[int, ...], voided: tuple[int, ...], reason: str
    ) -> None:
        if self.mismatch is None:
            raise ProcedureError("there is no light count mismatch to resolve", _CLAUSE)
        if not reason.strip():
            raise ProcedureError("a mismatch is resolved with the reason written down", _CLAUSE)
        if set(returned) & self.lit:
            raise ProcedureError("a chip is returned only where the light did not come on",
                                 _CLAUSE)
        if not set(voided) <= self.lit:
            raise ProcedureError("only a lit light can be voided", _CLAUSE)
        chips, lights = self.mismatch
        if chips - len(set(returned)) != lights - len(set(voided)):
            raise ProcedureError(
                f"after returning {counted(len(set(returned)), 'chip')} and voiding "
                f"{counted(len(set(voided)), 'light')} the count still differs",
                _CLAUSE,
            )

    def resolve_mismatch(
        self, *, returned: tuple[int, ...] = (), voided: tuple[int, ...] = (), reason: str
    ) -> ProgressiveLockout:
        """Resolve a mismatch: chips at ``returned`` positions (no light) go back to the players
        unrecognised, lights at ``voided`` positions (no chip) carry no wager; ``reason`` is
        recorded. The remaining chips then equal the remaining lights and dealing may go on."""
        self.verify_resolve_mismatch(returned, voided, reason)
        return replace(
            self,
            lit=self.lit - set(voided),
            phase=LockoutPhase.CONFIRMED,
            mismatch=None,
            returned=tuple(sorted(set(self.returned) | set(returned))),
            voided=tuple(sorted(set(self.voided) | set(voided))),
            resolutions=(*self.resolutions, reason.strip()),
        )

    # -- dealing and payment --------------------------------------------------------------------

    def verify_deal(self) -> None:
        """Dealing waits for the lockout and a confirmed count (k)(2)."""
        if self.phase == LockoutPhase.OPEN:
            raise ProcedureError("announce \"no more bets\" and press the lockout first", _CLAUSE)
        if self.mismatch is not None:
            chips, lights = self.mismatch
            raise ProcedureError(
                f"{counted(chips, 'progressive chip')} counted but {counted(lights, 'light')} lit: "
                "resolve the mismatch before dealing",
                _CLAUSE,
            )
        if self.phase != LockoutPhase.CONFIRMED:
            raise ProcedureError("confirm the progressive chips equal the lights lit", _CLAUSE)

    @property
    def can_deal(self) -> bool:
        return allowed(self.verify_deal)

    @property
    def wagered(self) -> tuple[int, ...]:
        """The positions with a recognised progressive wager (lit at the confirmed lockout)."""
        return tuple(sorted(self.lit)) if self.phase == LockoutPhase.CONFIRMED else ()

    def verify_can_win(self, position: int) -> None:
        """Only a position whose acceptor light was lit can win (k)(3)(i)."""
        if position not in self.wagered:
            raise ProcedureError(
                f"the acceptor light at position {position} was not lit: no progressive payout",
                "5324.41(k)(3)(i)",
            )

    def to_json(self) -> dict[str, object]:
        waiting = {"waiting": sorted(self.waiting)} if self.waiting else {}
        return {
            "lit": sorted(self.lit),
            **waiting,
            "phase": self.phase.value,
            "counted": self.counted,
            "mismatch": list(self.mismatch) if self.mismatch else None,
            "returned": list(self.returned),
            "voided": list(self.voided),
            "resolutions": list(self.resolutions),
        }
