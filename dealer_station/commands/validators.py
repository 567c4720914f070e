"""``dealer-station validators``: who validates a progressive payout (one supervisor, or two
above an amount)."""

from __future__ import annotations

import argparse

from dealer_station.control import StationNotRunning, request
from dealer_station.store.options import add_table_argument, ask_pin
from dealer_station.store.paths import table_directory, table_id
from dealer_station.validator_desk import handle_validators

NAME = "validators"
HELP = "who validates a progressive payout: one supervisor, or two above an amount"
DESCRIPTION = """\
show                          the rule as it stands
two-above AMOUNT --by SUPERVISOR_ID
                              a payout above AMOUNT (e.g. $2,500) is validated by two
                              supervisors, both on its jackpot record and slip (station
                              setting second_validator_above); 0: one validates every payout
The change needs that supervisor's PIN (asked, or one line on stdin with --pin-stdin), is made
between rounds and audited. While the dealer's screen runs the table the request goes to the
running station (its control socket).
"""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("action", nargs="?", default="show", choices=("show", "two-above"))
    parser.add_argument("value", nargs="?", help="two-above: the amount ($), or 0")
    parser.add_argument("--by", help="two-above: the supervisor's id")
    parser.add_argument("--pin-stdin", action="store_true", help="read the PIN from stdin")
    add_table_argument(parser)


def run(args: argparse.Namespace) -> int:
    # deferred on purpose: the station (and its store) load only for this command
    from dealer_station.station import Station

    message = {"command": "validators", "action": args.action, "value": args.value,
               "by": args.by}
    if args.action == "two-above":
        if not args.by:
            raise ValueError("validators two-above needs --by SUPERVISOR_ID")
        message["pin"] = ask_pin(f"PIN of {args.by}: ", args.pin_stdin)
    directory = table_directory(table_id(args.table), args.data_dir)
    try:  # the running station does it (the dealer's screen holds the table)
        answer = request(directory, message)
    except StationNotRunning:
        with Station.open(args.table, args.data_dir) as station:
            answer = {"ok": True, **handle_validators(station, message)}
    if not answer.get("ok"):
        raise ValueError(str(answer.get("error", "refused")))
    print(answer.get("message", "done"))
    return 0
