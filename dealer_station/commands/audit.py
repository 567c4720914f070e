"""``dealer-station audit``: verify or show the table's hash-chained audit log."""

from __future__ import annotations

import argparse
import json
import shutil
from datetime import UTC, datetime, timedelta
from pathlib import Path

from dealer_station import audit
from dealer_station.inputs import bounded_int
from dealer_station.store import archive, journal, users
from dealer_station.store import meters as meter_store
from dealer_station.store.database import (
    Store,
    StoreError,
    integrity_check,
    pending_gap,
    read_audit_state,
)
from dealer_station.store.options import add_table_argument
from dealer_station.store.paths import AUDIT_NAME, DATABASE_NAME, table_directory, table_id
from dealer_station.store.witness import Witness, verify_against

NAME = "audit"
HELP = "verify the audit chain (first broken or missing record) or show its last records"
DESCRIPTION = """\
verify   recompute the SHA-256 chain from its first record (streamed, in constant memory)
         through every sealed segment whose rounds left the live store (its file as sealed,
         its rounds against its records) and then the live audit log, and compare its head
         with the one recorded in the table's database, and every head the witness saw
         ($DEALER_STATION_WITNESS) with the record of that number (a rollback of both files
         or a re-chained log is reported);
         with --database also SQLite's full integrity check and the database's journal,
         meters, accounts, configuration, jackpot records and sessions proven equal to what
         the log says from its first record (the rows written since the last checkpoint are
         proven at every start);
         reports the first broken or missing record (exit 0 when sound, 1 when broken or
         records are missing; records cut off by an interrupted write are held by the
         database and appended at the station's next start)
show     print the last records (--last N), an account's state withheld
seal     seal every day up to --through (default yesterday, UTC) not sealed yet into the
         next segment (archive/ in the table's directory): its audit records and the rounds
         finished in them, chained on from the previous segment, its SHA-256 recorded in the
         chain and witnessed; once the file is read back and verified, its rounds are
         removed from the live database and log (history reads them from the segment). The
         station does this by itself between rounds once a day has ended (the station
         setting archive_day_ends, HH:MM UTC); by hand the station must not be running
export   copy segment --number N to --out, verified
segment  verify a segment file (--file) on its own: its chain, its rounds against its records
"""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("action", choices=("verify", "show", "seal", "export", "segment"),
                        nargs="?", default="verify")
    parser.add_argument("--database", action="store_true",
                        help="verify: also prove the whole database against the log (slower)")
    parser.add_argument("--through", help="seal: the last day (UTC, YYYY-MM-DD) to seal "
                                          "(default: yesterday)")
    parser.add_argument("--number", type=bounded_int(1, 10**9),
                        help="export: the segment's number")
    parser.add_argument("--out", type=Path, help="export: where to write the segment")
    parser.add_argument("--file", type=Path, help="segment: the segment file to verify")
    parser.add_argument("--last", type=bounded_int(1, 100_000), default=20,
                        help="records to show (show)")
    add_table_argument(parser)


def _prove_database(directory: Path, table: str) -> str | None:
    """Where the database differs from the whole audit log (every journal row, round, meter
    entry and state record from the first record; every meter equal to its journal), after
    SQLite's full integrity check."""
    problems = integrity_check(directory / DATABASE_NAME)[1]
    if problems:
        return f"the database is corrupt: {'; '.join(problems)}"
    try:
        with Store.open(directory, table, readonly=True) as store:
            meter_store.check(store)
            return journal.audit_mismatch(store)
    except StoreError as error:
        return str(error)


def _removed_segments(directory: Path, table: str) -> list[int]:
    """The segments whose rounds left the live store."""
    with Store.open(directory, table, readonly=True) as store:
        return [s.number for s in archive.listed(store) if s.live_from is not None]


def _segments(args: argparse.Namespace, table: str, directory: Path) -> int:
    """``seal``, ``export`` and ``segment``."""
    if args.action == "segment":
        if args.file is None:
            raise ValueError("audit segment needs --file")
        header, problem = archive.verify_segment(args.file)
        if problem is not None:
            print(f"segment {args.file}: BROKEN: {problem}")
            return 1
        print(f"segment {header['segment']} of {header['table']} through {header['through']}: "
              f"OK, records {header['first']}-{header['last']}, head {header['head']}, "
              f"{len(header['rounds'])} rounds")
        return 0
    if args.action == "export":
        if args.number is None or args.out is None:
            raise ValueError("audit export needs --number and --out")
        with Store.open(directory, table, readonly=True) as store:
            found = archive.segment(store, args.number)
        if found is None:
            raise ValueError(f"no segment {args.number} at table {table}")
        source = directory / archive.ARCHIVE_DIRECTORY / found.file
        if archive.file_sha256(source) != found.sha256:
            print(f"segment {args.number}: BROKEN: {source} is not the file sealed")
            return 1
        shutil.copyfile(source, args.out)
        print(f"segment {args.number} written to {args.out}")
        return 0
    through = args.through or (datetime.now(UTC).date() - timedelta(days=1)).isoformat()
    with Store.open(directory, table, create=False) as store:
        sealed = archive.seal_through(store, through)
        removed = archive.remove_sealed(store, sealed) if sealed is not None else 0
    if sealed is None:
        print(f"nothing to seal through {through}")
    else:
        print(f"segment {sealed.number} sealed through {sealed.through}: records "
              f"{sealed.first}-{sealed.last}, {sealed.round_count} rounds, {sealed.file}; "
              f"{removed} rounds removed from the live store (history reads them from the "
              "segment)")
    return 0


def run(args: argparse.Namespace) -> int:
    table = table_id(args.table)
    directory = table_directory(table, args.data_dir)
    if args.action in ("seal", "export", "segment"):
        return _segments(args, table, directory)
    path = directory / AUDIT_NAME
    if args.action == "show":
        for line in audit.last_lines(path, args.last):
            record = json.loads(line)
            shown = users.without_account_state(record["data"])  # the log keeps them
            print(f"{record['seq']:>7} {record['time']} {record['kind']:<15} "
                  f"{record['actor'] or '-':<10} round={record['round'] or '-'} "
                  f"{json.dumps(shown, sort_keys=True)[:120]}")
        return 0
    database = directory / DATABASE_NAME
    witness = Witness.configured()
    problem = None
    if not database.exists():
        if not path.exists():
            raise OSError(f"no audit log for table {table!r} at {path}")
        report = audit.verify(path)
        where = "(no database to compare the head with)"
    else:
        state = read_audit_state(database)
        where = "(head matches the database)"
        if witness is None:
            report = archive.chain(database, path, expected_count=state.seq,
                                   expected_head=state.hash)
        else:
            report, problem = verify_against(
                witness, table, path, expected_count=state.seq, expected_head=state.hash,
                walk=lambda visit: archive.chain(database, path, expected_count=state.seq,
                                                 expected_head=state.hash, visit=visit))
            where = f"(head matches the database; the heads witnessed at {witness.path} match)"
        if not report.ok:
            lines, tail = audit.read_lines(path)
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
    if problem is not None:
        print(f"audit log of {table}: BROKEN: {problem}")
        return 1
    if report.ok and database.exists() and args.database:
        difference = _prove_database(directory, table)
        if difference is not None:
            print(f"audit log of {table}: OK, {report.count} records, but the database does "
                  f"not match it: {difference}")
            return 1
        removed = [s for s in _removed_segments(directory, table)]
        where += ("; the database equals it from the first record" if not removed else
                  f"; the live database equals it from the checkpoint before the last removal "
                  f"(the rounds of segments {removed[0]}-{removed[-1]} proven in their segments)")
    retired = archive.retired_through(database) if database.exists() else None
    if report.ok and retired is not None:
        where += (f"; records 1-{retired.last} were retired with segments 1-{retired.number} "
                  f"(days up to {retired.through}) after the kept time: the chain is proven "
                  f"from segment {retired.number}'s head")
    if report.ok:
        print(f"audit log of {table}: OK, {report.count} records, head {report.head} {where}")
        return 0
    print(f"audit log of {table}: BROKEN at {report.problem}")
    return 1
