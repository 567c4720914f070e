"""The people part of the station (docs/station.md, "People"): the first supervisor, sign-in
and sign-out of the dealer on duty and of the staff screens, their sessions, the accounts, and
the one authenticate-then-authorize check every protected action goes through
(:meth:`People.authorized`).
"""

from __future__ import annotations

from collections.abc import Callable

from dealer_station import auth, logs
from dealer_station.accounts import AccountDesk
from dealer_station.audit import utc_now
from dealer_station.auth import AccessDenied, Permission, Role
from dealer_station.station_state import StationState
from dealer_station.store import journal, sessions, users
from dealer_station.store.users import Account

__all__ = ["People"]

#: How an account change is said in a refusal.
_CHANGE_WORDS = {"created": "created", "pin_changed": "given a new PIN",
                 "unlocked": "unlocked", "enabled": "re-enabled", "disabled": "disabled"}


class People:
    """Who is at the table and what each may do, over the station's one store and lock."""

    def __init__(self, state: StationState, *, lock_policy: auth.LockPolicy,
                 pin_cost: auth.PinCost) -> None:
        self._state = state
        self.lock_policy = lock_policy
        self.pin_cost = pin_cost

    # -- checking a person ----------------------------------------------------------------

    def _desk(self) -> AccountDesk:
        return AccountDesk(self._state.store, clock=self._state.clock, policy=self.lock_policy,
                           cost=self.pin_cost)

    def authenticate(self, user_id: str, pin: str, purpose: str) -> Account:
        """Check ``user_id``'s PIN (audited; counted and locked after repeated failures)."""
        with self._state.lock:
            return self._desk().authenticate(user_id, pin, purpose)

    def authorized(self, user_id: str, pin: str, permission: Permission, *,
                   purpose: str | None = None,
                   check: Callable[[Account], None] | None = None) -> Account:
        """The person ``user_id`` if their PIN is right (audited under ``purpose``, by default
        the permission's name) and their role may take ``permission`` now: the round open at
        the table, whether they dealt it and whether they are the dealer on duty are read from
        the table (:func:`dealer_station.auth.authorize`). ``check``: a rule of the action
        itself, checked after the PIN and before the role."""
        with self._state.lock:
            person = self.authenticate(user_id, pin, purpose or permission.value)
            if check is not None:
                check(person)
            state = self._state
            auth.authorize(person.role, permission,
                           dealt_it=self.dealt(person.id, state.round_id),
                           round_in_progress=state.round is not None,
                           on_duty_as_dealer=state.dealer is not None
                           and state.dealer.id == person.id)
            return person

    def require_dealer(self) -> Account:
        """The dealer on duty (refused when nobody is signed in)."""
        if self._state.dealer is None:
            raise AccessDenied("no dealer is signed in")
        return self._state.dealer

    def dealt(self, user_id: str, round_id: int | None) -> bool:
        """Whether ``user_id`` dealt round ``round_id`` or took an action in it."""
        if round_id is None:
            return False
        rows = self._state.store.query(
            "SELECT 1 FROM rounds WHERE id = ? AND dealer = ? UNION "
            "SELECT 1 FROM records WHERE round_id = ? AND actor = ?",
            (round_id, user_id, round_id, user_id))
        return bool(rows)

    def signed_in_during_round(self, round_id: int) -> frozenset[str]:
        """Everyone signed in at this table as its dealer at any moment of round ``round_id``
        (the dealer of record, whoever signed in on the dealer's screen between its start and
        its end, whoever took an action in it): none of them may validate its progressive
        payouts (5324.41(k)(3)(iii))."""
        with self._state.lock:
            store = self._state.store
            summary = journal.round_summary(store, round_id)
            people = {summary.dealer} if summary.dealer else set()
            people |= {str(row[0]) for row in store.query(
                "SELECT DISTINCT actor FROM records WHERE round_id = ? AND actor IS NOT NULL "
                "AND actor NOT LIKE 'supervisor:%'", (round_id,))}
            end = summary.ended or utc_now()
            people |= {each.user for each in sessions.sessions_during(
                store, summary.started, end, screen="dealer")}
            return frozenset(people)

    def verify_validator(self, person: Account, round_id: int | None) -> None:
        """``person`` may validate round ``round_id``'s progressive payouts: a supervisor, not
        the dealer of record and not signed in at this table at any moment of that round, whose
        account nobody at the table during the round changed since it began
        (:meth:`verify_account_untouched`)."""
        auth.authorize(person.role, Permission.VALIDATE_PAYOUT)  # a supervisor at all
        if round_id is None:
            return
        involved = self.signed_in_during_round(round_id)
        if person.id not in involved:
            self.verify_account_untouched(person, round_id, involved)
            return
        summary = journal.round_summary(self._state.store, round_id)
        if summary.dealer == person.id or self.dealt(person.id, round_id):
            auth.authorize(person.role, Permission.VALIDATE_PAYOUT, dealt_it=True)
        raise AccessDenied(f"{person.id} was signed in at this table as its dealer during round "
                           f"{round_id}: another supervisor validates its payouts",
                           auth.PAYOUT_CLAUSE)

    def verify_account_untouched(self, person: Account, round_id: int,
                                 involved: frozenset[str]) -> None:
        """Segregation of duties: ``person``'s account was not created, re-enabled, unlocked
        or given a PIN since round ``round_id`` began by anyone ``involved`` in the round
        (who dealt it, relieved its dealer or was signed in on the dealer's screen during
        it): one person could otherwise validate their own round through an account they
        control."""
        store = self._state.store
        started = journal.round_summary(store, round_id).started
        for change in users.changes_since(store, person.id, started):
            if change.by in involved and change.by != person.id:
                raise AccessDenied(
                    f"{person.id}'s account was {_CHANGE_WORDS.get(change.event, change.event)}"
                    f" by {change.by} at {change.time[11:19]} UTC, after round {round_id} "
                    f"began, and {change.by} was at this table as its dealer during it: "
                    "another supervisor validates its payouts", auth.PAYOUT_CLAUSE)

    # -- signing in and out ---------------------------------------------------------------

    @property
    def needs_first_supervisor(self) -> bool:
        return auth.needs_first_supervisor(self._state.store)

    @property
    def dealer_accounts_exist(self) -> bool:
        """Whether any dealer's account has been created (an active one or not)."""
        return any(account.role == Role.DEALER.value
                   for account in users.accounts(self._state.store))

    def create_first_supervisor(self, user_id: str, name: str, pin: str) -> Account:
        with self._state.lock:
            return self._desk().create_first_supervisor(user_id, name, pin)

    def end_stale_sessions(self) -> None:
        """Nobody is signed in after a restart: sessions left open by the last run end now."""
        store = self._state.store
        if sessions.open_sessions(store):
            with store.transaction() as work:
                sessions.end_all_open(work, "station restarted")

    def sign_in(self, user_id: str, pin: str) -> Account:
        """Put a dealer (or a supervisor who deals) on duty: a dealer's session starts (the
        one on duty before, if any, ends)."""
        state = self._state
        with state.lock:
            person = self.authorized(user_id, pin, Permission.DEAL, purpose="sign_in")
            with state.store.transaction() as work:
                if state.dealer_session is not None:
                    sessions.end(work, state.dealer_session, f"replaced by {person.id}",
                                 actor=person.id, round_id=state.round_id)
                started = sessions.start(work, person.id, person.role, "dealer",
                                         round_id=state.round_id)
            state.dealer, state.dealer_session = person, started.id
            logs.bind(dealer=person.id)
            return person

    def sign_out(self) -> None:
        """The dealer on duty signs out (a round in progress waits where it stands)."""
        state = self._state
        with state.lock:
            if state.dealer is not None:
                with state.store.transaction() as work:
                    work.audit("sign_out", {"user": state.dealer.id}, actor=state.dealer.id,
                               round_id=state.round_id)
                    if state.dealer_session is not None:
                        sessions.end(work, state.dealer_session, "signed out",
                                     actor=state.dealer.id, round_id=state.round_id)
                state.dealer, state.dealer_session = None, None
                logs.unbind("dealer")

    def sign_in_staff(self, user_id: str, pin: str, role: Role | str) -> tuple[Account, int]:
        """A supervisor or technician signs in on their screen over the dealer's (who stays
        on duty): PIN and role checked, a session of that screen started. Returns the account
        and the session's number (for :meth:`sign_out_staff`)."""
        role = Role(role)
        state = self._state
        with state.lock:
            person = self.authenticate(user_id, pin, f"{role.value}_screen")
            if person.role != role.value:
                state.store.audit("access_denied", {"user": person.id, "role": person.role,
                                                    "screen": role.value}, actor=person.id,
                                  round_id=state.round_id)
                raise AccessDenied(f"only a {role.value} may open the {role.value}'s screen "
                                   f"({person.id} is a {person.role})")
            with state.store.transaction() as work:
                started = sessions.start(work, person.id, person.role, role.value,
                                         round_id=state.round_id)
            return person, started.id

    def sign_out_staff(self, user_id: str, session_id: int | None, screen: str) -> None:
        """End a staff screen's session (audited)."""
        state = self._state
        with state.lock, state.store.transaction() as work:
            work.audit("sign_out", {"user": user_id, "screen": screen, "session": session_id},
                       actor=user_id, round_id=state.round_id)
            found = sessions.session(work, session_id) if session_id is not None else None
            if found is not None and found.ended is None:
                sessions.end(work, found.id, "signed out", actor=user_id,
                             round_id=state.round_id)

    def sessions_during(self, start: str, end: str | None = None, *,
                        screen: str | None = None) -> list[sessions.Session]:
        """Who was signed in between ``start`` and ``end`` (see
        :func:`dealer_station.store.sessions.sessions_during`)."""
        with self._state.lock:
            return sessions.sessions_during(self._state.store, start, end, screen=screen)

    # -- accounts (a supervisor's, checked with the supervisor's id and PIN) --------------

    def accounts(self) -> list[Account]:
        with self._state.lock:
            return self._desk().accounts()

    def create_user(self, user_id: str, name: str, role: Role | str, new_pin: str, *,
                    supervisor: str, pin: str) -> Account:
        """A supervisor creates an account (also during a round)."""
        with self._state.lock:
            return self._desk().create_user(user_id, name, role, new_pin,
                                            supervisor=supervisor, pin=pin)

    def reset_pin(self, user_id: str, new_pin: str, *, supervisor: str, pin: str) -> Account:
        """A supervisor sets a new PIN for ``user_id`` (which also lifts a lock)."""
        with self._state.lock:
            return self._desk().reset_pin(user_id, new_pin, supervisor=supervisor, pin=pin)

    def change_own_pin(self, user_id: str, current_pin: str, new_pin: str) -> Account:
        """Anyone changes their own PIN with their current one."""
        with self._state.lock:
            return self._desk().change_own_pin(user_id, current_pin, new_pin)

    def unlock_user(self, user_id: str, *, supervisor: str, pin: str) -> Account:
        """Another supervisor lifts ``user_id``'s lock."""
        with self._state.lock:
            return self._desk().unlock_user(user_id, supervisor=supervisor, pin=pin)

    def set_user_active(self, user_id: str, active: bool, *, supervisor: str,
                        pin: str) -> Account:
        """A supervisor disables (or enables again) an account; the dealer on duty who is
        disabled is signed out."""
        with self._state.lock:
            changed = self._desk().set_user_active(user_id, active, supervisor=supervisor,
                                                   pin=pin)
            dealer = self._state.dealer
            if not active and dealer is not None and dealer.id == user_id:
                self.sign_out()
            return changed
