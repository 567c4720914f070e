"""PINs (issue 20, items 7-8): length by role, the memory-hard hash and its documented cost,
old hashes verified and replaced, attempts left, escalating lockout with the time left, unlock
by another supervisor; every account change audited with the row it leaves."""

from __future__ import annotations

import json
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parents[1] / "store"))

import fakegame

from dealer_station import auth
from dealer_station.auth import AccessDenied, AuthenticationError, PinCost
from dealer_station.station import Station, register_game
from dealer_station.store import users

register_game("high_card", fakegame.new_round)
DOCS = Path(__file__).parents[2] / "docs"


class Clock:
    now = 10_000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
def station(tmp_path: Path, clock: Clock) -> Iterator[Station]:
    opened = Station.open("T1", str(tmp_path), game="high_card", settings={"minimum": 500},
                          clock=clock, pin_cost=2**6)
    opened.create_first_supervisor("S1", "Sam", "111111")
    opened.create_user("S2", "Sue", "supervisor", "222222", supervisor="S1", pin="111111")
    opened.create_user("D1", "Dee", "dealer", "3333", supervisor="S1", pin="111111")
    yield opened
    opened.close()


def _audit(station: Station) -> list[dict[str, object]]:
    return [json.loads(line) for line in station.store.audit_path.read_text().splitlines()]


def test_supervisor_and_technician_pins_are_six_digits_at_least_dealers_four(
        station: Station) -> None:
    for role in ("supervisor", "technician"):
        with pytest.raises(ValueError, match=f"{role}'s PIN is 6 to 12 digits"):
            station.create_user("X1", "Xan", role, "12345", supervisor="S1", pin="111111")
    station.create_user("T1", "Tom", "technician", "444444", supervisor="S1", pin="111111")
    station.create_user("D2", "Dan", "dealer", "5555", supervisor="S1", pin="111111")
    with pytest.raises(ValueError, match="dealer's PIN is 4 to 12 digits"):
        station.create_user("D3", "Dot", "dealer", "555", supervisor="S1", pin="111111")
    with pytest.raises(ValueError, match="supervisor's PIN is 6 to 12 digits"):
        station.reset_pin("S2", "2222", supervisor="S1", pin="111111")


def test_production_pin_cost_is_the_documented_memory_hard_scrypt(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The one test of the production parameters (every other test hashes cheaply)."""
    assert auth.PIN_COST == PinCost(n=2**17, r=8, p=1)
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
        old.create_user("D1", "Dee", "dealer", "3333", supervisor="S1", pin="111111")
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
    station.sign_in("D1", "7777")
    rebuilt: dict[str, object] = {}
    for record in _audit(station):
        data = record["data"]
        if isinstance(data, dict) and "account" in data:
            rebuilt[str(data["user"])] = data["account"]
    table = {a.id: users.audit_state(a) for a in users.accounts(station.store)}
    assert rebuilt == table and set(table) == {"S1", "S2", "D1"}
