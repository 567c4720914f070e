"""Roles, PINs and who may do what.

Three roles: the **dealer** runs rounds; the **supervisor** also validates progressive payouts,
changes the table's configuration, voids rounds and manages accounts; the **technician** runs
the diagnostics that move hardware. Each person has a personal id and a PIN (4 to 12 digits),
stored only as a salted scrypt hash. After :attr:`LockPolicy.max_failures` wrong PINs in a row an
account is locked for :attr:`LockPolicy.lock_seconds`; every sign-in and failed sign-in is
audited.

The protected-action rules (:func:`authorize`):

* only a supervisor validates a progressive payout, and never on a round they dealt
  (5324.41(k)(3)(iii));
* only a supervisor changes the configuration, never while they are the dealer on duty at the
  table, and never during a round (the round keeps the configuration it started with);
* only a supervisor voids a round or decides on a halted one, never a round they dealt;
* only a supervisor manages accounts;
* only a technician runs diagnostics that move hardware, and never during a round.

>>> stored = hash_pin("1234", n=2**10)
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
import re
import secrets
from collections.abc import Callable
from dataclasses import dataclass

from dealer_station.procedure import ProcedureError
from dealer_station.store import users
from dealer_station.store.database import Store
from dealer_station.store.users import Account

__all__ = [
    "AccessDenied",
    "AuthenticationError",
    "LockPolicy",
    "Permission",
    "Role",
    "authenticate",
    "authorize",
    "change_pin",
    "check_pin",
    "create_user",
    "hash_pin",
    "needs_first_supervisor",
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
    """Unknown id, wrong PIN, locked or disabled account."""


@dataclass(frozen=True, slots=True)
class LockPolicy:
    """Temporary lock after repeated failures."""

    max_failures: int = 5
    lock_seconds: float = 300.0


# -- PINs -------------------------------------------------------------------------------------


def _check_pin_format(pin: str) -> None:
    if not _PIN.fullmatch(pin):
        raise ValueError("a PIN is 4 to 12 digits")


def hash_pin(pin: str, *, n: int = 2**14, r: int = 8, p: int = 1,
             salt: bytes | None = None) -> str:
    """The salted scrypt hash of ``pin`` as ``scrypt$n$r$p$salt$hash`` (hex)."""
    _check_pin_format(pin)
    salt = salt or secrets.token_bytes(16)
    digest = hashlib.scrypt(pin.encode(), salt=salt, n=n, r=r, p=p, dklen=32)
    return f"scrypt${n}${r}${p}${salt.hex()}${digest.hex()}"


def check_pin(pin: str, stored: str) -> bool:
    """Whether ``pin`` matches the stored hash (constant-time comparison)."""
    try:
        scheme, n, r, p, salt, digest = stored.split("$")
    except ValueError:
        return False
    if scheme != "scrypt":
        return False
    candidate = hashlib.scrypt(pin.encode(), salt=bytes.fromhex(salt), n=int(n), r=int(r),
                               p=int(p), dklen=32)
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


def create_user(store: Store, user_id: str, name: str, role: Role | str, pin: str, *,
                by: Account | None, n: int = 2**14) -> Account:
    """Create an account. ``by`` is the supervisor creating it; ``None`` only for the first
    supervisor at the first start."""
    role = Role(role)
    if not _USER_ID.fullmatch(user_id):
        raise ValueError("a user id is 1-32 letters, digits, '.', '-' or '_'")
    if not name.strip():
        raise ValueError("a user needs a name")
    if by is None:
        if not needs_first_supervisor(store):
            raise AccessDenied("only a supervisor may manage accounts")
        if role is not Role.SUPERVISOR:
            raise AccessDenied("the first account must be a supervisor")
    else:
        authorize(by.role, Permission.MANAGE_USERS)
    if users.account(store, user_id) is not None:
        raise ValueError(f"user {user_id!r} already exists")
    stored = hash_pin(pin, n=n)
    with store.transaction() as work:
        users.insert(work, user_id, name, role.value, stored)
        work.audit("user", {"event": "created", "user": user_id, "name": name,
                            "role": role.value, "first_supervisor": by is None},
                   actor=by.id if by else user_id)
    created = users.account(store, user_id)
    assert created is not None
    return created


def authenticate(store: Store, user_id: str, pin: str, *, now: float,
                 policy: LockPolicy = LockPolicy(), purpose: str = "sign_in") -> Account:
    """Check ``user_id`` and ``pin``; audit the attempt; lock after repeated failures.

    Raises :class:`AuthenticationError` (the reason does not say whether the id or the PIN was
    wrong)."""
    found = users.account(store, user_id)
    if found is None or not found.active:
        store.audit("sign_in_failed", {"user": user_id, "purpose": purpose,
                                       "reason": "unknown or disabled account"}, actor=user_id)
        raise AuthenticationError("wrong id or PIN")
    if found.locked_until > now:
        store.audit("sign_in_failed", {"user": user_id, "purpose": purpose,
                                       "reason": "account locked"}, actor=user_id)
        seconds = int(found.locked_until - now) + 1
        raise AuthenticationError(f"account {user_id} is locked for {seconds} more seconds")
    if not check_pin(pin, found.pin_hash):
        failures = found.failures + 1
        locked = failures >= policy.max_failures
        with store.transaction() as work:
            users.update(work, user_id, failures=0 if locked else failures,
                         locked_until=now + policy.lock_seconds if locked else 0)
            work.audit("sign_in_failed", {"user": user_id, "purpose": purpose,
                                          "reason": "wrong PIN", "failures": failures,
                                          "locked": locked}, actor=user_id)
        if locked:
            raise AuthenticationError(f"wrong id or PIN; account {user_id} is locked for "
                                      f"{int(policy.lock_seconds)} seconds")
        raise AuthenticationError("wrong id or PIN")
    with store.transaction() as work:
        if found.failures or found.locked_until:
            users.update(work, user_id, failures=0, locked_until=0)
        work.audit("sign_in", {"user": user_id, "role": found.role, "purpose": purpose},
                   actor=user_id)
    result = users.account(store, user_id)
    assert result is not None
    return result


def _manage(store: Store, by: Account, user_id: str, event: str,
            change: Callable[[], dict[str, object]]) -> Account:
    authorize(by.role, Permission.MANAGE_USERS)
    if users.account(store, user_id) is None:
        raise ValueError(f"no user {user_id!r}")
    fields = change()
    with store.transaction() as work:
        users.update(work, user_id, **fields)
        work.audit("user", {"event": event, "user": user_id}, actor=by.id)
    result = users.account(store, user_id)
    assert result is not None
    return result


def change_pin(store: Store, by: Account, user_id: str, pin: str, *, n: int = 2**14) -> Account:
    """Set a new PIN (a supervisor for anyone, or a person for themself)."""
    if by.id == user_id:
        stored = hash_pin(pin, n=n)
        with store.transaction() as work:
            users.update(work, user_id, pin_hash=stored, failures=0, locked_until=0)
            work.audit("user", {"event": "pin_changed", "user": user_id}, actor=by.id)
        result = users.account(store, user_id)
        assert result is not None
        return result
    return _manage(store, by, user_id, "pin_changed",
                   lambda: {"pin_hash": hash_pin(pin, n=n), "failures": 0, "locked_until": 0})


def unlock(store: Store, by: Account, user_id: str) -> Account:
    return _manage(store, by, user_id, "unlocked", lambda: {"failures": 0, "locked_until": 0})


def set_active(store: Store, by: Account, user_id: str, active: bool) -> Account:
    if by.id == user_id and not active:
        raise AccessDenied("a supervisor may not disable their own account")
    return _manage(store, by, user_id, "enabled" if active else "disabled",
                   lambda: {"active": int(active)})
