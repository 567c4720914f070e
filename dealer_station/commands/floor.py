"""``dealer-station floor``: the casino floor's database on PostgreSQL (docs/floor.md)."""

from __future__ import annotations

import argparse
import os
import sys
import time
from typing import TYPE_CHECKING

from dealer_station.inputs import SQLITE_MAX, bounded_int
from dealer_station.money import format_cents, parse_amount

if TYPE_CHECKING:
    from dealer_station.floor.config import FloorConnection

NAME = "floor"
HELP = "the casino floor's database (PostgreSQL): init, status, pools, hits"
DESCRIPTION = """\
init                          create or migrate the floor database's schema (versioned)
status                        schema version, tables and their witnessed audit heads, pools
pool create NAME --wager W --reset $ --rate BP
pool join NAME --table T      make table T a member (refused when it is one already)
pool terms NAME [--reset $] [--rate BP]   refused while any member table is in a round
pool show NAME                amount, pending hits, reconciliation to the cent
hit request --table T --round N --position P --hand H (--share BP | --fixed $) [--pay-now]
hit decide NAME ORDER (--approve | --reject REASON) --by SUPERVISOR_ID   asks the PIN
supervisor add ID --name NAME [--by SUPERVISOR_ID]   a pit supervisor (the new PIN twice; the
                              first is added by the floor's database role, later ones by one)
supervisor list               the pit supervisors and their state (active, locked, disabled)
supervisor pin ID --by SUPERVISOR_ID        a new PIN (asks it twice, then the PIN of --by:
                              another supervisor, or ID themself with the current PIN); lifts a lock
supervisor unlock ID --by SUPERVISOR_ID     lift the lock after wrong PINs (another supervisor)
supervisor disable|enable ID --by SUPERVISOR_ID   (by another supervisor: never one's own)
release TABLE                 free a table id for a replaced station PC
The floor is --url postgresql://... or $DEALER_STATION_FLOOR_URL. PINs are asked on the
terminal, or read one per line from stdin with --pin-stdin.
"""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("action", choices=("init", "status", "pool", "hit", "supervisor",
                                           "release"))
    parser.add_argument("words", nargs="*", help="what the action needs (see above)")
    parser.add_argument("--url", help="the floor database, postgresql://...")
    parser.add_argument("--wager", help="the wager a pool is paid for (pool create)")
    parser.add_argument("--reset", help="a pool's reset amount, e.g. $10,000")
    parser.add_argument("--rate", type=bounded_int(0, 10_000),
                        help="a pool's rate in basis points (2100 = 21%%)")
    parser.add_argument("--table", help="the table id")
    parser.add_argument("--round", type=bounded_int(1, SQLITE_MAX))
    parser.add_argument("--position")
    parser.add_argument("--hand")
    parser.add_argument("--share", type=bounded_int(0, 10_000),
                        help="a hit's share of the pool, basis points")
    parser.add_argument("--fixed", help="a hit's fixed amount ($)")
    parser.add_argument("--pay-now", action="store_true",
                        help="a table without the pit's validation: pay at once")
    parser.add_argument("--approve", action="store_true")
    parser.add_argument("--reject", metavar="REASON")
    parser.add_argument("--by", default=os.environ.get("USER", "floor"),
                        help="who acts (recorded); a hit's decision: the supervisor's id")
    parser.add_argument("--name", help="a pit supervisor's name")
    parser.add_argument("--pin-stdin", action="store_true", help="read PINs from stdin")


def _url(args: argparse.Namespace) -> str:
    url = args.url or os.environ.get("DEALER_STATION_FLOOR_URL")
    if not url:
        raise ValueError("floor: give --url postgresql://... (or DEALER_STATION_FLOOR_URL)")
    if not url.startswith(("postgresql://", "postgres://")):
        raise ValueError(f"floor: --url must be a postgresql:// URL, not {url!r}")
    return url


def _word(args: argparse.Namespace, index: int, what: str) -> str:
    if len(args.words) <= index:
        raise ValueError(f"floor {args.action}: give {what}")
    return str(args.words[index])


def run(args: argparse.Namespace) -> int:
    # deferred on purpose (--help imports every command): the floor's modules load only when it runs
    from dealer_station.floor import FloorError, FloorUnreachable
    from dealer_station.floor.config import connect

    try:
        connection = connect(_url(args))
    except FloorUnreachable as error:
        print(f"dealer-station: {error}", file=sys.stderr)
        return 2
    try:
        with connection:
            return _run(args, connection)
    except FloorError as error:
        print(f"dealer-station: {error}", file=sys.stderr)
        return 2
    except Exception as error:  # psycopg's errors: one line, no traceback
        # deferred on purpose: psycopg loads only when a floor is reached
        import psycopg

        if not isinstance(error, psycopg.Error):
            raise
        print(f"dealer-station: the floor refused: {' '.join(str(error).split())}",
              file=sys.stderr)
        return 2


def _run(args: argparse.Namespace, connection: FloorConnection) -> int:
    # deferred on purpose (--help imports every command): the floor's modules load only when it runs
    from dealer_station.floor import pools, schema, tables

    if args.action == "init":
        applied = schema.init(connection)
        print(f"floor schema at version {schema.latest()}"
              + (f" (applied {', '.join(map(str, applied))})" if applied else " (up to date)"))
        return 0
    if args.action == "status":
        for line in schema.status(connection).lines():
            print(line)
        return 0
    if args.action == "release":
        tables.release(connection, _word(args, 0, "the table id"))
        print(f"table {args.words[0]} released")
        return 0
    sub = _word(args, 0, "what to do")
    if args.action == "supervisor":
        return _supervisor(args, connection, sub)
    if args.action == "pool":
        name = _word(args, 1, "the pool's name")
        if sub == "create":
            if args.reset is None or args.rate is None or args.wager is None:
                raise ValueError("floor pool create: give --wager, --reset and --rate")
            pools.create_pool(connection, name, wager=args.wager,
                              reset_cents=parse_amount(args.reset), rate_bp=args.rate,
                              actor=args.by)
        elif sub == "join":
            if not args.table:
                raise ValueError("floor pool join: give --table")
            tables.join_pool(connection, name, args.table)
            print(f"table {args.table} joined pool {name}")
        elif sub == "terms":
            pools.set_terms(connection, name, actor=args.by, rate_bp=args.rate,
                            reset_cents=parse_amount(args.reset) if args.reset else None)
        elif sub != "show":
            raise ValueError(f"floor pool: create, join, terms or show, not {sub!r}")
        _show_pool(connection, name)
        return 0
    if sub == "request":
        if not (args.table and args.round and args.position and args.hand):
            raise ValueError("floor hit request: give --table, --round, --position, --hand")
        hit = pools.request_hit(connection, args.table, args.round, args.position, args.hand,
                                share_bp=args.share,
                                fixed_cents=parse_amount(args.fixed) if args.fixed else None,
                                decide_by=args.by if args.pay_now else None)
    elif sub == "decide":
        if args.approve == bool(args.reject):
            raise ValueError("floor hit decide: --approve or --reject REASON")
        # deferred on purpose (--help imports every command): store and floor load when it runs
        from dealer_station.commands.users import _reader
        from dealer_station.floor.pit_auth import decide_at_pit

        pool, order = _word(args, 1, "the pool"), int(_word(args, 2, "the hit's order"))
        hit = decide_at_pit(connection, pool, order, approve=args.approve, supervisor=args.by,
                            pin=_reader(args)(f"PIN of {args.by}: "), reason=args.reject)
    else:
        raise ValueError(f"floor hit: request or decide, not {sub!r}")
    paid = f" {format_cents(hit.amount_cents)}" if hit.amount_cents is not None else ""
    print(f"hit {hit.order} of pool {hit.pool}: table {hit.table_id} round {hit.round_id} "
          f"position {hit.position} {hit.hand}: {hit.status.upper()}{paid}")
    return 0


def _supervisor(args: argparse.Namespace, connection: FloorConnection, sub: str) -> int:
    # deferred on purpose (--help imports every command): store and floor load when it runs
    from dealer_station.accounts import account_state
    from dealer_station.commands.users import _reader
    from dealer_station.floor import pit_auth

    if sub == "list":
        now = time.time()
        for account in pit_auth.supervisors(connection):
            print(f"{account.id}  {account.name}  {account_state(account, now)}")
        return 0
    if sub not in ("add", "pin", "unlock", "disable", "enable"):
        raise ValueError("floor supervisor: add, list, pin, unlock, disable or enable, not "
                         f"{sub!r}")
    user = _word(args, 1, "the supervisor's id")
    read = _reader(args)
    if sub == "add":
        if not args.name:
            raise ValueError("floor supervisor add: give --name")
        pin = read(f"PIN for {user}: ")
        if read(f"the PIN for {user} again: ") != pin:
            raise ValueError("floor supervisor add: the two PINs differ")
        first = not pit_auth.has_supervisors(connection)
        by_pin = None if first else read(f"PIN of {args.by}: ")
        pit_auth.add_supervisor(connection, user, args.name, pin, by=args.by, by_pin=by_pin)
        print(f"pit supervisor {user} ({args.name}) added by {args.by}")
        return 0
    if sub == "pin":
        pin = read(f"new PIN for {user}: ")
        if read(f"the new PIN for {user} again: ") != pin:
            raise ValueError("floor supervisor pin: the two new PINs differ")
        pit_auth.change_supervisor_pin(connection, user, pin, by=args.by,
                                       by_pin=read(f"PIN of {args.by}: "))
        print(f"pit supervisor {user}: new PIN set by {args.by} (any lock is lifted)")
        return 0
    if sub == "unlock":
        pit_auth.unlock_supervisor(connection, user, by=args.by,
                                   by_pin=read(f"PIN of {args.by}: "))
        print(f"pit supervisor {user} unlocked by {args.by}")
        return 0
    active = sub == "enable"
    pit_auth.set_supervisor_active(connection, user, active, by=args.by,
                                   by_pin=read(f"PIN of {args.by}: "))
    print(f"pit supervisor {user} {sub}d by {args.by}")
    return 0


def _show_pool(connection: FloorConnection, name: str) -> None:
    # deferred on purpose (--help imports every command): the floor loads only when it runs
    from dealer_station.floor import pools

    found = pools.pool(connection, name)
    check = pools.reconcile(connection, name)
    print(f"pool {found.name} ({found.wager}): {format_cents(found.amount_cents)}, reset "
          f"{format_cents(found.reset_cents)}, rate {found.rate_bp} bp, "
          f"{found.pending} hit(s) PENDING")
    print(f"  seeds {format_cents(check.seeds)} + contributions "
          f"{format_cents(check.contributions)} - payments {format_cents(check.payments)} = "
          f"{format_cents(check.seeds + check.contributions - check.payments)}: "
          + ("reconciles" if check.ok else "DOES NOT RECONCILE"))
    for hit in pools.hits(connection, name, status="pending"):
        print(f"  PENDING hit {hit.order}: table {hit.table_id} round {hit.round_id} "
              f"position {hit.position} {hit.hand}")
