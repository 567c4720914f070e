"""The meters and jackpots part of the station (docs/station.md, "Meters and jackpots",
"Progressive rounds"): a supervisor creates, changes, reseeds and retires the progressive
meters between rounds; the open round's meter reading, jackpot number and time are supplied by
the station (on a linked pool, an approval is made on the floor first and given the pool as the
floor paid it from); what a record does to a meter is journaled in that record's own
transaction, and taken back when its round is voided; the claims read the open round through
it (:class:`dealer_station.claims.ClaimSource`; showing and deciding them:
:mod:`dealer_station.station_claims`).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from dealer_station import claims, winners
from dealer_station.audit import utc_now
from dealer_station.auth import AccessDenied, Permission
from dealer_station.games.registry import MeterTerms, game_factory, game_hooks
from dealer_station.money import Cents, format_cents
from dealer_station.procedure import GameRound, JSONValue, ProcedureError, Record
from dealer_station.station_people import People
from dealer_station.station_state import StationState
from dealer_station.store import meters as meter_store
from dealer_station.store.database import Store, StoreError, Transaction
from dealer_station.store.round_dealers import dealers_of_round, dealers_words
from dealer_station.store.users import Account

__all__ = ["Meters"]


class Meters:
    """The table's progressive meters and jackpot records, over the station's one store and
    lock; the claims' view of the open round (:class:`dealer_station.claims.ClaimSource`)."""

    def __init__(self, state: StationState, people: People) -> None:
        self._state = state
        self._people = people

    @property
    def store(self) -> Store:
        return self._state.store

    @property
    def round(self) -> GameRound | None:
        return self._state.round

    @property
    def round_id(self) -> int | None:
        return self._state.round_id

    @property
    def linked_meter(self) -> claims.LinkedMeter | None:
        return self._state.linked_meter

    def contribute_payments(self, work: Transaction) -> None:
        """At the open round's completion, in its transaction: every meter (but the one the
        round's confirmed light count feeds) gets what was wagered on its wager."""
        state, round_ = self._state, self._state.round
        assert state.round_id is not None and round_ is not None
        hooks = game_hooks(state.game)
        terms = hooks.progressive(round_) if hooks is not None else None
        for each in meter_store.meters(state.store):
            if terms is not None and each.wager == terms.wager:
                continue  # fed by the round's confirmed light count (meter_effects)
            wagered = sum(payment.stake for payment in round_.payments
                          if payment.wager == each.wager and payment.outcome != "return")
            if wagered:
                meter_store.contribute(work, each.name, state.round_id, wagered)

    def station_inputs(self, action: str, arguments: Mapping[str, JSONValue]
                       ) -> dict[str, JSONValue]:
        """``arguments`` with what the station supplies for ``action``: the progressive meter's
        reading now (5324.41(k)(6)), the next jackpot record number and the time. Nobody at
        the screen may supply them."""
        hooks = game_hooks(self._state.game)
        given = dict(arguments)
        if hooks is None or self._state.round is None:
            return given
        signer = hooks.supervisor_actions.get(action, ())
        supplied = set(signer)
        if action in hooks.meter_actions:
            supplied.add("meter")
        if action in hooks.jackpot_actions:
            supplied |= {"jackpot_number", "time"}
        forced = sorted((supplied - set(signer)) & set(given))
        if forced:
            raise AccessDenied(f"the station supplies {', '.join(forced)} of {action}: "
                               "they are not entered at the screen")
        if not supplied - set(signer):
            return given
        name = self.progressive_meter(self._state.round)
        if name is not None and action in hooks.meter_actions:
            given["meter"] = self._meter_reading(name, action, arguments)
        if name is not None and action in hooks.jackpot_actions:
            given["jackpot_number"] = self.next_jackpot_number()
            given["time"] = utc_now()
        return given

    def _meter_reading(self, name: str, action: str, arguments: Mapping[str, JSONValue]
                       ) -> Cents:
        """The meter ``action`` is given: the table's own meter, or on a floor its linked pool
        (a payout's approval is approved on the floor first and given the pool as it stood
        when the floor paid it; the settlement takes the amount last announced, never
        waiting for the floor)."""
        state = self._state
        linked = state.linked_meter
        if linked is None:
            return meter_store.meter(state.store, name).current
        position = arguments.get("position")
        if action == "approve_progressive" and isinstance(position, int) and (
                state.round_id is not None):
            return self._approve_on_floor(linked, state.round_id, position, arguments)
        known = linked.last_known()
        return meter_store.meter(state.store, name).current if known is None else known

    def _approve_on_floor(self, linked: claims.LinkedMeter, round_id: int, position: int,
                          arguments: Mapping[str, JSONValue]) -> Cents:
        """Approve the claim at ``position`` on the floor (its hand and every share or fixed
        amount its cards are paid by, never a cent amount) and give the pool as it stood when
        the floor paid it (5324.41(k)(6)); refused first when the round cannot approve it. An
        earlier hit still pending on the floor: the approval waits there
        (:class:`~dealer_station.claims.ClaimWaiting`) and the table records it when the
        floor pays it (:meth:`record_floor_payments`)."""
        claim = claims.claim_for(self, round_id, position)  # refuses what cannot be approved
        request = self._pending_request(position)
        supervisor, role = str(arguments.get("supervisor_id", "")), str(arguments.get("role", ""))
        if self._state.round is not None:  # the round's own checks, at the pool now
            self._state.round.verify_approve_progressive(  # type: ignore[attr-defined]
                position, supervisor, role, claim.meter_before, self.next_jackpot_number(),
                utc_now())
        wagers = self._progressive_wagers()
        reading = linked.pay(round_id, position, claim.hand, terms=wagers.meter_terms(request),
                             supervisor=supervisor)
        # kept until recorded: paid later in its turn, or paid now and its record refused
        # here after the floor's commit, the next look at the floor records it
        self._state.awaiting[(round_id, position)] = claims.Approval(
            reading.approved_by or supervisor, role, self._state.second_validator,
            self._state.winner)
        if reading.paid is None:
            raise claims.ClaimWaiting(claims.Waiting(
                round_id, position, reading.approved_by or supervisor,
                reading.waiting_for or "the hit before it"))
        return reading.current

    def _progressive_wagers(self) -> claims.ProgressiveWagers:
        round_ = self._state.round
        wagers = round_.optional if isinstance(round_, claims.ProgressiveRound) else None
        if wagers is None:
            raise ProcedureError("no round with the progressive payout wager is open",
                                 "5324.41(k)(1)")
        return wagers

    def _pending_request(self, position: int) -> Any:
        found = [v for v in self._progressive_wagers().pending if v.position == position]
        if not found:
            raise ProcedureError(f"position {position}'s payout does not wait for a "
                                 "supervisor", claims.CLAUSE)
        return found[0]

    def next_jackpot_number(self) -> int:
        """The number the next jackpot record gets."""
        row = self._state.store.connection.execute(
            "SELECT COALESCE(MAX(number), 0) + 1 FROM jackpots").fetchone()
        return int(row[0])

    def progressive_meter(self, round_: GameRound) -> str | None:
        """The name of the meter ``round_`` feeds and pays from (``None``: no progressive);
        refuses a round whose meter is missing or does not match the configuration."""
        hooks = game_hooks(self._state.game)
        terms = hooks.progressive(round_) if hooks is not None else None
        if terms is None:
            return None
        fed = [each for each in meter_store.meters(self._state.store)
               if each.wager == terms.wager and not each.retired]
        matching = [each for each in fed
                    if each.reset == terms.reset and each.rate_bp == terms.rate_bp]
        if len(matching) == 1:
            return matching[0].name
        if not fed:
            raise ProcedureError(
                f"no progressive meter is fed by the {terms.wager} wager: a supervisor creates "
                f"it on the supervisor's Meters page (CREATE) or with `dealer-station meters "
                f"create` (base {format_cents(terms.reset)}, rate "
                f"{terms.rate_bp / 100:g}% of the amount wagered)",
                "5324.41(k)(5)")
        shown = ", ".join(f"{m.name} (reset {m.reset}, rate {m.rate_bp})" for m in fed)
        raise ProcedureError(
            f"the {terms.wager} meter must have the configured reset {terms.reset} cents and "
            f"rate {terms.rate_bp} basis points, exactly one of them: found {shown}",
            "5324.41(k)(5)")

    def meter_effects(self, work: Transaction, record: Record) -> None:
        """Journal, in the record's own transaction, what it does to the progressive meter:
        ``meter_contribution`` (the amount wagered on it, confirmed by the light count,
        5324.41(k)(2), (k)(5)); ``meter_deduction`` (an approved payout: the numbered jackpot
        record, the hit, the validation, the payment and the reseed, (k)(3)(iii), (k)(6));
        a rejected payout is audited with its reason."""
        effects = record.effects if isinstance(record.effects, Mapping) else {}
        hooks = game_hooks(self._state.game)
        signer = hooks.supervisor_actions.get(record.action) if hooks is not None else None
        if "meter_contribution" not in effects and "meter_deduction" not in effects and (
                signer is None):
            return
        assert self._state.round_id is not None and self._state.round is not None
        name = self.progressive_meter(self._state.round)
        if name is None:
            return
        wagered = effects.get("meter_contribution")
        if isinstance(wagered, int) and wagered > 0:
            # wagers taken before the floor went away are counted (their contribution reaches
            # the pool when the floor is back); only new progressive wagers are refused
            meter_store.contribute(work, name, self._state.round_id, wagered)
        deduction = effects.get("meter_deduction")
        arguments = record.arguments
        if isinstance(deduction, int) and signer is not None:
            jackpot = effects.get("jackpot")
            assert isinstance(jackpot, Mapping)
            supervisor = str(arguments[signer[0]])
            # every dealer of the round, with the part each dealt, on its jackpot record
            dealer = dealers_words(dealers_of_round(work, self._state.round_id))
            if self._state.linked_meter is not None:
                paid = self._pay_from_pool(work, name, arguments, str(jackpot["hand"]),
                                           deduction, dealer, supervisor)
            else:
                if meter_store.meter(work, name).current != arguments.get("meter"):
                    raise StoreError("the meter changed while the payout was validated")
                paid = meter_store.pay_jackpot(work, name, round_id=self._state.round_id,
                                               position=str(arguments["position"]),
                                               hand=str(jackpot["hand"]), amount=deduction,
                                               dealer=dealer, supervisor=supervisor)
            if (paid.number != arguments.get("jackpot_number")
                    or paid.meter_after != effects.get("meter_after")):
                raise StoreError(f"jackpot record {paid.number} (meter after "
                                 f"{paid.meter_after}) does not match the round's "
                                 f"{arguments.get('jackpot_number')} "
                                 f"({effects.get('meter_after')})")
            self._record_winner(work, paid, jackpot, supervisor)
            work.audit("validation", {"decision": "approved", "jackpot": paid.number,
                                      "meter": name, "position": arguments["position"],
                                      "hand": paid.hand, "amount": paid.amount,
                                      "meter_before": paid.meter_before,
                                      "meter_after": paid.meter_after, "dealer": dealer,
                                      "clause": "5324.41(k)(3)(iii)"},
                       actor=supervisor, round_id=self._state.round_id)
        elif signer is not None and "reason" in arguments:
            work.audit("validation", {"decision": "rejected", "meter": name,
                                      "position": arguments.get("position"),
                                      "reason": arguments["reason"],
                                      "clause": "5324.41(k)(3)(iii)"},
                       actor=str(arguments[signer[0]]), round_id=self._state.round_id)

    def _record_winner(self, work: Transaction, paid: meter_store.Jackpot,
                       jackpot: Mapping[str, Any], supervisor: str) -> None:
        """The winner's identification of a payout that reaches the reporting threshold, kept
        in the approval's own transaction; without it the approval is refused (whichever
        screen made it: this is the one place every approval passes)."""
        denomination = jackpot.get("denomination")
        wager = denomination if isinstance(denomination, int) else 0
        winner = self._state.winner
        refusal = winners.identification_refusal(paid.amount, wager,
                                                 self._state.station_settings, winner)
        if refusal is not None:
            raise ProcedureError(refusal, winners.CLAUSE)
        at, times = winners.threshold_of(self._state.station_settings)
        if winner is not None and winners.reportable(paid.amount, wager, at=at, times=times):
            winners.record_winner(work, paid.number, winner, entered_by=supervisor,
                                  time=paid.time)

    def _pay_from_pool(self, work: Transaction, name: str, arguments: Mapping[str, JSONValue],
                       hand: str, amount: Cents, dealer: str | None,
                       supervisor: str) -> meter_store.Jackpot:
        """Record the floor's payment of an approved claim (made in one floor transaction at
        its approval, or in its turn after an earlier hit) in the table's numbered jackpot
        record with the pool's figures, in the record's own transaction: the amount the floor
        paid, from the pool as it stood then. Paid on the floor and lost here (a crash between
        the two commits), the claim is read back from the floor and recorded once."""
        linked, round_id = self._state.linked_meter, self._state.round_id
        assert linked is not None and round_id is not None
        before = arguments.get("meter")
        position = arguments.get("position")
        assert isinstance(before, int) and isinstance(position, int)
        paid = linked.reading(round_id, position)
        if (paid.current, paid.paid) != (before, amount) or paid.after is None:
            raise StoreError(f"the floor paid {paid.paid} from {paid.current}, the table "
                             f"approved {amount} from {before}")
        return meter_store.record_pool_jackpot(
            work, name, pool=paid.pool, round_id=round_id, position=str(position),
            hand=hand, amount=amount, meter_before=before, meter_after=paid.after,
            dealer=dealer, supervisor=supervisor)

    def refuse_locked_progressive(self, wager: str) -> None:
        """Refuse a wager on a progressive meter's wager while the floor's link says the
        progressive is locked out (the floor cannot be reached, docs/floor.md)."""
        if self._state.progressive_lock is None:
            return
        reason = self._state.progressive_lock()
        if reason and any(m.wager == wager and not m.retired
                          for m in meter_store.meters(self._state.store)):
            raise ProcedureError(reason)

    def reverse_contributions(self, work: Transaction, document: dict[str, Any], reason: str,
                              actor: str | None) -> None:
        """A voided round's wagers are returned: what it contributed to a meter (the light
        count, 5324.41(k)(2)) is taken back in the void's own transaction, with the reason
        (``meter_reversals`` in the void's document)."""
        assert self._state.round_id is not None
        taken = meter_store.reverse_round(work, self._state.round_id,
                                          reason=f"round voided: {reason}", actor=actor)
        if taken:
            document["meter_reversals"] = dict(taken)

    def create_meter(self, name: str, *, wager: str, reset: int, rate_bp: int, supervisor: str,
                     pin: str, limit: int | None = None,
                     above_limit: str = "overflow") -> meter_store.Meter:
        """A supervisor creates a progressive meter fed by ``wager`` between rounds (terms
        checked against 5324.41(k) and the table's configuration; audited)."""
        with self._state.lock:
            person = self._meter_supervisor(supervisor, pin)
            self._verify_meter_terms(wager, reset, rate_bp, limit, above_limit)
            with self._state.store.transaction() as work:
                return meter_store.create_meter(work, name, wager, reset, rate_bp,
                                                actor=person.id, limit=limit)

    def change_meter(self, name: str, *, supervisor: str, pin: str, reset: int | None = None,
                     rate_bp: int | None = None, limit: int | None = None,
                     clear_limit: bool = False,
                     above_limit: str = "overflow") -> meter_store.Meter:
        """A supervisor changes a meter's terms, only between rounds (audited with the terms
        before and after)."""
        with self._state.lock:
            person = self._meter_supervisor(supervisor, pin)
            now = meter_store.meter(self._state.store, name)
            self._verify_meter_terms(
                now.wager, now.reset if reset is None else reset,
                now.rate_bp if rate_bp is None else rate_bp,
                None if clear_limit else (now.limit if limit is None else limit), above_limit)
            if limit is not None and limit < now.current:
                raise ProcedureError(
                    f"the limit {limit} cents is below the amount on the meter ({now.current} "
                    "cents): what the meter shows belongs to the players' next payout",
                    "5324.41(k)(6)")
            with self._state.store.transaction() as work:
                return meter_store.change_meter(work, name, actor=person.id, reset=reset,
                                                rate_bp=rate_bp, limit=limit,
                                                clear_limit=clear_limit)

    def reseed_meter(self, name: str, *, supervisor: str, pin: str) -> int:
        """After a hit, a supervisor moves the overflow into the meter (up to its limit);
        returns the cents moved. Refused before any hit since the last reseed, or with an
        empty overflow."""
        with self._state.lock:
            person = self._meter_supervisor(supervisor, pin)
            now = meter_store.meter(self._state.store, name)
            if now.retired:
                raise ProcedureError(f"meter {name} is retired", "5324.41(k)(5)")
            if not meter_store.last_hit_unreseeded(self._state.store, name):
                raise ProcedureError("a meter is reseeded after a hit: nothing was paid from it "
                                     "since the last reseed", "5324.41(k)(6)")
            if now.overflow <= 0:
                raise ProcedureError("the overflow is empty: the meter was already reseeded "
                                     "to its reset amount when the hit was paid",
                                     "5324.41(k)(5)")
            with self._state.store.transaction() as work:
                return meter_store.reseed_from_overflow(work, name, actor=person.id)

    def retire_meter(self, name: str, *, reason: str, supervisor: str,
                     pin: str) -> meter_store.Meter:
        """A supervisor takes a meter out of service between rounds, with the reason; its
        journal and jackpot records stay (audited)."""
        with self._state.lock:
            person = self._meter_supervisor(supervisor, pin)
            if not reason.strip():
                raise ProcedureError("retiring a meter needs the reason", "5324.41(k)(5)")
            with self._state.store.transaction() as work:
                return meter_store.retire_meter(work, name, actor=person.id,
                                                reason=reason.strip())

    def _meter_supervisor(self, supervisor: str, pin: str) -> Account:
        """A supervisor (not the dealer on duty) changing a meter between rounds."""
        return self._people.authorized(supervisor, pin, Permission.CHANGE_CONFIGURATION,
                                       check=self._between_rounds)

    def _between_rounds(self, person: Account) -> None:
        if self._state.round is not None:
            raise ProcedureError("a meter changes only between rounds: round "
                                 f"{self._state.round_id} is open (its payouts are paid from "
                                 "the meter as it stands)",
                                 "5324.41(k)(6)")

    def configured_meter_terms(self) -> MeterTerms | None:
        """The meter the table's configuration pays its progressive from, or None (no
        progressive offered)."""
        with self._state.lock:
            hooks = game_hooks(self._state.game)
            if hooks is None:
                return None
            try:
                return hooks.progressive(game_factory(self._state.game)(self._state.settings))
            except (ProcedureError, ValueError, TypeError, KeyError):
                return None

    def _verify_meter_terms(self, wager: str, reset: int, rate_bp: int, limit: int | None,
                            above_limit: str) -> None:
        # deferred on purpose: Pai Gow's rules load only when a meter is created or changed
        from dealer_station.games.pai_gow.wagers.progressive import verify_meter_terms

        configured = self.configured_meter_terms()
        terms = configured if configured is not None and configured.wager == wager else None
        verify_meter_terms(reset=reset, rate_bp=rate_bp, limit=limit, above_limit=above_limit,
                           denomination=terms.denomination if terms else None,
                           least_reset=terms.least_reset if terms else None)
        if terms is not None and (reset, rate_bp) != (terms.reset, terms.rate_bp):
            raise ProcedureError(
                f"the table's configuration pays the {wager} wager from a meter with reset "
                f"{terms.reset} cents and rate {terms.rate_bp} basis points: change the "
                "configuration first, then the meter", "5324.41(k)(5)")

    def meter(self, name: str) -> meter_store.Meter:
        with self._state.lock:
            return meter_store.meter(self._state.store, name)

    def meters(self) -> list[meter_store.Meter]:
        with self._state.lock:
            return meter_store.meters(self._state.store)

    def meter_statistics(self, name: str) -> meter_store.MeterStatistics:
        with self._state.lock:
            return meter_store.statistics(self._state.store, name)

    def progressive_meter_name(self) -> str:
        """The meter the open round feeds and pays from (refused when it has none)."""
        with self._state.lock:
            open_round = self._state.round
            name = self.progressive_meter(open_round) if open_round is not None else None
            if name is None:
                raise ProcedureError("no round with the progressive payout wager is open",
                                     "5324.41(k)(1)")
            return name

    def verify_validators(self, position: Any) -> None:
        """An approval of the payout at ``position`` of the open round made with one
        validator (the dealer's screen's panel, ``Station.supervise``): refused when the
        payout is above ``second_validator_above`` and no second validator was checked for
        it (:meth:`decide_progressive_claim` takes both), or when it reaches the reporting
        threshold and no winner's identification was entered for it (only that page takes
        it: the dealer's screen's panel never approves such a payout)."""
        round_id = self._state.round_id
        if round_id is None:
            return
        try:
            claim = claims.claim_for(self, round_id, int(position))
        except (ProcedureError, ValueError, TypeError):
            return  # (no such claim: the round's own verify refuses it, in its words)
        if self._state.second_validator is None and self.second_validator_needed(claim):
            above = int(self._state.station_settings["second_validator_above"])
            raise ProcedureError(
                f"this payout of {format_cents(claim.amount)} is above {format_cents(above)}: "
                "two supervisors validate it, on the supervisor's screen (Progressive "
                "validation: the second supervisor's id and PIN beside yours)", claims.CLAUSE)
        refusal = winners.identification_refusal(claim.amount, claim.wager,
                                                 self._state.station_settings,
                                                 self._state.winner)
        if refusal is not None:
            raise ProcedureError(refusal, winners.CLAUSE)

    def second_validator_needed(self, claim: claims.ProgressiveClaim) -> bool:
        """Whether ``claim`` is above the station's ``second_validator_above`` (cents; 0:
        never): then two supervisors validate it."""
        above = int(self._state.station_settings.get("second_validator_above", 0) or 0)
        return bool(above) and claim.amount > above

    def identification_needed(self, claim: claims.ProgressiveClaim) -> bool:
        """Whether ``claim`` reaches the station's reporting threshold: then it is approved
        only with the winner's identification."""
        at, times = winners.threshold_of(self._state.station_settings)
        return winners.reportable(claim.amount, claim.wager, at=at, times=times)
