"""Roles, PINs and who may do what.

Three roles: the **dealer** runs rounds; the **supervisor** also validates progressive payouts,
changes the table's configuration, voids rounds and manages accounts; the **technician** runs
the diagnostics that move hardware. Each person has a personal id and a PIN: a supervisor's or a
technician's is 6 to 12 digits, a dealer's 4 to 12 (:func:`pin_problem`; the reading is in
``docs/rules-interpretation.md``). A PIN is stored only as a salted scrypt hash whose cost
(:class:`PinCost`) is written into the hash, so an older, cheaper hash still verifies and is
replaced by one at the current cost at the next successful sign-in.

Lockout (:class:`LockPolicy`): after ``max_failures`` wrong PINs in a row the account is locked
for ``lock_seconds``; each further lock before a successful sign-in doubles it (up to
``max_lock_seconds``). A supervisor unlocks another person's account. The message of a refused
sign-in never says whether the id exists: an unknown or disabled id gets the same words, the
same count of attempts left and the same lock as a wrong PIN (and costs the same time). Every
sign-in, failure, lock and account change is audited with the account's resulting state
(:func:`dealer_station.store.users.audit_change`).

The protected-action rules (:func:`authorize`):

* only a supervisor validates a progressive payout, and never on a round they dealt
  (5324.41(k)(3)(iii));
* only a supervisor changes the configuration, never while they are the dealer on duty at the
  table, and never during a round (the round keeps the configuration it started with);
* only a supervisor voids a round or decides on a halted one, never a round they dealt;
* only a supervisor manages accounts;
* only a technician runs diagnostics that move hardware, and never during a round.

>>> stored = hash_pin("1234", PinCost(n=2**8))
>>> check_pin("1234", stored), check_pin("4321", stored)
(True, False)
>>> authorize(Role.DEALER, Permission.VALIDATE_PAYOUT)
Traceback (most recent call last):
dealer_station.auth.AccessDenied: only a supervisor may validate a progressive payout [...]
"""

from __future__ import annotations

import enum
import hashlib
import hmac
import os
import re
import secrets
import threading
import unicodedata
from collections.abc import Callable
from dataclasses import dataclass

from dealer_station.procedure import ProcedureError
from dealer_station.store import users
from dealer_station.store.database import Store
from dealer_station.store.users import Account

__all__ = [
    "MAX_NAME",
    "PIN_COST",
    "PIN_COST_ENV",
    "AccessDenied",
    "AuthenticationError",
    "LockPolicy",
    "Permission",
    "PinChangeRequired",
    "PinCost",
    "Role",
    "authenticate",
    "authorize",
    "change_pin",
    "check_new_pin",
    "check_pin",
    "configured_cost",
    "create_user",
    "format_seconds",
    "hash_pin",
    "locked_words",
    "needs_first_supervisor",
    "one_line_name",
    "pin_problem",
    "pin_rule",
    "set_active",
    "unlock",
]

PAYOUT_CLAUSE = "5324.41(k)(3)(iii)"
_PIN = re.compile(r"[0-9]{4,12}")
_USER_ID = re.compile(r"[A-Za-z0-9_.-]{1,32}")


class Role(enum.StrEnum):
    DEALER = "dealer"
    SUPERVISOR = "supervisor"
    TECHNICIAN = "technician"


#: The shortest PIN of each role (the longest is 12 digits for everyone).
MIN_PIN_DIGITS: dict[Role, int] = {Role.DEALER: 4, Role.SUPERVISOR: 6, Role.TECHNICIAN: 6}


class Permission(enum.StrEnum):
    """The protected actions."""

    DEAL = "deal"
    VALIDATE_PAYOUT = "validate_payout"
    CHANGE_CONFIGURATION = "change_configuration"
    VOID_ROUND = "void_round"
    SUPERVISE_ROUND = "supervise_round"
    MANAGE_USERS = "manage_users"
    RUN_DIAGNOSTICS = "run_diagnostics"


class AccessDenied(ProcedureError):
    """The person may not take this action (wrong role, their own round, a round in progress)."""


class AuthenticationError(ProcedureError):
    """Unknown id, wrong PIN, locked or disabled account. ``attempts_left``: wrong PINs left
    before a lock (``None`` when locked); ``locked_seconds``: how long the lock still lasts
    (0 when not locked)."""

    def __init__(self, reason: str, *, attempts_left: int | None = None,
                 locked_seconds: float = 0.0) -> None:
        super().__init__(reason)
        self.attempts_left = attempts_left
        self.locked_seconds = locked_seconds


class PinChangeRequired(AuthenticationError):
    """The PIN is right but was set by someone else (an account created or a PIN reset by a
    supervisor): a one-time PIN, which its owner changes before anything else."""


def format_seconds(seconds: float) -> str:
    """A lock's remaining time in words (rounded up).

    >>> [format_seconds(s) for s in (300, 299, 42.2, 3725, 7200)]
    ['5 min', '4 min 59 s', '43 s', '1 h 3 min', '2 h']
    """
    whole = max(1, int(-(-seconds // 1)))
    if whole < 60:
        return f"{whole} s"
    if whole < 3600:
        minutes, rest = divmod(whole, 60)
        return f"{minutes} min {rest} s" if rest else f"{minutes} min"
    hours, minutes = divmod(-(-whole // 60), 60)
    return f"{hours} h {minutes} min" if minutes else f"{hours} h"


@dataclass(frozen=True, slots=True)
class LockPolicy:
    """Escalating lock after repeated failures: ``max_failures`` wrong PINs in a row lock the
    account for ``lock_seconds``; every further lock before a successful sign-in (or an unlock)
    lasts ``factor`` times the one before, up to ``max_lock_seconds``.

    >>> policy = LockPolicy()
    >>> [policy.lock_for(n) for n in (1, 2, 3, 8, 9)]
    [300.0, 600.0, 1200.0, 28800.0, 28800.0]
    """

    max_failures: int = 5
    lock_seconds: float = 300.0
    factor: float = 2.0
    max_lock_seconds: float = 8 * 3600.0

    def lock_for(self, lockouts: int) -> float:
        """How long the ``lockouts``-th lock in a row lasts (1: the first)."""
        return float(min(self.lock_seconds * self.factor ** max(0, lockouts - 1),
                         self.max_lock_seconds))


# -- PINs -------------------------------------------------------------------------------------

#: Environment variable overriding the cost of new PIN hashes (``N,r,p``): for the tests, and
#: for a machine too slow for the default; older hashes keep verifying whatever it says.
PIN_COST_ENV = "DEALER_STATION_PIN_COST"


@dataclass(frozen=True, slots=True)
class PinCost:
    """scrypt's parameters for new PIN hashes: ``n`` (CPU/memory cost, a power of two), ``r``
    (block size), ``p`` (parallelism). Memory per guess is 128·n·r bytes. The default,
    N=2^17, r=8, p=1, takes 128 MiB and 0.3-0.4 s per guess on the table PC (measured by
    ``tests/benchmarks/bench_pin_cost.py``; the figures are in ``docs/security.md``).

    >>> PinCost().memory_bytes // 2**20
    128
    >>> PinCost.parse("256,8,1")
    PinCost(n=256, r=8, p=1)
    """

    n: int = 2**17
    r: int = 8
    p: int = 1

    @property
    def memory_bytes(self) -> int:
        return 128 * self.n * self.r * self.p

    @property
    def work(self) -> int:
        return self.n * self.r * self.p

    @classmethod
    def of(cls, value: PinCost | int | None) -> PinCost:
        """``value`` as a cost (an int is ``n`` with the default ``r`` and ``p``; ``None`` the
        configured cost)."""
        if value is None:
            return configured_cost()
        if isinstance(value, PinCost):
            return value
        return cls(n=int(value))

    @classmethod
    def parse(cls, text: str) -> PinCost:
        try:
            n, r, p = (int(part) for part in text.split(","))
        except ValueError:
            raise ValueError(f"{PIN_COST_ENV} is N,r,p (three integers), not {text!r}") from None
        if n < 2 or n & (n - 1) or r < 1 or p < 1:
            raise ValueError(f"{PIN_COST_ENV}: N must be a power of two > 1, r and p >= 1")
        return cls(n, r, p)


#: The documented production cost.
PIN_COST = PinCost()


def configured_cost() -> PinCost:
    """The cost of new PIN hashes: :data:`PIN_COST` unless :data:`PIN_COST_ENV` says
    otherwise."""
    text = os.environ.get(PIN_COST_ENV)
    return PinCost.parse(text) if text else PIN_COST


def pin_problem(pin: str, role: Role | str | None = None) -> str | None:
    """What is wrong with ``pin`` as a new PIN for ``role``, or ``None``.

    >>> pin_problem("1234", "dealer"), pin_problem("1234", "supervisor")
    (None, "a supervisor's PIN is 6 to 12 digits")
    >>> pin_problem("12a4")
    'a PIN is 4 to 12 digits'
    """
    if role is None:
        return None if _PIN.fullmatch(pin) else f"a PIN is {pin_rule()}"
    role = Role(role)
    shortest = MIN_PIN_DIGITS[role]
    if not re.fullmatch(rf"[0-9]{{{shortest},12}}", pin):
        article = "an" if role.value[0] in "aeiou" else "a"
        return f"{article} {role.value}'s PIN is {pin_rule(role)}"
    return None


def pin_rule(role: Role | str | None = None) -> str:
    """How many digits a PIN of ``role`` has, in words (a PIN box's hint says it).

    >>> pin_rule("dealer"), pin_rule("supervisor"), pin_rule()
    ('4 to 12 digits', '6 to 12 digits', '4 to 12 digits')
    """
    shortest = MIN_PIN_DIGITS[Role(role)] if role is not None else min(MIN_PIN_DIGITS.values())
    return f"{shortest} to 12 digits"


def check_new_pin(pin: str, role: Role | str | None = None) -> None:
    """Raise ``ValueError`` unless ``pin`` is a PIN ``role`` may be given (before anything
    that cannot be taken back is done with it)."""
    _check_pin_format(pin, role)


def _check_pin_format(pin: str, role: Role | str | None = None) -> None:
    problem = pin_problem(pin, role)
    if problem is not None:
        raise ValueError(problem)


def hash_pin(pin: str, cost: PinCost | int | None = None, *, salt: bytes | None = None) -> str:
    """The salted scrypt hash of ``pin`` as ``scrypt$n$r$p$salt$hash`` (hex)."""
    _check_pin_format(pin)
    chosen = PinCost.of(cost)
    salt = salt or secrets.token_bytes(16)
    digest = _scrypt(pin, salt, chosen)
    return f"scrypt${chosen.n}${chosen.r}${chosen.p}${salt.hex()}${digest.hex()}"


def _scrypt(pin: str, salt: bytes, cost: PinCost) -> bytes:
    return hashlib.scrypt(pin.encode(), salt=salt, n=cost.n, r=cost.r, p=cost.p, dklen=32,
                          maxmem=2 * cost.memory_bytes + 2**20)


def stored_cost(stored: str) -> PinCost | None:
    """The cost a stored hash was made with (``None``: not a hash this module reads)."""
    parts = stored.split("$")
    if len(parts) != 6 or parts[0] != "scrypt":
        return None
    try:
        return PinCost(int(parts[1]), int(parts[2]), int(parts[3]))
    except ValueError:
        return None


def check_pin(pin: str, stored: str) -> bool:
    """Whether ``pin`` matches the stored hash (constant-time comparison), whatever cost the
    hash was made with."""
    cost = stored_cost(stored)
    if cost is None:
        return False
    salt, digest = stored.split("$")[4:]
    try:
        candidate = _scrypt(pin, bytes.fromhex(salt), cost)
    except ValueError:
        return False
    return hmac.compare_digest(candidate.hex(), digest)


# -- rules ------------------------------------------------------------------------------------

_ROLES: dict[Permission, tuple[Role, ...]] = {
    Permission.DEAL: (Role.DEALER, Role.SUPERVISOR),
    Permission.VALIDATE_PAYOUT: (Role.SUPERVISOR,),
    Permission.CHANGE_CONFIGURATION: (Role.SUPERVISOR,),
    Permission.VOID_ROUND: (Role.SUPERVISOR,),
    Permission.SUPERVISE_ROUND: (Role.SUPERVISOR,),
    Permission.MANAGE_USERS: (Role.SUPERVISOR,),
    Permission.RUN_DIAGNOSTICS: (Role.TECHNICIAN,),
}

_WORDS: dict[Permission, str] = {
    Permission.DEAL: "deal a round",
    Permission.VALIDATE_PAYOUT: "validate a progressive payout",
    Permission.CHANGE_CONFIGURATION: "change the configuration",
    Permission.VOID_ROUND: "void a round",
    Permission.SUPERVISE_ROUND: "decide on a halted round",
    Permission.MANAGE_USERS: "manage accounts",
    Permission.RUN_DIAGNOSTICS: "run diagnostics that move hardware",
}


def authorize(role: Role | str, permission: Permission, *, dealt_it: bool = False,
              round_in_progress: bool = False, on_duty_as_dealer: bool = False) -> None:
    """Raise :class:`AccessDenied` unless ``role`` may take ``permission`` now.

    ``dealt_it``: the person dealt the round concerned; ``round_in_progress``: a round is open at
    the table; ``on_duty_as_dealer``: the person is the dealer signed in at the table.

    >>> authorize("supervisor", Permission.VALIDATE_PAYOUT, dealt_it=True)
    Traceback (most recent call last):
    dealer_station.auth.AccessDenied: a supervisor may not validate a payout on a round they ...]
    >>> authorize("technician", Permission.RUN_DIAGNOSTICS, round_in_progress=True)
    Traceback (most recent call last):
    dealer_station.auth.AccessDenied: diagnostics that move hardware never run during a round
    """
    role = Role(role)
    clause = PAYOUT_CLAUSE if permission is Permission.VALIDATE_PAYOUT else None
    allowed_roles = _ROLES[permission]
    if role not in allowed_roles:
        names = " or ".join(r.value for r in allowed_roles)
        raise AccessDenied(f"only a {names} may {_WORDS[permission]}", clause)
    if permission is Permission.VALIDATE_PAYOUT and dealt_it:
        raise AccessDenied("a supervisor may not validate a payout on a round they dealt", clause)
    if permission in (Permission.VOID_ROUND, Permission.SUPERVISE_ROUND) and dealt_it:
        raise AccessDenied(f"a supervisor may not {_WORDS[permission]} they dealt"
                           .replace("a halted round they", "a round they"))
    if permission is Permission.CHANGE_CONFIGURATION:
        if on_duty_as_dealer:
            raise AccessDenied("a supervisor may not change the configuration of the table "
                               "they are dealing")
        if round_in_progress:
            raise AccessDenied("the configuration cannot change during a round")
    if permission is Permission.RUN_DIAGNOSTICS and round_in_progress:
        raise AccessDenied("diagnostics that move hardware never run during a round")


# -- accounts ---------------------------------------------------------------------------------


def needs_first_supervisor(store: Store) -> bool:
    """True until the first supervisor account exists (the first start)."""
    return not store.query("SELECT 1 FROM users WHERE role = 'supervisor' AND active = 1")


#: The longest name of a person the station keeps (screens, slips and records show it).
MAX_NAME = 80


def one_line_name(name: str) -> str:
    """A person's name as kept: one line of printable text, trimmed (a name holding a line
    break or another control character would forge lines in every listing, slip and log).

    >>> one_line_name("  Dee Dealer ")
    'Dee Dealer'
    >>> one_line_name("a\\nb")
    Traceback (most recent call last):
    ...
    ValueError: a name is one line of text: no line break or other control character
    """
    if any(unicodedata.category(char) in ("Cc", "Cf", "Zl", "Zp") for char in name):
        raise ValueError("a name is one line of text: no line break or other control character")
    name = name.strip()
    if not name:
        raise ValueError("a user needs a name")
    if len(name) > MAX_NAME:
        raise ValueError(f"a name is at most {MAX_NAME} characters")
    return name


def create_user(store: Store, user_id: str, name: str, role: Role | str, pin: str, *,
                by: Account | None, cost: PinCost | int | None = None) -> Account:
    """Create an account. ``by`` is the supervisor creating it; ``None`` only for the first
    supervisor at the first start."""
    role = Role(role)
    if not _USER_ID.fullmatch(user_id):
        raise ValueError("a user id is 1-32 letters, digits, '.', '-' or '_'")
    name = one_line_name(name)
    if by is None:
        if not needs_first_supervisor(store):
            raise AccessDenied("only a supervisor may manage accounts")
        if role is not Role.SUPERVISOR:
            raise AccessDenied("the first account must be a supervisor")
    else:
        authorize(by.role, Permission.MANAGE_USERS)
    _check_pin_format(pin, role)
    if users.account(store, user_id) is not None:
        raise ValueError(f"user {user_id!r} already exists")
    stored = hash_pin(pin, cost)
    with store.transaction() as work:
        users.insert(work, user_id, name, role.value, stored,
                     pin_set_by=by.id if by else None)
        users.audit_change(work, "user", user_id, actor=by.id if by else user_id,
                           event="created", first_supervisor=by is None)
    created = users.account(store, user_id)
    assert created is not None
    return created


# Unknown and disabled ids are counted and locked like accounts (in memory), so that the answer
# never tells whether an id exists.
_PHANTOMS: dict[tuple[str, str], tuple[int, float, int]] = {}
_PHANTOM_LOCK = threading.Lock()
_MAX_PHANTOMS = 10_000
_DUMMY_HASHES: dict[PinCost, str] = {}


def _dummy_hash(cost: PinCost) -> str:
    with _PHANTOM_LOCK:
        if cost not in _DUMMY_HASHES:
            _DUMMY_HASHES[cost] = hash_pin("000000", cost)
        return _DUMMY_HASHES[cost]


def locked_words(seconds: float) -> str:
    """What a locked sign-in is told, with the time left (a screen counting down says it
    again each second).

    >>> locked_words(299)
    'locked after too many wrong PINs: try again in 4 min 59 s, or ask a supervisor to unlock it'
    """
    return (f"locked after too many wrong PINs: try again in {format_seconds(seconds)}, or ask "
            "a supervisor to unlock it")


def _locked_error(seconds: float) -> AuthenticationError:
    return AuthenticationError(locked_words(seconds), locked_seconds=seconds)


def _wrong_error(failures: int, lockouts: int, policy: LockPolicy, now_locked: float
                 ) -> AuthenticationError:
    if now_locked:
        return AuthenticationError(
            f"wrong id or PIN: locked for {format_seconds(now_locked)} after "
            f"{policy.max_failures} wrong PINs in a row (a supervisor can unlock it sooner)",
            locked_seconds=now_locked)
    left = policy.max_failures - failures
    return AuthenticationError(
        f"wrong id or PIN: {left} attempt{'s' if left != 1 else ''} left before a "
        f"{format_seconds(policy.lock_for(lockouts + 1))} lock", attempts_left=left)


def _count_failure(failures: int, lockouts: int, now: float, policy: LockPolicy
                   ) -> tuple[int, float, int, float]:
    """(failures, locked_until, lockouts, lock seconds) after one more wrong PIN."""
    failures += 1
    if failures < policy.max_failures:
        return failures, 0.0, lockouts, 0.0
    lockouts += 1
    seconds = policy.lock_for(lockouts)
    return 0, now + seconds, lockouts, seconds


def authenticate(store: Store, user_id: str, pin: str, *, now: float,
                 policy: LockPolicy = LockPolicy(), purpose: str = "sign_in",
                 cost: PinCost | int | None = None) -> Account:
    """Check ``user_id`` and ``pin``; audit the attempt; lock after repeated failures; replace
    a hash made at a lower cost than ``cost`` (the configured cost) with one at that cost.

    Raises :class:`AuthenticationError`: the reason, the attempts left and the lock's time are
    the same for an unknown or disabled id as for a wrong PIN."""
    chosen = PinCost.of(cost)
    found = users.account(store, user_id)
    if found is None or not found.active:
        _refuse_unknown(store, user_id, pin, now=now, policy=policy, purpose=purpose,
                        cost=chosen)
    assert found is not None
    if found.locked_until > now:
        store.audit("sign_in_failed", {"user": user_id, "purpose": purpose,
                                       "reason": "account locked"}, actor=user_id)
        raise _locked_error(found.locked_until - now)
    if not check_pin(pin, found.pin_hash):
        failures, until, lockouts, seconds = _count_failure(found.failures, found.lockouts, now,
                                                            policy)
        with store.transaction() as work:
            users.update(work, user_id, failures=failures, locked_until=until,
                         lockouts=lockouts)
            users.audit_change(work, "sign_in_failed", user_id, actor=user_id,
                               purpose=purpose, reason="wrong PIN",
                               failures=failures or policy.max_failures,
                               locked=bool(seconds), locked_seconds=seconds)
        raise _wrong_error(failures, lockouts, policy, seconds)
    if found.pin_set_by and purpose != "change_pin":
        store.audit("sign_in_failed", {"user": user_id, "purpose": purpose,
                                       "reason": "one-time PIN not changed yet",
                                       "pin_set_by": found.pin_set_by}, actor=user_id)
        raise PinChangeRequired(
            f"{user_id}'s PIN was set by {found.pin_set_by}: it is a one-time PIN. Choose a new "
            "PIN of your own before anything else (at the sign-in, or `dealer-station users "
            f"pin {user_id}`)")
    fields: dict[str, object] = {}
    if found.failures or found.locked_until or found.lockouts:
        fields.update(failures=0, locked_until=0, lockouts=0)
    old = stored_cost(found.pin_hash)
    if old is None or old.work < chosen.work:
        fields["pin_hash"] = hash_pin(pin, chosen)
    with store.transaction() as work:
        if fields:
            users.update(work, user_id, **fields)
        users.audit_change(work, "sign_in", user_id, actor=user_id, role=found.role,
                           purpose=purpose, rehashed="pin_hash" in fields)
    result = users.account(store, user_id)
    assert result is not None
    return result


def _refuse_unknown(store: Store, user_id: str, pin: str, *, now: float, policy: LockPolicy,
                    purpose: str, cost: PinCost) -> None:
    """An unknown or disabled id: audited, counted and locked like an account, after the same
    work as checking a PIN; always raises."""
    key = (str(store.directory), user_id)
    with _PHANTOM_LOCK:
        failures, until, lockouts = _PHANTOMS.get(key, (0, 0.0, 0))
    if until > now:
        store.audit("sign_in_failed", {"user": user_id, "purpose": purpose,
                                       "reason": "unknown or disabled account, locked"},
                    actor=user_id)
        raise _locked_error(until - now)
    check_pin(pin, _dummy_hash(cost))
    failures, until, lockouts, seconds = _count_failure(failures, lockouts, now, policy)
    with _PHANTOM_LOCK:
        _PHANTOMS.pop(key, None)
        _PHANTOMS[key] = (failures, until, lockouts)
        while len(_PHANTOMS) > _MAX_PHANTOMS:  # the longest untried ids go first
            del _PHANTOMS[next(iter(_PHANTOMS))]
    store.audit("sign_in_failed", {"user": user_id, "purpose": purpose,
                                   "reason": "unknown or disabled account",
                                   "locked": bool(seconds)}, actor=user_id)
    raise _wrong_error(failures, lockouts, policy, seconds)


def _manage(store: Store, by: Account, user_id: str, event: str,
            change: Callable[[Account], dict[str, object]]) -> Account:
    authorize(by.role, Permission.MANAGE_USERS)
    target = users.account(store, user_id)
    if target is None:
        raise ValueError(f"no user {user_id!r}")
    fields = change(target)
    with store.transaction() as work:
        users.update(work, user_id, **fields)
        users.audit_change(work, "user", user_id, actor=by.id, event=event)
    result = users.account(store, user_id)
    assert result is not None
    return result


def change_pin(store: Store, by: Account, user_id: str, pin: str, *,
               cost: PinCost | int | None = None) -> Account:
    """Set a new PIN (a supervisor for anyone, or a person for themself); it also lifts a
    lock."""
    def change(target: Account) -> dict[str, object]:
        _check_pin_format(pin, target.role)
        return {"pin_hash": hash_pin(pin, cost), "failures": 0, "locked_until": 0,
                "lockouts": 0, "pin_set_by": None if by.id == user_id else by.id}

    if by.id == user_id:
        if by.pin_set_by and check_pin(pin, by.pin_hash):
            raise ValueError(f"choose a PIN of your own: not the one {by.pin_set_by} set")
        fields = change(by)
        with store.transaction() as work:
            users.update(work, user_id, **fields)
            users.audit_change(work, "user", user_id, actor=by.id, event="pin_changed")
        result = users.account(store, user_id)
        assert result is not None
        return result
    return _manage(store, by, user_id, "pin_changed", change)


def unlock(store: Store, by: Account, user_id: str) -> Account:
    """A supervisor lifts another person's lock (and the escalation with it)."""
    if by.id == user_id:
        raise AccessDenied("another supervisor unlocks a supervisor's account")
    return _manage(store, by, user_id, "unlocked",
                   lambda _target: {"failures": 0, "locked_until": 0, "lockouts": 0})


def set_active(store: Store, by: Account, user_id: str, active: bool) -> Account:
    if by.id == user_id and not active:
        raise AccessDenied("a supervisor may not disable their own account")
    return _manage(store, by, user_id, "enabled" if active else "disabled",
                   lambda _target: {"active": int(active)})
