"""``dealer-station audit``: verify or show the table's hash-chained audit log."""

from __future__ import annotations

import argparse
import json

from dealer_station import audit
from dealer_station.store.database import pending_gap, read_audit_state
from dealer_station.store.options import add_table_argument
from dealer_station.store.paths import AUDIT_NAME, DATABASE_NAME, table_directory, table_id

NAME = "audit"
HELP = "verify the audit chain (first broken or missing record) or show its last records"
DESCRIPTION = """\
verify   recompute the SHA-256 chain of the audit log and compare its head with the one
         recorded in the table's database; reports the first broken or missing record
         (exit 0 when sound, 1 when broken or records are missing; records cut off by an
         interrupted write are held by the database and appended at the station's next start)
show     print the last records (--last N)
"""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("action", choices=("verify", "show"), nargs="?", default="verify")
    parser.add_argument("--last", type=int, default=20, help="records to show (show)")
    add_table_argument(parser)


def run(args: argparse.Namespace) -> int:
    table = table_id(args.table)
    directory = table_directory(table, args.data_dir)
    path = directory / AUDIT_NAME
    if args.action == "show":
        lines, _tail = audit.read_lines(path)
        for line in lines[-args.last:]:
            record = json.loads(line)
            print(f"{record['seq']:>7} {record['time']} {record['kind']:<15} "
                  f"{record['actor'] or '-':<10} round={record['round'] or '-'} "
                  f"{json.dumps(record['data'], sort_keys=True)[:120]}")
        return 0
    database = directory / DATABASE_NAME
    if not database.exists():
        if not path.exists():
            raise OSError(f"no audit log for table {table!r} at {path}")
        report = audit.verify(path)
        where = "(no database to compare the head with)"
    else:
        state = read_audit_state(database)
        lines, tail = audit.read_lines(path)
        report = audit.verify_lines(lines, expected_count=state.seq, expected_head=state.hash,
                                    partial_tail=tail)
        where = "(head matches the database)"
        if not report.ok:
            missing = pending_gap(lines, tail, state)
            if missing is not None:
                # Sound up to here, and the database holds the rest: a crash between the commit
                # and the write, or the tail deleted. Either way the file lacks records now.
                first = len(lines) + 1
                print(f"audit log of {table}: INCOMPLETE at record {first}: records {first}-"
                      f"{state.seq} are missing from the log (sound up to record {len(lines)}),"
                      " truncated or cut off by an interrupted write; the database holds them "
                      "and the station appends them at its next start")
                return 1
    if report.ok:
        print(f"audit log of {table}: OK, {report.count} records, head {report.head} {where}")
        return 0
    print(f"audit log of {table}: BROKEN at {report.problem}")
    return 1
