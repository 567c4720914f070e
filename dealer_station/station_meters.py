"""The meters and jackpots part of the station (docs/station.md, "Meters and jackpots",
"Progressive rounds", "Progressive claims"): a supervisor creates, changes, reseeds and retires
the progressive meters between rounds; the open round's meter reading, jackpot number and time
are supplied by the station; what a record does to a meter is journaled in that record's own
transaction, and taken back when its round is voided; a claim is shown and decided as the
journal holds it.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Protocol

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

__all__ = ["Meters", "Supervise"]


class Supervise(Protocol):
    """A supervisor's decision on the open round (``Station.supervise``)."""

    def __call__(self, action: str, *, supervisor: str, pin: str,
                 **arguments: JSONValue) -> Record: ...


class Meters:
    """The table's progressive meters and jackpot records, over the station's one store and
    lock; the claims' view of the open round (:class:`dealer_station.claims.ClaimSource`)."""

    def __init__(self, state: StationState, people: People, supervise: Supervise) -> None:
        self._state = state
        self._people = people
        self._supervise = supervise

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
        as it stands (a payout's approval asks the floor; the settlement takes the amount last
        announced, never waiting for the floor)."""
        state = self._state
        linked = state.linked_meter
        if linked is None:
            return meter_store.meter(state.store, name).current
        position = arguments.get("position")
        if action == "approve_progressive" and isinstance(position, int) and (
                state.round_id is not None):
            if state.pool_shown is not None:
                return state.pool_shown
            return linked.reading(state.round_id, position).current
        known = linked.last_known()
        return meter_store.meter(state.store, name).current if known is None else known

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
        """Pay an approved claim from the floor's linked pool (one floor transaction, in the
        floor's commit order, refused when the pool moved since the amount was shown) and
        record it in the table's numbered jackpot record with the pool's figures, in the
        record's own transaction. Paid on the floor and lost here (a crash between the two
        commits), the claim is shown again with the floor's payment and approved once."""
        linked, round_id = self._state.linked_meter, self._state.round_id
        assert linked is not None and round_id is not None
        before = arguments.get("meter")
        position = arguments.get("position")
        assert isinstance(before, int) and isinstance(position, int)
        paid = linked.pay(round_id, position, hand, meter_before=before, amount=amount,
                          supervisor=supervisor)
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

    def show_progressive_claim(self, round_id: int, position: int, *, supervisor: str,
                               pin: str) -> claims.ProgressiveClaim:
        """The claim at ``position`` of round ``round_id`` as the journal holds it, shown to a
        supervisor who may validate it; audited with the facts shown. Refused with the reason
        when there is no such claim (:func:`dealer_station.claims.claim_for`)."""
        with self._state.lock:
            person = self._people.authenticate(supervisor, pin, "validate_payout")
            try:
                claim = claims.claim_for(self, round_id, position)
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

    def _second_validator(self, shown: claims.ProgressiveClaim, supervisor: str,
                          second_supervisor: str, second_pin: str) -> str | None:
        """The second validator of ``shown`` when it needs one (checked: their PIN, not the
        first, not at the table during the round, their account untouched by it)."""
        if not self.second_validator_needed(shown):
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

    def identification_needed(self, claim: claims.ProgressiveClaim) -> bool:
        """Whether ``claim`` reaches the station's reporting threshold: then it is approved
        only with the winner's identification."""
        at, times = winners.threshold_of(self._state.station_settings)
        return winners.reportable(claim.amount, claim.wager, at=at, times=times)

    def _winner(self, shown: claims.ProgressiveClaim,
                winner: winners.WinnerIdentification | None
                ) -> winners.WinnerIdentification | None:
        """The winner's identification ``shown`` is approved with (checked, trimmed); refused
        when it reaches the reporting threshold without one (``None``: none needed)."""
        if not self.identification_needed(shown):
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
                                 winner: winners.WinnerIdentification | None = None) -> Record:
        """Approve (paid from the meter as it stands, the numbered jackpot record made) or reject
        (with the reason, final) the claim ``shown``: refused unless it is still exactly the
        claim the journal gives now (the supervisor confirms what was shown). A payout above
        the station's ``second_validator_above`` is approved only with a second supervisor's
        id and PIN (``second_supervisor``, ``second_pin``), kept on its jackpot record; one
        that reaches the reporting threshold only with the winner's identification
        (``winner``), kept in the approval's transaction (a rejection needs none)."""
        with self._state.lock:
            now = claims.claim_for(self, shown.round_id, shown.position)
            if now.facts() != shown.facts():
                raise ProcedureError("the claim changed since it was shown (the meter moved): "
                                     "show it again and check the amount", claims.CLAUSE)
            identified = self._winner(shown, winner) if approve else None
            second = (self._second_validator(shown, supervisor, second_supervisor, second_pin)
                      if approve else None)
            if approve:
                # paid from the pool the supervisor saw (the floor refuses if it moved since)
                self._state.pool_shown = shown.meter_before if shown.pool else None
                self._state.second_validator = second
                self._state.winner = identified
                try:
                    record = self._supervise("approve_progressive", supervisor=supervisor,
                                             pin=pin, position=shown.position)
                finally:
                    self._state.pool_shown = None
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
                record = self._supervise("reject_progressive", supervisor=supervisor, pin=pin,
                                        position=shown.position, reason=reason.strip())
            self._state.store.audit("claim", {"event": "approved" if approve else "rejected",
                                       "reason": reason.strip(), **shown.facts()},
                             actor=supervisor, round_id=shown.round_id)
            return record
