"""``dealer-station users``: the table's accounts (dealers, supervisors, technicians)."""

from __future__ import annotations

import argparse
import getpass
import sys
import time
from collections.abc import Callable

from dealer_station import auth
from dealer_station.store.database import Store
from dealer_station.store.options import add_table_argument
from dealer_station.store.paths import table_directory, table_id
from dealer_station.store.users import Account, accounts

NAME = "users"
HELP = "list and manage accounts (the first supervisor is created at the first start)"
DESCRIPTION = """\
list                       every account with its role and state
add ID --name N --role R   create an account; when the table has no supervisor yet this
                           creates the first one (role supervisor) with no one to authorise it
pin ID                     set a new PIN: anyone's with --by SUPERVISOR_ID, or your own
                           (no --by, or --by your own id: your current PIN is asked)
unlock ID | disable ID | enable ID
Changes other than the first supervisor need --by SUPERVISOR_ID and that supervisor's PIN.
PINs are asked on the terminal, or read one per line from stdin with --pin-stdin
(the new PIN first, then the supervisor's, or your current one).
"""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("action", nargs="?", default="list",
                        choices=("list", "add", "pin", "unlock", "disable", "enable"))
    parser.add_argument("user", nargs="?", help="the account's id")
    parser.add_argument("--name")
    parser.add_argument("--role", choices=[role.value for role in auth.Role])
    parser.add_argument("--by", help="the authorising supervisor's id")
    parser.add_argument("--pin-stdin", action="store_true", help="read PINs from stdin")
    add_table_argument(parser)


def _reader(args: argparse.Namespace) -> Callable[[str], str]:
    lines = iter(sys.stdin.read().splitlines()) if args.pin_stdin else None

    def read(prompt: str) -> str:
        if lines is not None:
            return next(lines, "").strip()
        return getpass.getpass(prompt)

    return read


def run(args: argparse.Namespace) -> int:
    table = table_id(args.table)
    directory = table_directory(table, args.data_dir)
    read = _reader(args)
    create = args.action == "add"
    with Store.open(directory, table, create=create) as store:
        if args.action == "list":
            for account in accounts(store):
                state = "disabled" if not account.active else (
                    "locked" if account.locked_until > time.time() else "active")
                print(f"{account.id:<12} {account.role:<11} {state:<9} {account.name}")
            return 0
        if not args.user:
            raise ValueError(f"users {args.action} needs the account id")
        if args.action == "add":
            if not args.name or not args.role:
                raise ValueError("users add needs --name and --role")
            new_pin = read(f"PIN for {args.user}: ")
            if auth.needs_first_supervisor(store):
                auth.create_user(store, args.user, args.name, args.role, new_pin, by=None)
                print(f"created the first supervisor {args.user}")
                return 0
            by = _supervisor(store, args, read)
            auth.create_user(store, args.user, args.name, args.role, new_pin, by=by)
            print(f"created {args.role} {args.user}")
            return 0
        if args.action == "pin":
            new_pin = read(f"new PIN for {args.user}: ")
            if (args.by or args.user) == args.user:  # one's own PIN: the current one
                by = auth.authenticate(store, args.user, read(f"current PIN of {args.user}: "),
                                       now=time.time(), purpose="change_pin")
            else:
                by = _supervisor(store, args, read)
            auth.change_pin(store, by, args.user, new_pin)
        else:
            by = _supervisor(store, args, read)
            if args.action == "unlock":
                auth.unlock(store, by, args.user)
            else:
                auth.set_active(store, by, args.user, args.action == "enable")
        print(f"{args.action}: {args.user} done")
        return 0


def _supervisor(store: Store, args: argparse.Namespace,
                read: Callable[[str], str]) -> Account:
    if not args.by:
        raise ValueError("this change needs --by SUPERVISOR_ID")
    pin = read(f"PIN of {args.by}: ")
    person = auth.authenticate(store, args.by, pin, now=time.time(), purpose="manage_users")
    auth.authorize(person.role, auth.Permission.MANAGE_USERS)
    return person
