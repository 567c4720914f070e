"""The progressive claims part of the station (docs/station.md, "Progressive claims"): a claim
is shown to a supervisor as the journal holds it, approved or rejected, audited; on a floor's
linked pool an approval that waits for an earlier hit is recorded, as the supervisor who
approved it, when the floor pays it in its turn (5324.41(k)(6)).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Protocol

from dealer_station import claims, winners
from dealer_station.audit import utc_now
from dealer_station.money import Cents, format_cents
from dealer_station.procedure import JSONValue, ProcedureError, Record
from dealer_station.station_meters import Meters
from dealer_station.station_people import People
from dealer_station.station_state import StationState

__all__ = ["Claims", "PerformAs", "Supervise"]


class Supervise(Protocol):
    """A supervisor's decision on the open round (``Station.supervise``)."""

    def __call__(self, action: str, *, supervisor: str, pin: str,
                 **arguments: JSONValue) -> Record: ...


class PerformAs(Protocol):
    """An action performed as a supervisor checked when they decided it
    (``Rounds.perform_as``)."""

    def __call__(self, action: str, actor: str, arguments: Mapping[str, JSONValue]
                 ) -> Record: ...


class Claims:
    """Showing and deciding the open round's progressive claims, over the station's one
    store and lock, read through its meters part (:class:`~dealer_station.claims.ClaimSource`)."""

    def __init__(self, state: StationState, people: People, meters: Meters,
                 supervise: Supervise, perform_as: PerformAs) -> None:
        self._state = state
        self._people = people
        self._meters = meters
        self._supervise = supervise
        self._perform_as = perform_as

    def show_progressive_claim(self, round_id: int, position: int, *, supervisor: str,
                               pin: str) -> claims.ProgressiveClaim:
        """The claim at ``position`` of round ``round_id`` as the journal holds it, shown to a
        supervisor who may validate it; audited with the facts shown. Refused with the reason
        when there is no such claim (:func:`dealer_station.claims.claim_for`)."""
        with self._state.lock:
            person = self._people.authenticate(supervisor, pin, "validate_payout")
            try:
                claim = claims.claim_for(self._meters, round_id, position)
                self._people.verify_validator(person, round_id)
            except ProcedureError as error:
                self._state.store.audit("claim", {"event": "refused", "round": round_id,
                                           "position": position, "reason": error.reason,
                                           "clause": error.clause},
                                 actor=person.id, round_id=self._state.round_id)
                raise
            self._state.store.audit("claim", {"event": "shown", **claim.facts()}, actor=person.id,
                             round_id=round_id)
            return claim

    def _record_second_validator(self, record: Record, second: str,
                                 shown: claims.ProgressiveClaim) -> None:
        """The second validator on the jackpot record the approval made (audited)."""
        number = int(str(record.arguments["jackpot_number"]))
        with self._state.store.transaction() as work:
            work.execute("UPDATE jackpots SET second_supervisor = ? WHERE number = ?",
                         (second, number))
            work.audit("claim", {"event": "second_validator", "jackpot": number,
                                 "second_supervisor": second, **shown.facts()},
                       actor=second, round_id=shown.round_id)

    def _second_validator(self, shown: claims.ProgressiveClaim, supervisor: str,
                          second_supervisor: str, second_pin: str) -> str | None:
        """The second validator of ``shown`` when it needs one (checked: their PIN, not the
        first, not at the table during the round, their account untouched by it)."""
        if not self._meters.second_validator_needed(shown):
            return None
        above = int(self._state.station_settings["second_validator_above"])
        if not second_supervisor or not second_pin:
            raise ProcedureError(
                f"this payout of {format_cents(shown.amount)} is above "
                f"{format_cents(above)}: a second supervisor validates it too (their id and "
                "PIN)", claims.CLAUSE)
        if second_supervisor == supervisor:
            raise ProcedureError("the second validator is another supervisor than the first",
                                 claims.CLAUSE)
        second = self._people.authenticate(second_supervisor, second_pin, "validate_payout")
        self._people.verify_validator(second, shown.round_id)
        return second.id

    def _winner(self, shown: claims.ProgressiveClaim,
                winner: winners.WinnerIdentification | None
                ) -> winners.WinnerIdentification | None:
        """The winner's identification ``shown`` is approved with (checked, trimmed); refused
        when it reaches the reporting threshold without one (``None``: none needed)."""
        if not self._meters.identification_needed(shown):
            return None  # (nobody's personal data kept where none is needed)
        if winner is None:
            at, times = winners.threshold_of(self._state.station_settings)
            raise ProcedureError(
                f"this payout of {format_cents(shown.amount)} reaches the reporting threshold "
                f"({winners.threshold_words(at, times)}): enter the winner's name, ID type, ID "
                "number and address before approving it", winners.CLAUSE)
        return winner.cleaned()

    def decide_progressive_claim(self, shown: claims.ProgressiveClaim, *, approve: bool,
                                 supervisor: str, pin: str, reason: str = "",
                                 second_supervisor: str = "", second_pin: str = "",
                                 winner: winners.WinnerIdentification | None = None
                                 ) -> Record | claims.Waiting:
        """Approve (paid from the meter as it stands when paid, the numbered jackpot record
        made) or reject (with the reason, final) the claim ``shown``: refused unless it is
        still the claim the journal gives now — the same cards, hand, wager and share (the
        supervisor confirms what was shown; the amount is the meter's when paid, 5324.41(k)(6),
        and a linked pool moves with every table's contribution). On a linked pool with an
        earlier hit still pending, the approval waits on the floor: the :class:`Waiting`
        (which hit, at which table) is returned, and the table records the payment when the
        floor makes it (:meth:`record_floor_payments`). A payout above the station's
        ``second_validator_above`` is approved only with a second supervisor's id and PIN
        (``second_supervisor``, ``second_pin``), kept on its jackpot record; one that reaches
        the reporting threshold only with the winner's identification (``winner``), kept in
        the approval's transaction (a rejection needs none)."""
        with self._state.lock:
            now = claims.claim_for(self._meters, shown.round_id, shown.position)
            if now.validated() != shown.validated():
                raise ProcedureError("the claim changed since it was shown (its cards, hand "
                                     "or share): show it again and check it", claims.CLAUSE)
            identified = self._winner(now, winner) if approve else None
            second = (self._second_validator(now, supervisor, second_supervisor, second_pin)
                      if approve else None)
            if approve:
                self._state.second_validator = second
                self._state.winner = identified
                try:
                    record = self._supervise("approve_progressive", supervisor=supervisor,
                                             pin=pin, position=shown.position)
                except claims.ClaimWaiting as waits:
                    self._state.store.audit("claim", {"event": "approval_waiting",
                                                      "waiting_for": waits.waiting.waiting_for,
                                                      "second_supervisor": second,
                                                      **now.validated()},
                                            actor=supervisor, round_id=shown.round_id)
                    return waits.waiting
                finally:
                    self._state.second_validator = None
                    self._state.winner = None
                if second is not None:
                    self._record_second_validator(record, second, shown)
            else:
                if not reason.strip():
                    raise ProcedureError("a rejected payout needs the reason", claims.CLAUSE)
                linked = self._state.linked_meter
                if linked is not None and linked.reading(shown.round_id,
                                                         shown.position).paid is not None:
                    raise ProcedureError(
                        "the floor's pool has already paid this claim (its approval was "
                        "committed on the floor before the table could record it): approve "
                        "it to record the payment", claims.CLAUSE)
                if now.approved_by is not None:
                    raise ProcedureError(
                        f"approved on the floor by {now.approved_by}, waiting for "
                        f"{now.waiting_for}: an approval is final and is paid in its turn",
                        claims.CLAUSE)
                record = self._supervise("reject_progressive", supervisor=supervisor, pin=pin,
                                        position=shown.position, reason=reason.strip())
            self._state.store.audit("claim", {"event": "approved" if approve else "rejected",
                                       "reason": reason.strip(), **self._decided_facts(
                                           now, record)},
                             actor=supervisor, round_id=shown.round_id)
            return record

    @staticmethod
    def _decided_facts(claim: claims.ProgressiveClaim, record: Record) -> dict[str, Any]:
        """The claim's facts as decided: an approval with the amount and meter it was paid
        from (the meter's when paid, not when shown)."""
        facts = claim.facts()
        effects = record.effects if isinstance(record.effects, Mapping) else {}
        if record.action == "approve_progressive":
            facts.update(amount=effects.get("amount"), meter_before=record.arguments.get("meter"),
                         meter_after=effects.get("meter_after"))
        return facts

    def progressive_claim_now(self, round_id: int, position: int) -> claims.ProgressiveClaim:
        """The claim at ``position`` of round ``round_id`` as it stands now — the meter or pool
        now, the amount at it, the hit it waits for — for the validator's screen to follow the
        pool as it moves (read, not audited: :meth:`show_progressive_claim` audits what a
        supervisor is shown)."""
        with self._state.lock:
            return claims.claim_for(self._meters, round_id, position)

    def record_floor_payments(self) -> list[Record]:
        """Record, as the supervisor who approved them, the open round's claims the floor
        approved and has since paid in their turn (an earlier hit decided): the numbered
        jackpot record with the amount paid, from the pool as it stood then. After a restart
        the open round's pending claims are looked for on the floor once (an approval that
        waited when the station stopped). Nothing to do without a linked pool; a floor that
        cannot answer leaves them for the next call."""
        with self._state.lock:
            state, linked = self._state, self._state.linked_meter
            round_id, waiting = claims.claims_waiting(self._meters)
            if linked is None or round_id is None:
                state.awaiting.clear()
                return []
            try:
                if state.awaiting_round != round_id:
                    state.awaiting = {key: value for key, value in state.awaiting.items()
                                      if key[0] == round_id}
                    for position in waiting:
                        found = linked.reading(round_id, position)
                        if found.approved_by is not None:
                            state.awaiting.setdefault((round_id, position), claims.Approval(
                                found.approved_by, "supervisor"))
                    state.awaiting_round = round_id
                made = []
                for position in waiting:  # in the order they are paid ((k)(6))
                    approval = state.awaiting.get((round_id, position))
                    if approval is None:
                        break
                    found = linked.reading(round_id, position)
                    if found.paid is None:
                        break
                    made.append(self._record_paid(round_id, position, approval, found.current))
                    del state.awaiting[(round_id, position)]
                return made
            except ProcedureError:  # the floor cannot answer now: asked again next time
                return []

    def _record_paid(self, round_id: int, position: int, approval: claims.Approval,
                     meter: Cents) -> Record:
        arguments: dict[str, JSONValue] = {
            "position": position, "supervisor_id": approval.supervisor, "role": approval.role,
            "meter": meter, "jackpot_number": self._meters.next_jackpot_number(), "time": utc_now()}
        claim = claims.claim_for(self._meters, round_id, position)
        self._state.winner = approval.winner
        try:
            record = self._perform_as("approve_progressive",
                                      f"supervisor:{approval.supervisor}", arguments)
        finally:
            self._state.winner = None
        if approval.second is not None:
            self._record_second_validator(record, approval.second, claim)
        self._state.store.audit("claim", {"event": "approved", "reason": "",
                                          "after_waiting": True,
                                          **self._decided_facts(claim, record)},
                                actor=approval.supervisor, round_id=round_id)
        return record

