"""``dealer-station users``: the table's accounts (dealers, supervisors, technicians)."""

from __future__ import annotations

import argparse
import getpass
import sys
import time
from collections.abc import Callable
from typing import Any

from dealer_station import auth
from dealer_station.accounts import AccountDesk, handle
from dealer_station.control import StationNotRunning, request, socket_path
from dealer_station.store.database import Store, StoreError
from dealer_station.store.options import NO_TERMINAL, add_table_argument
from dealer_station.store.paths import table_directory, table_id

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
A supervisor's or technician's PIN is 6 to 12 digits, a dealer's 4 to 12.
PINs are asked on the terminal, or read one per line from stdin with --pin-stdin
(the new PIN first, then the supervisor's, or your current one).
While the dealer's screen runs the table, the request goes to the running station (its control
socket in the table's data directory), which checks and audits it; otherwise the command opens
the table's store itself.
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
    if not args.pin_stdin and not sys.stdin.isatty():
        def refuse(_prompt: str) -> str:
            raise ValueError(NO_TERMINAL)

        return refuse
    lines = iter(sys.stdin.read().splitlines()) if args.pin_stdin else None

    def read(prompt: str) -> str:
        if lines is not None:
            return next(lines, "").strip()
        return getpass.getpass(prompt)

    return read


def _request(args: argparse.Namespace) -> dict[str, Any]:
    """The request with its PINs (asked in the order the help gives)."""
    message: dict[str, Any] = {"command": "users", "action": args.action, "user": args.user,
                               "name": args.name, "role": args.role, "by": args.by}
    if args.action == "list":
        return message
    if not args.user:
        raise ValueError(f"users {args.action} needs the account id")
    if args.action == "add" and (not args.name or not args.role):
        raise ValueError("users add needs --name and --role")
    if args.action in ("unlock", "disable", "enable") and not args.by:
        raise ValueError("this change needs --by SUPERVISOR_ID")
    read = _reader(args)
    if args.action in ("add", "pin"):
        message["new_pin"] = read(f"{'PIN' if args.action == 'add' else 'new PIN'} for "
                                  f"{args.user}: ")
    if args.action == "pin" and (args.by or args.user) == args.user:
        message["pin"] = read(f"current PIN of {args.user}: ")
    elif args.by:
        message["pin"] = read(f"PIN of {args.by}: ")
    return message


def run(args: argparse.Namespace) -> int:
    table = table_id(args.table)
    directory = table_directory(table, args.data_dir)
    message = _request(args)
    try:
        answer = request(directory, message)
    except StationNotRunning:
        answer = None
    if answer is not None:  # the running station did it (or refused)
        if not answer.get("ok"):
            raise ValueError(str(answer.get("error", "refused")))
    else:
        try:
            store = Store.open(directory, table, create=args.action == "add")
        except StoreError as error:
            if "another station" not in str(error):
                raise
            raise StoreError(f"{error}, and it does not answer on its control socket "
                             f"{socket_path(directory)}: use the supervisor's Accounts page"
                             ) from None
        with store:
            answer = handle(AccountDesk(store), message, now=time.time())
    if args.action == "list":
        rows = answer.get("accounts", [])
        width = max([9, *(len(str(row["state"])) for row in rows)])
        for row in rows:
            print(f"{row['id']:<12} {row['role']:<11} {row['state']:<{width}} {row['name']}")
    else:
        print(answer.get("message", "done"))
    return 0
