"""Roles, PINs and every protected action, through the rules and through the station; the PIN
policy of issue 20 (items 7-8): length by role, the memory-hard hash and its documented cost,
old hashes verified and replaced, attempts left, escalating lockout with the time left, unlock
by another supervisor; every account change audited with the row it leaves."""

from __future__ import annotations

import json
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parents[1] / "store"))

import fakegame
from own_pins import add_account

from dealer_station import auth
from dealer_station.auth import (
    AccessDenied,
    AuthenticationError,
    Permission,
    PinCost,
    Role,
    authorize,
)
from dealer_station.cli import main
from dealer_station.procedure import ProcedureError
from dealer_station.station import Station, register_game
from dealer_station.store import users
from dealer_station.store.database import Store

register_game("high_card", fakegame.new_round)


class Clock:
    now = 5_000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
def station(tmp_path: Path, clock: Clock) -> Iterator[Station]:
    opened = Station.open("T1", str(tmp_path), game="high_card", settings={"minimum": 500},
                          clock=clock, pin_cost=2**8)
    assert opened.needs_first_supervisor
    opened.create_first_supervisor("S1", "Sam", "111111")
    assert not opened.needs_first_supervisor
    add_account(opened, "S2", "Sue", "supervisor", "222222", supervisor="S1", pin="111111")
    add_account(opened, "D1", "Dee", "dealer", "3333", supervisor="S1", pin="111111")
    add_account(opened, "T1", "Tom", "technician", "444444", supervisor="S1", pin="111111")
    yield opened
    opened.close()


# -- PINs and locks ---------------------------------------------------------------------------

def test_pins_are_salted_scrypt_hashes(station: Station) -> None:
    stored = station.store.query("SELECT pin_hash FROM users WHERE id = 'D1'")[0][0]
    assert stored.startswith("scrypt$") and "3333" not in stored
    assert auth.hash_pin("3333", 2**8) != auth.hash_pin("3333", 2**8)  # salted
    assert auth.check_pin("3333", stored) and not auth.check_pin("3334", stored)
    with pytest.raises(ValueError):
        auth.hash_pin("12a4")


def test_repeated_failures_lock_the_account_for_a_while(station: Station, clock: Clock) -> None:
    for _ in range(auth.LockPolicy().max_failures - 1):
        with pytest.raises(AuthenticationError, match="wrong id or PIN"):
            station.sign_in("D1", "0000")
    with pytest.raises(AuthenticationError, match="locked"):
        station.sign_in("D1", "0000")
    with pytest.raises(AuthenticationError, match="locked"):
        station.sign_in("D1", "3333")  # even the right PIN, while locked
    clock.now += auth.LockPolicy().lock_seconds + 1
    assert station.sign_in("D1", "3333").id == "D1"
    audit_kinds = [json.loads(line)["kind"] for line in
                   station.store.audit_path.read_text().splitlines()]
    assert audit_kinds.count("sign_in_failed") == 6 and "sign_in" in audit_kinds


def test_a_supervisor_unlocks_an_account(station: Station, clock: Clock) -> None:
    for _ in range(auth.LockPolicy().max_failures):
        with pytest.raises(AuthenticationError):
            station.sign_in("D1", "0000")
    supervisor = auth.authenticate(station.store, "S1", "111111", now=clock.now)
    auth.unlock(station.store, supervisor, "D1")
    assert station.sign_in("D1", "3333").id == "D1"


def test_unknown_and_disabled_accounts_cannot_sign_in(station: Station, clock: Clock) -> None:
    with pytest.raises(AuthenticationError):
        station.sign_in("NOBODY", "111111")
    supervisor = auth.authenticate(station.store, "S1", "111111", now=clock.now)
    auth.set_active(station.store, supervisor, "D1", False)
    with pytest.raises(AuthenticationError):
        station.sign_in("D1", "3333")


# -- the rules, one protected action at a time --------------------------------------------------

@pytest.mark.parametrize("permission,allowed", [
    (Permission.DEAL, {Role.DEALER, Role.SUPERVISOR}),
    (Permission.VALIDATE_PAYOUT, {Role.SUPERVISOR}),
    (Permission.CHANGE_CONFIGURATION, {Role.SUPERVISOR}),
    (Permission.VOID_ROUND, {Role.SUPERVISOR}),
    (Permission.SUPERVISE_ROUND, {Role.SUPERVISOR}),
    (Permission.MANAGE_USERS, {Role.SUPERVISOR}),
    (Permission.RUN_DIAGNOSTICS, {Role.TECHNICIAN}),
])
def test_only_the_right_role_takes_each_protected_action(permission: Permission,
                                                         allowed: set[Role]) -> None:
    for role in Role:
        if role in allowed:
            authorize(role, permission)
        else:
            with pytest.raises(AccessDenied, match="only a"):
                authorize(role, permission)


def test_validating_a_payout_clause_5324_41_k_3_iii() -> None:
    """5324.41(k)(3)(iii): a supervisor validates payouts deducted from the meter — never on
    a round they dealt."""
    with pytest.raises(AccessDenied) as denied:
        authorize(Role.SUPERVISOR, Permission.VALIDATE_PAYOUT, dealt_it=True)
    assert denied.value.clause == "5324.41(k)(3)(iii)"


def test_configuration_never_by_the_dealer_on_duty_nor_during_a_round() -> None:
    with pytest.raises(AccessDenied, match="they are dealing"):
        authorize(Role.SUPERVISOR, Permission.CHANGE_CONFIGURATION, on_duty_as_dealer=True)
    with pytest.raises(AccessDenied, match="during a round"):
        authorize(Role.SUPERVISOR, Permission.CHANGE_CONFIGURATION, round_in_progress=True)


# -- through the station ----------------------------------------------------------------------

def test_station_deal_needs_a_dealer_or_supervisor(station: Station) -> None:
    with pytest.raises(AccessDenied, match="only a dealer or supervisor may deal"):
        station.sign_in("T1", "444444")
    assert station.dealer is None
    station.sign_in("S2", "222222")
    station.sign_in("D1", "3333")
    assert station.dealer and station.dealer.id == "D1"


def test_station_no_claim_outside_a_progressive_round_5324_41_k_3_iii(
        station: Station) -> None:
    """5324.41(k)(3)(iii) through the station: a round of a game without the progressive has
    no claim to show, whoever asks; the station has no way to pay a typed-in jackpot."""
    station.create_meter("progressive", wager="progressive", reset=10_000, rate_bp=2100,
                         supervisor="S1", pin="111111")
    station.sign_in("S2", "222222")
    station.start_round()
    station.perform("place_wager", position=1, wager="ante", amount=500)
    assert station.round_id is not None
    for who, pin in (("D1", "3333"), ("T1", "444444"), ("S2", "222222"), ("S1", "111111")):
        with pytest.raises(ProcedureError, match="no progressive payout wager"):
            station.show_progressive_claim(station.round_id, 1, supervisor=who, pin=pin)
    assert not hasattr(station, "pay_jackpot")
    assert station.meter_statistics("progressive").validations == 0


def test_station_change_configuration(station: Station) -> None:
    for who, pin in (("D1", "3333"), ("T1", "444444")):
        with pytest.raises(AccessDenied):
            station.change_configuration({"minimum": 1000}, supervisor=who, pin=pin)
    station.sign_in("S2", "222222")
    with pytest.raises(AccessDenied, match="they are dealing"):
        station.change_configuration({"minimum": 1000}, supervisor="S2", pin="222222")
    with pytest.raises(AccessDenied, match="they are dealing"):
        station.create_meter("m", wager="progressive", reset=0, rate_bp=2100, supervisor="S2",
                             pin="222222")
    station.start_round()
    with pytest.raises(AccessDenied, match="during a round"):
        station.change_configuration({"minimum": 1000}, supervisor="S1", pin="111111")
    station.void_round("test", supervisor="S1", pin="111111")
    assert station.change_configuration({"minimum": 1000}, supervisor="S1", pin="111111") == 2


def test_station_void_round(station: Station) -> None:
    station.sign_in("S2", "222222")
    station.start_round()
    for who, pin in (("D1", "3333"), ("T1", "444444"), ("S2", "222222")):
        with pytest.raises(AccessDenied):
            station.void_round("misdeal", supervisor=who, pin=pin)
    station.void_round("misdeal", supervisor="S1", pin="111111")


def test_station_diagnostics_only_by_a_technician_never_during_a_round(station: Station) -> None:
    for who, pin in (("D1", "3333"), ("S1", "111111")):
        with pytest.raises(AccessDenied, match="only a technician"):
            station.authorize_diagnostic("shoe_dispense_test", technician=who, pin=pin)
    with station.diagnostic("shoe_dispense_test", technician="T1", pin="444444"):
        station.sign_in("D1", "3333")
        with pytest.raises(Exception, match="diagnostic 'shoe_dispense_test' is running"):
            station.start_round()
    station.start_round()
    with pytest.raises(AccessDenied, match="never run during a round"):
        station.authorize_diagnostic("shoe_dispense_test", technician="T1", pin="444444")


def test_station_manage_users(station: Station) -> None:
    for who, pin in (("D1", "3333"), ("T1", "444444")):
        with pytest.raises(AccessDenied):
            station.create_user("D9", "New", "dealer", "9999", supervisor=who, pin=pin)
    with pytest.raises(AccessDenied, match="only a supervisor"):
        station.create_first_supervisor("S9", "Another", "9999")


def test_users_command_first_supervisor_then_authorised_changes(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    import io

    def run(*argv: str, stdin: str = "") -> int:
        monkeypatch.setattr(sys, "stdin", io.StringIO(stdin))
        return main(["--data-dir", str(tmp_path), "users", *argv, "--table", "T9",
                     "--pin-stdin"])

    assert run("add", "S1", "--name", "Sam", "--role", "supervisor", stdin="111111\n") == 0
    assert "first supervisor" in capsys.readouterr().out
    assert run("add", "D1", "--name", "Dee", "--role", "dealer", stdin="3333\n") == 2
    assert "--by" in capsys.readouterr().err
    assert run("add", "D1", "--name", "Dee", "--role", "dealer", "--by", "S1",
               stdin="3333\n111111\n") == 0
    assert run("pin", "D1", stdin="3434\n3333\n") == 0  # D1 makes the one-time PIN their own
    assert run("add", "D2", "--name", "Dan", "--role", "dealer", "--by", "D1",
               stdin="5555\n3434\n") == 2
    assert "only a supervisor" in capsys.readouterr().err
    assert run("list") == 0
    listing = capsys.readouterr().out
    assert "S1" in listing and "D1" in listing and "D2" not in listing


def test_users_pin_changes_ones_own_pin_with_the_current_one(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    """``users pin ID`` as its help says: a dealer sets their own PIN with their current PIN
    (not only a supervisor); a wrong current PIN is refused and counted; another person's PIN
    still needs a supervisor."""
    import io

    def run(*argv: str, stdin: str = "") -> int:
        monkeypatch.setattr(sys, "stdin", io.StringIO(stdin))
        return main(["--data-dir", str(tmp_path), "users", *argv, "--table", "T9",
                     "--pin-stdin"])

    assert run("add", "S1", "--name", "Sam", "--role", "supervisor", stdin="111111\n") == 0
    assert run("add", "D1", "--name", "Dee", "--role", "dealer", "--by", "S1",
               stdin="3333\n111111\n") == 0
    capsys.readouterr()
    assert run("pin", "D1", stdin="444444\n9999\n") == 2
    assert "wrong id or PIN" in capsys.readouterr().err
    assert run("pin", "D1", stdin="444444\n3333\n") == 0
    assert run("pin", "D1", "--by", "D1", stdin="5555\n444444\n") == 0
    assert run("pin", "S1", "--by", "D1", stdin="7777\n5555\n") == 2
    assert "only a supervisor" in capsys.readouterr().err
    assert run("pin", "D1", "--by", "S1", stdin="6666\n111111\n") == 0
    assert run("pin", "D1", stdin="6767\n6666\n") == 0  # the one-time PIN made D1's own
    with Store.open(tmp_path / "T9", "T9") as store:
        account = auth.authenticate(store, "D1", "6767", now=time.time())
        assert account.failures == 0
        kinds = [json.loads(line)["data"].get("event")
                 for line in (tmp_path / "T9" / "audit.jsonl").read_text().splitlines()]
    assert kinds.count("pin_changed") == 4


# -- PIN policy (issue 20, items 7-8) -----------------------------------------------------------

DOCS = Path(__file__).parents[2] / "docs"


def _audit(station: Station) -> list[dict[str, object]]:
    return [json.loads(line) for line in station.store.audit_path.read_text().splitlines()]


def test_supervisor_and_technician_pins_are_six_digits_at_least_dealers_four(
        station: Station) -> None:
    for role in ("supervisor", "technician"):
        with pytest.raises(ValueError, match=f"{role}'s PIN is 6 to 12 digits"):
            station.create_user("X1", "Xan", role, "12345", supervisor="S1", pin="111111")
    station.create_user("T2", "Tim", "technician", "444444", supervisor="S1", pin="111111")
    station.create_user("D2", "Dan", "dealer", "5555", supervisor="S1", pin="111111")
    with pytest.raises(ValueError, match="dealer's PIN is 4 to 12 digits"):
        station.create_user("D3", "Dot", "dealer", "555", supervisor="S1", pin="111111")
    with pytest.raises(ValueError, match="supervisor's PIN is 6 to 12 digits"):
        station.reset_pin("S2", "2222", supervisor="S1", pin="111111")


def test_production_pin_cost_is_the_documented_memory_hard_scrypt(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The one test of the production parameters (every other test hashes cheaply)."""
    assert (auth.PIN_COST.n, auth.PIN_COST.r, auth.PIN_COST.p) == (2**17, 8, 1)
    assert auth.PIN_COST.memory_bytes == 128 * 2**20
    monkeypatch.delenv(auth.PIN_COST_ENV, raising=False)
    assert auth.configured_cost() == auth.PIN_COST
    security = (DOCS / "accounts.md").read_text()
    assert "N=2^17, r=8, p=1" in security and "128 MiB" in security
    stored = auth.hash_pin("123456", auth.PIN_COST)
    assert stored.startswith(f"scrypt${2**17}$8$1$") and auth.check_pin("123456", stored)


def test_an_older_cheaper_hash_still_verifies_and_is_replaced_at_sign_in(
        tmp_path: Path, clock: Clock) -> None:
    with Station.open("T1", str(tmp_path), game="high_card", settings={}, clock=clock,
                      pin_cost=2**4) as old:
        old.create_first_supervisor("S1", "Sam", "111111")
        add_account(old, "D1", "Dee", "dealer", "3333", supervisor="S1", pin="111111")
    with Station.open("T1", str(tmp_path), clock=clock, pin_cost=2**6) as new:
        before = users.account(new.store, "D1")
        assert before is not None and auth.stored_cost(before.pin_hash) == PinCost(2**4)
        new.sign_in("D1", "3333")
        after = users.account(new.store, "D1")
        assert after is not None and auth.stored_cost(after.pin_hash) == PinCost(2**6)
        assert auth.check_pin("3333", after.pin_hash)
        record = [r for r in _audit(new) if r["kind"] == "sign_in"][-1]
        assert isinstance(record["data"], dict) and record["data"]["rehashed"] is True


def test_a_wrong_pin_says_the_attempts_left_and_an_unknown_id_gets_the_same_words(
        station: Station) -> None:
    with pytest.raises(AuthenticationError) as wrong:
        station.sign_in("D1", "0000")
    with pytest.raises(AuthenticationError) as unknown:
        station.sign_in("NOBODY", "0000")
    assert wrong.value.reason == unknown.value.reason
    assert wrong.value.reason == "wrong id or PIN: 4 attempts left before a 5 min lock"
    assert wrong.value.attempts_left == unknown.value.attempts_left == 4
    station.set_user_active("D1", False, supervisor="S1", pin="111111")
    with pytest.raises(AuthenticationError) as disabled:
        station.sign_in("D1", "3333")
    assert disabled.value.reason == wrong.value.reason  # as unknown: counted afresh


def _fail(station: Station, user: str, times: int) -> AuthenticationError:
    error: AuthenticationError | None = None
    for _ in range(times):
        with pytest.raises(AuthenticationError) as raised:
            station.sign_in(user, "000000")
        error = raised.value
    assert error is not None
    return error


def test_lockout_escalates_and_shows_the_time_left(station: Station, clock: Clock) -> None:
    first = _fail(station, "D1", 5)
    assert first.reason.startswith("wrong id or PIN: locked for 5 min after 5 wrong PINs")
    clock.now += 61
    with pytest.raises(AuthenticationError, match="try again in 3 min 59 s") as locked:
        station.sign_in("D1", "3333")  # the right PIN, still locked
    assert locked.value.locked_seconds == pytest.approx(239)
    clock.now += 240
    second = _fail(station, "D1", 5)
    assert "locked for 10 min" in second.reason  # doubled
    clock.now += 601
    third = _fail(station, "D1", 5)
    assert "locked for 20 min" in third.reason
    clock.now += 1201
    station.sign_in("D1", "3333")  # success ends the escalation
    account = users.account(station.store, "D1")
    assert account is not None and account.lockouts == 0 and account.failures == 0
    assert "locked for 5 min" in _fail(station, "D1", 5).reason


def test_unknown_ids_lock_like_accounts(station: Station) -> None:
    real, phantom = _fail(station, "D1", 5), _fail(station, "GHOST", 5)
    assert real.reason == phantom.reason and phantom.locked_seconds == 300


def test_another_supervisor_unlocks_a_locked_out_supervisor(station: Station) -> None:
    _fail(station, "S1", 5)
    with pytest.raises(AuthenticationError, match="locked"):
        station.create_user("D9", "Nine", "dealer", "9999", supervisor="S1", pin="111111")
    station.unlock_user("S1", supervisor="S2", pin="222222")
    station.create_user("D9", "Nine", "dealer", "9999", supervisor="S1", pin="111111")
    with pytest.raises(AccessDenied, match="only a supervisor"):
        station.unlock_user("S1", supervisor="D1", pin="3333")
    unlocked = [r for r in _audit(station) if r["kind"] == "user"
                and isinstance(r["data"], dict) and r["data"]["event"] == "unlocked"]
    assert unlocked and unlocked[-1]["actor"] == "S2"


def test_a_sole_supervisors_lockout_expires(tmp_path: Path, clock: Clock) -> None:
    with Station.open("T1", str(tmp_path), game="high_card", settings={}, clock=clock,
                      pin_cost=2**4) as alone:
        alone.create_first_supervisor("S1", "Sam", "111111")
        _fail(alone, "S1", 5)
        with pytest.raises(AuthenticationError, match="try again in 5 min"):
            alone.authenticate("S1", "111111", "manage_users")
        clock.now += 301
        assert alone.authenticate("S1", "111111", "manage_users").id == "S1"


def test_every_account_change_is_audited_with_the_row_it_leaves(
        station: Station, clock: Clock) -> None:
    """Rebuild the accounts from the audit log (the last ``account`` of each id) and compare
    with the table, after creations, failures, a lock, an unlock, a PIN reset, a disable."""
    _fail(station, "D1", 5)
    station.unlock_user("D1", supervisor="S2", pin="222222")
    station.reset_pin("D1", "7777", supervisor="S1", pin="111111")
    station.set_user_active("S2", False, supervisor="S1", pin="111111")
    station.change_own_pin("D1", "7777", "7878")  # a one-time PIN: its owner's own first
    station.sign_in("D1", "7878")
    rebuilt: dict[str, object] = {}
    for record in _audit(station):
        data = record["data"]
        if isinstance(data, dict) and "account" in data:
            rebuilt[str(data["user"])] = data["account"]
    table = {a.id: users.audit_state(a) for a in users.accounts(station.store)}
    assert rebuilt == table and set(table) == {"S1", "S2", "D1", "T1"}


# -- sessions: who was signed in when -----------------------------------------------------------

def test_sessions_during_a_round_name_every_dealer_on_duty_in_it(station: Station) -> None:
    from dealer_station.store import journal, sessions

    station.sign_in("D1", "3333")
    station.start_round()
    round_id = station.round_id
    assert round_id is not None
    station.sign_in("S2", "222222")  # takes over the table: D1's session ends, replaced
    station.sign_out()
    started = journal.round_summary(station.store, round_id).started
    during = station.sessions_during(started, None, screen="dealer")
    assert [(s.user, s.end_reason) for s in during] == [("D1", "replaced by S2"),
                                                        ("S2", "signed out")]
    station.sign_in_staff("T1", "444444", "technician")
    assert [s.user for s in sessions.open_sessions(station.store)] == ["T1"]
    assert station.sessions_during(started, None, screen="dealer") == during
    assert sessions.sessions_during(station.store, "9999-01-01T00:00:00Z") == [
        sessions.open_sessions(station.store)[0]]  # still open: lasts until now


def test_sessions_left_open_by_a_stop_end_at_the_next_start(tmp_path: Path, clock: Clock) -> None:
    from dealer_station.store import sessions

    first = Station.open("T1", str(tmp_path), game="high_card", settings={}, clock=clock,
                         pin_cost=2**4)
    first.create_first_supervisor("S1", "Sam", "111111")
    first.sign_in("S1", "111111")
    first.store.close()  # the window killed: no sign-out
    again = Station.open("T1", str(tmp_path), clock=clock, pin_cost=2**4)
    try:
        assert again.dealer is None and sessions.open_sessions(again.store) == []
        ended = again.sessions_during("0000", None, screen="dealer")
        assert [(s.user, s.end_reason) for s in ended] == [("S1", "station restarted")]
    finally:
        again.close()
