"""The actions of a Pai Gow Poker round's optional wagers (5324.41(k)-(p)), offered by the round.

:class:`~dealer_station.games.pai_gow.round.PaiGowRound` inherits these faces (``verify_x``,
``can_x``, ``x``): each hands the action to the round's optional wagers
(:attr:`~dealer_station.games.pai_gow.round.PaiGowRound.optional`,
:class:`~dealer_station.games.pai_gow.wagers.part.OptionalWagers`), which check it, perform it
and write its record in the round's history; a table that offers no optional wager refuses them
((d)(1)). Typed methods, one per action, so the station, the screens and :func:`replay` find
them on the round like any other action.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from dealer_station.money import Cents
from dealer_station.procedure import ProcedureError, Record, allowed

if TYPE_CHECKING:
    from dealer_station.games.pai_gow.wagers.part import OptionalWagers

__all__ = ["OptionalWagerActions"]


class OptionalWagerActions:
    """The optional wagers' actions of a Pai Gow round (mixed into ``PaiGowRound``)."""

    #: The round's optional wagers, or None at a table that offers none.
    optional: OptionalWagers | None

    def _optional_wagers(self) -> OptionalWagers:
        if self.optional is None:
            raise ProcedureError("no optional wager is offered at this table", "5324.41(d)(1)")
        return self.optional

    def verify_place_bonus_wager(self, position: int, wager: str, amount: Cents) -> None:
        self._optional_wagers().verify_place_bonus_wager(position, wager, amount)

    def can_place_bonus_wager(self, position: int, wager: str, amount: Cents) -> bool:
        return allowed(self.verify_place_bonus_wager, position, wager, amount)

    def place_bonus_wager(self, position: int, wager: str, amount: Cents) -> Record:
        """A fortune bonus, insurance, three-card, seven-card or imperial bonus wager
        ((d)(3)-(6))."""
        return self._optional_wagers().place_bonus_wager(position, wager, amount)

    def verify_acceptor_lit(self, position: int) -> None:
        self._optional_wagers().verify_acceptor_lit(position)

    def can_acceptor_lit(self, position: int) -> bool:
        return allowed(self.verify_acceptor_lit, position)

    def acceptor_lit(self, position: int) -> Record:
        """A progressive chip dropped in the acceptor of ``position`` lit it ((d)(4), (k)(1))."""
        return self._optional_wagers().acceptor_lit(position)

    def verify_progressive_chip_removed(self, position: int) -> None:
        self._optional_wagers().verify_progressive_chip_removed(position)

    def can_progressive_chip_removed(self, position: int) -> bool:
        return allowed(self.verify_progressive_chip_removed, position)

    def progressive_chip_removed(self, position: int) -> Record:
        """The chip lifted off the acceptor of ``position`` before "no more bets" ((d)(4))."""
        return self._optional_wagers().progressive_chip_removed(position)

    def verify_confirm_light_count(self, chips: int) -> None:
        self._optional_wagers().verify_confirm_light_count(chips)

    def can_confirm_light_count(self, chips: int) -> bool:
        return allowed(self.verify_confirm_light_count, chips)

    def confirm_light_count(self, chips: int) -> Record:
        """The progressive chips counted against the lights lit ((k)(2))."""
        return self._optional_wagers().confirm_light_count(chips)

    def verify_resolve_light_mismatch(self, returned: Sequence[int] = (),
                                      voided: Sequence[int] = (), reason: str = "") -> None:
        self._optional_wagers().verify_resolve_light_mismatch(returned, voided, reason)

    def can_resolve_light_mismatch(self, returned: Sequence[int] = (), voided: Sequence[int] = (),
                                   reason: str = "") -> bool:
        return allowed(self.verify_resolve_light_mismatch, returned, voided, reason)

    def resolve_light_mismatch(self, returned: Sequence[int] = (), voided: Sequence[int] = (),
                               reason: str = "") -> Record:
        """A light count mismatch resolved with the reason ((k)(2), (k)(3)(i))."""
        return self._optional_wagers().resolve_light_mismatch(returned, voided, reason)

    def verify_settle_three_card_bonus(self) -> None:
        self._optional_wagers().verify_settle_three_card_bonus()

    def can_settle_three_card_bonus(self) -> bool:
        return allowed(self.verify_settle_three_card_bonus)

    def settle_three_card_bonus(self) -> Record:
        """The three-card bonus wagers settled between the stacks of three and four ((n)(6))."""
        return self._optional_wagers().settle_three_card_bonus()

    def verify_count_stub(self, counted: int) -> None:
        self._optional_wagers().verify_count_stub(counted)

    def can_count_stub(self, counted: int) -> bool:
        return allowed(self.verify_count_stub, counted)

    def count_stub(self, counted: int) -> Record:
        """The stub counted face down ((n)(7)(ii))."""
        return self._optional_wagers().count_stub(counted)

    def verify_shuffler_report(self, cards: int) -> None:
        self._optional_wagers().verify_shuffler_report(cards)

    def can_shuffler_report(self, cards: int) -> bool:
        return allowed(self.verify_shuffler_report, cards)

    def shuffler_report(self, cards: int) -> Record:
        """The automated shuffler's count ((n)(8))."""
        return self._optional_wagers().shuffler_report(cards)

    def verify_approve_progressive(self, position: int, supervisor_id: str, role: str, meter: Cents,
                                   jackpot_number: int, time: str) -> None:
        self._optional_wagers().verify_approve_progressive(position, supervisor_id, role, meter,
                                                           jackpot_number, time)

    def can_approve_progressive(self, position: int, supervisor_id: str, role: str, meter: Cents,
                                jackpot_number: int, time: str) -> bool:
        return allowed(self.verify_approve_progressive, position, supervisor_id, role, meter,
                       jackpot_number, time)

    def approve_progressive(self, position: int, supervisor_id: str, role: str, meter: Cents,
                            jackpot_number: int, time: str) -> Record:
        """A supervisor approves the progressive payout at ``position`` ((k)(3)(iii), (k)(6),
        (g)(9))."""
        return self._optional_wagers().approve_progressive(position, supervisor_id, role, meter,
                                                           jackpot_number, time)

    def verify_reject_progressive(self, position: int, supervisor_id: str, role: str,
                                  reason: str) -> None:
        self._optional_wagers().verify_reject_progressive(position, supervisor_id, role, reason)

    def can_reject_progressive(self, position: int, supervisor_id: str, role: str,
                               reason: str) -> bool:
        return allowed(self.verify_reject_progressive, position, supervisor_id, role, reason)

    def reject_progressive(self, position: int, supervisor_id: str, role: str,
                           reason: str) -> Record:
        """A supervisor rejects the progressive payout at ``position`` ((k)(3)(iii))."""
        return self._optional_wagers().reject_progressive(position, supervisor_id, role, reason)

    def verify_complete_jackpot_record(self, position: int) -> None:
        self._optional_wagers().verify_complete_jackpot_record(position)

    def can_complete_jackpot_record(self, position: int) -> bool:
        return allowed(self.verify_complete_jackpot_record, position)

    def complete_jackpot_record(self, position: int) -> Record:
        """The jackpot record of ``position`` is complete; its cards may be collected ((g)(9))."""
        return self._optional_wagers().complete_jackpot_record(position)
