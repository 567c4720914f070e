"""One SQLite database per table, kept in step with the table's audit log.

The database runs in WAL mode with ``synchronous=FULL`` (a commit is on disk when it returns) and
foreign keys on; its schema is built by the numbered :data:`MIGRATIONS` below (the database's
``user_version`` is the last one applied; a database newer than the code is refused).

Every write goes through :meth:`Store.transaction`: the rows and the audit records of one change
are committed together, with the new audit head (sequence, hash) and the lines of that
transaction, *before* the lines are appended to the audit log file. So a crash can leave the
file at most one transaction behind the database, which the next start completes from the
database; anything else — a missing, edited, reordered or truncated record, a log longer than the
database knows — is tampering or loss, and the station refuses to start.

Refusals (:class:`StoreError`, a kind of ``OSError``): a corrupt database; a database missing while
the audit log exists (the station has run here before: a fresh empty database would hide the
history); a database from a newer version; an audit log that does not verify; a second station
on the same table.
"""

from __future__ import annotations

import contextlib
import fcntl
import hashlib
import json
import os
import sqlite3
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from dealer_station import audit
from dealer_station.audit import AuditEntry, VerifyReport
from dealer_station.store import modes
from dealer_station.store import state as state_tables
from dealer_station.store.closing import CLOSED, Tail, rows_digest
from dealer_station.store.errors import StoreError
from dealer_station.store.paths import AUDIT_NAME, DATABASE_NAME, check_table_id
from dealer_station.store.proof import Proof, Window
from dealer_station.store.witness import Witness

__all__ = [
    "MIGRATIONS",
    "AuditState",
    "Store",
    "StoreError",
    "Transaction",
    "integrity_check",
    "pending_gap",
    "read_audit_state",
    "verify_recent",
]


def _rebuild_meter_entries(suffix: str, kinds: str) -> str:
    """The SQL that rebuilds ``meter_entries`` allowing the entry ``kinds`` (SQLite cannot
    change a CHECK constraint in place)."""
    return f"""
        CREATE TABLE meter_entries_{suffix} (
            id INTEGER PRIMARY KEY,
            meter TEXT NOT NULL REFERENCES meters (name),
            kind TEXT NOT NULL CHECK (kind IN ({kinds})),
            amount INTEGER NOT NULL,
            balance INTEGER NOT NULL,
            round_id INTEGER REFERENCES rounds (id),
            jackpot INTEGER,
            actor TEXT,
            detail TEXT NOT NULL DEFAULT '{{}}',
            time TEXT NOT NULL
        );
        INSERT INTO meter_entries_{suffix} SELECT id, meter, kind, amount, balance, round_id,
            jackpot, actor, detail, time FROM meter_entries;
        DROP TABLE meter_entries;
        ALTER TABLE meter_entries_{suffix} RENAME TO meter_entries;
        CREATE UNIQUE INDEX meter_one_contribution_per_round
            ON meter_entries (meter, round_id) WHERE kind = 'contribution';
        CREATE UNIQUE INDEX meter_one_reversal_per_round
            ON meter_entries (meter, round_id) WHERE kind = 'reversal';
        CREATE INDEX meter_entries_by_meter ON meter_entries (meter, id);
    """


_KINDS_3 = ("'seed', 'contribution', 'hit', 'validation', 'paid', 'reseed', 'rate', 'reset', "
            "'reversal'")


#: (version, what it does, SQL). Append new versions; never edit an applied one.
MIGRATIONS: tuple[tuple[int, str, str], ...] = (
    (1, "rounds journal, meters, jackpots, users, configuration, audit head", """
        CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
        CREATE TABLE audit_head (
            id INTEGER PRIMARY KEY CHECK (id = 1),
            seq INTEGER NOT NULL,
            hash TEXT NOT NULL,
            first_pending INTEGER NOT NULL,
            pending TEXT NOT NULL
        );
        CREATE TABLE rounds (
            id INTEGER PRIMARY KEY,
            game TEXT NOT NULL,
            config TEXT NOT NULL,
            status TEXT NOT NULL CHECK (status IN ('open', 'complete', 'void')),
            dealer TEXT,
            started TEXT NOT NULL,
            ended TEXT,
            void_reason TEXT,
            document TEXT,
            CHECK (status != 'void' OR void_reason IS NOT NULL)
        );
        CREATE UNIQUE INDEX rounds_one_open ON rounds (status) WHERE status = 'open';
        CREATE TABLE records (
            round_id INTEGER NOT NULL REFERENCES rounds (id),
            sequence INTEGER NOT NULL,
            action TEXT NOT NULL,
            record TEXT NOT NULL,
            actor TEXT,
            time TEXT NOT NULL,
            PRIMARY KEY (round_id, sequence)
        );
        CREATE TABLE meters (
            name TEXT PRIMARY KEY,
            wager TEXT NOT NULL,
            reset INTEGER NOT NULL CHECK (reset >= 0),
            rate_bp INTEGER NOT NULL CHECK (rate_bp >= 0),
            current INTEGER NOT NULL,
            carry INTEGER NOT NULL DEFAULT 0
        );
        CREATE TABLE meter_entries (
            id INTEGER PRIMARY KEY,
            meter TEXT NOT NULL REFERENCES meters (name),
            kind TEXT NOT NULL CHECK (kind IN
                ('seed', 'contribution', 'hit', 'validation', 'paid', 'reseed', 'rate', 'reset')),
            amount INTEGER NOT NULL,
            balance INTEGER NOT NULL,
            round_id INTEGER REFERENCES rounds (id),
            jackpot INTEGER,
            actor TEXT,
            detail TEXT NOT NULL DEFAULT '{}',
            time TEXT NOT NULL
        );
        CREATE UNIQUE INDEX meter_one_contribution_per_round
            ON meter_entries (meter, round_id) WHERE kind = 'contribution';
        CREATE TABLE jackpots (
            number INTEGER PRIMARY KEY,
            meter TEXT NOT NULL REFERENCES meters (name),
            round_id INTEGER REFERENCES rounds (id),
            position TEXT NOT NULL,
            hand TEXT NOT NULL,
            amount INTEGER NOT NULL,
            meter_before INTEGER NOT NULL,
            meter_after INTEGER NOT NULL,
            dealer TEXT,
            supervisor TEXT NOT NULL,
            time TEXT NOT NULL
        );
        CREATE TABLE users (
            id TEXT PRIMARY KEY,
            name TEXT NOT NULL,
            role TEXT NOT NULL CHECK (role IN ('dealer', 'supervisor', 'technician')),
            pin_hash TEXT NOT NULL,
            failures INTEGER NOT NULL DEFAULT 0,
            locked_until REAL NOT NULL DEFAULT 0,
            active INTEGER NOT NULL DEFAULT 1,
            created TEXT NOT NULL
        );
        CREATE TABLE config (
            version INTEGER PRIMARY KEY,
            document TEXT NOT NULL,
            changed_by TEXT,
            time TEXT NOT NULL
        );
        CREATE TABLE device_state (
            device TEXT PRIMARY KEY,
            state TEXT NOT NULL,
            detail TEXT NOT NULL DEFAULT '{}',
            time TEXT NOT NULL
        );
    """),
    (2, "history lookups by time and meter entries by meter", """
        CREATE INDEX rounds_by_start ON rounds (started);
        CREATE INDEX meter_entries_by_meter ON meter_entries (meter, id);
    """),
    (3, "meter reversal entries (a voided round's contribution taken back, once)",
     _rebuild_meter_entries("v3", _KINDS_3)),
    (4, "escalating lockouts; who was signed in when (sessions)", """
        ALTER TABLE users ADD COLUMN lockouts INTEGER NOT NULL DEFAULT 0;
        CREATE TABLE sessions (
            id INTEGER PRIMARY KEY,
            user TEXT NOT NULL,
            role TEXT NOT NULL,
            screen TEXT NOT NULL CHECK (screen IN ('dealer', 'supervisor', 'technician')),
            started TEXT NOT NULL,
            ended TEXT,
            end_reason TEXT
        );
        CREATE INDEX sessions_by_start ON sessions (started);
    """),
    (5, "payment ticks: each line of a round's settlement the dealer ticked off (or un-ticked)", """
        CREATE TABLE IF NOT EXISTS payment_ticks (
            round_id INTEGER NOT NULL REFERENCES rounds (id),
            payment INTEGER NOT NULL CHECK (payment >= 1),
            done INTEGER NOT NULL CHECK (done IN (0, 1)),
            actor TEXT,
            time TEXT NOT NULL,
            PRIMARY KEY (round_id, payment)
        );
    """),
    (6, "checkpoints: sealed, witnessed points of the audit chain (a start proves what follows)",
     """
        CREATE TABLE checkpoints (
            seq INTEGER PRIMARY KEY,
            hash TEXT NOT NULL,
            offset INTEGER NOT NULL CHECK (offset >= 0),
            time TEXT NOT NULL
        );
    """),
    (7, "a meter's life: limit, overflow, retirement; terms changes and reseeds journaled",
     """
        ALTER TABLE meters ADD COLUMN limit_cents INTEGER;
        ALTER TABLE meters ADD COLUMN overflow INTEGER NOT NULL DEFAULT 0;
        ALTER TABLE meters ADD COLUMN retired TEXT;
    """ + _rebuild_meter_entries("v6", _KINDS_3 + ", 'terms', 'overflow', 'retire'")),
    (8, "positions with a wager in each finished round (history searched by position)", """
        CREATE TABLE IF NOT EXISTS round_positions (
            position TEXT NOT NULL,
            round_id INTEGER NOT NULL REFERENCES rounds (id),
            PRIMARY KEY (position, round_id)
        ) WITHOUT ROWID;
        INSERT OR IGNORE INTO round_positions (position, round_id)
            SELECT w.key, r.id FROM rounds AS r, json_each(COALESCE(
                json_extract(r.document, '$.round.wagers'),
                json_extract(r.document, '$.wagers'), '{}')) AS w
            WHERE r.document IS NOT NULL AND json_valid(r.document);
    """),
    (9, "sealed day segments (dealer_station/store/archive.py)", """
        CREATE TABLE IF NOT EXISTS segments (
            number INTEGER PRIMARY KEY,
            through TEXT NOT NULL,
            first INTEGER NOT NULL,
            last INTEGER NOT NULL,
            head TEXT NOT NULL,
            end_offset INTEGER NOT NULL,
            file TEXT NOT NULL,
            sha256 TEXT NOT NULL,
            rounds TEXT NOT NULL,
            time TEXT NOT NULL
        );
    """),
    (10, "archived rounds: where each sealed round lies in its segment; the checkpoint from "
         "which the live store is proven once a segment's rounds are removed from it", """
        CREATE TABLE IF NOT EXISTS archived_rounds (
            round_id INTEGER PRIMARY KEY,
            segment INTEGER NOT NULL,
            offset INTEGER NOT NULL,
            length INTEGER NOT NULL,
            records INTEGER NOT NULL
        );
        CREATE TABLE IF NOT EXISTS segment_removals (
            segment INTEGER PRIMARY KEY,
            live_from INTEGER NOT NULL
        )
    """),
    (11, "retired segments: deleted from the table after the kept time (archive_keep_days), "
         "their heads kept in segments so the chain after them is still proven", """
        CREATE TABLE IF NOT EXISTS segment_retirements (
            segment INTEGER PRIMARY KEY,
            time TEXT NOT NULL,
            seq INTEGER NOT NULL
        )
    """),
    (12, "a narrow index of sessions: every start counts them (a session deleted outside the "
         "station is refused), and SQLite counts the smallest index (a few bytes a session, "
         "not the whole rows: ~1 ms -> ~0.2 ms at 30,000 sessions)", """
        CREATE INDEX IF NOT EXISTS sessions_counted ON sessions (id > 0)
    """),
    (13, "the sessions still open, indexed: every start ends those a stop left open, and found "
         "them by reading every session (one per sign-in: ~4 ms at 30,000)", """
        CREATE INDEX IF NOT EXISTS sessions_open ON sessions (id) WHERE ended IS NULL
    """),
    (14, "the voided rounds, indexed: `history list --status void` read every round ever played "
         "to find the few voided (~0.5 s at 10^6 rounds); a few bytes a voided round", """
        CREATE INDEX IF NOT EXISTS rounds_voided ON rounds (id) WHERE status = 'void'
    """),
    (15, "journal rows hold where their action's audit line begins instead of its data "
         "(kept once: dealer_station/store/journal_lines.py); rows written before keep theirs",
     """
        ALTER TABLE records ADD COLUMN line INTEGER
    """),
    (16, "each meter's entries counted and summed by kind as they are written (meter_sums, "
         "dealer_station/store/meters.py add_entry): a meter's lifetime figures read from it "
         "instead of summing its whole journal at every view (~2-3 s at 10^6 contributions); "
         "audit verify --database proves it equal to the journal", """
        CREATE TABLE IF NOT EXISTS meter_sums (
            meter TEXT NOT NULL,
            kind TEXT NOT NULL,
            entries INTEGER NOT NULL,
            total INTEGER NOT NULL,
            PRIMARY KEY (meter, kind)
        ) WITHOUT ROWID;
        DELETE FROM meter_sums;
        INSERT INTO meter_sums (meter, kind, entries, total)
            SELECT meter, kind, COUNT(*), COALESCE(SUM(amount), 0) FROM meter_entries
            GROUP BY meter, kind
    """),
    (17, "sessions indexed by their end: who was signed in during a round (a progressive's "
         "validation) read every session from the table's first (one per sign-in) up to the "
         "round's end; now those ended since the round began and those still open", """
        CREATE INDEX IF NOT EXISTS sessions_by_end ON sessions (ended)
    """),
    (18, "account changes (created, PIN set, unlocked, disabled, enabled), who made each and "
         "the round open then: a validator's account changed since the round began by "
         "someone at the table during it is refused (station_people.py); a PIN set by "
         "someone else is changed by its owner before anything else (users.pin_set_by)", """
        CREATE TABLE IF NOT EXISTS account_changes (
            id INTEGER PRIMARY KEY,
            user TEXT NOT NULL,
            event TEXT NOT NULL,
            by TEXT NOT NULL,
            round_id INTEGER,
            time TEXT NOT NULL
        );
        CREATE INDEX IF NOT EXISTS account_changes_by_user ON account_changes (user, time);
        CREATE INDEX IF NOT EXISTS account_changes_by_round ON account_changes (round_id);
        CREATE INDEX IF NOT EXISTS round_positions_by_round ON round_positions (round_id);
        ALTER TABLE users ADD COLUMN pin_set_by TEXT;
        ALTER TABLE jackpots ADD COLUMN second_supervisor TEXT
    """),
    (19, "the winner's identification of a jackpot that reaches the reporting threshold "
         "(dealer_station/winners.py), one row per jackpot record, written in the approval's "
         "transaction; a state table: its rows' digests sealed in the audit log, never their "
         "text", """
        CREATE TABLE IF NOT EXISTS jackpot_winners (
            jackpot INTEGER PRIMARY KEY REFERENCES jackpots (number),
            name TEXT NOT NULL,
            id_type TEXT NOT NULL,
            id_number TEXT NOT NULL,
            address TEXT NOT NULL,
            entered_by TEXT NOT NULL,
            time TEXT NOT NULL
        )
    """),
)

#: The first schema whose audit log seals the state tables and records checkpoints.
SEALED_VERSION = 6
#: How a new store's file gives back free pages (``INCREMENTAL``: see :mod:`.compact`; SQLite's
#: default ``NONE`` is how stores were made before).
NEW_STORE_AUTO_VACUUM = "INCREMENTAL"
#: A checkpoint is sealed after this many audit records (a start verifies at most about as many).
CHECKPOINT_EVERY = 500
#: Audit record kinds whose transaction is witnessed (every round start and end, accounts,
#: configuration, sign-ins, state changes, checkpoints ...): all but the round's own actions
#: and device reports between them.
UNWITNESSED_KINDS = frozenset({"action", "device", "diagnostic"})


def pending_gap(lines: list[str], tail: str | None, state: AuditState, *, first: int = 1,
                prev: str = audit.GENESIS) -> list[str] | None:
    """The lines of the last committed transaction missing from the log file, when the file
    is exactly what a crash between the database commit and the file write leaves (a prefix of
    that transaction's lines, maybe with a torn partial line); ``None`` otherwise. ``lines``
    are records ``first``, ... of the file (chained after ``prev``)."""
    start = state.first_pending
    have = first - 1 + len(lines)
    pending = list(state.pending)
    if not (start - 1 <= have < state.seq and len(pending) == state.seq - start + 1
            and start >= first):
        return None
    written = have - (start - 1)
    if lines[start - first:] != pending[:written] or not audit.verify_lines(
            lines, first=first, prev=prev).ok:
        return None
    if tail is not None and not pending[written].startswith(tail):
        return None
    return pending[written:]


def integrity_check(path: Path, *, scan: bool = True,
                    tables: tuple[str, ...] = ()) -> tuple[int, list[str]]:
    """The schema version and the problems SQLite finds in the database at ``path``: its full
    ``integrity_check`` and ``foreign_key_check``; unless ``scan`` is false: then only those of
    ``tables`` that exist (each table's pages and its indexes, ``PRAGMA
    integrity_check(table)``: its cost is that table's size, not the database's), and the
    header and schema."""
    connection = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    try:
        problems: list[str] = []
        if scan:
            checks = [("PRAGMA integrity_check", "PRAGMA foreign_key_check")]
        else:
            have = {str(row[0]) for row in connection.execute(
                "SELECT name FROM sqlite_master WHERE type = 'table'")}
            checks = [(f"PRAGMA integrity_check({table})", f"PRAGMA foreign_key_check({table})")
                      for table in tables if table in have]
        for integrity, foreign in checks:
            rows = [str(row[0]) for row in connection.execute(integrity)]
            problems += [row for row in rows if row != "ok" and not row.startswith("*** ")]
            keys = connection.execute(foreign).fetchall()
            problems += [f"row {row[1]} of {row[0]} refers to a missing {row[2]} row"
                         for row in keys[:3]]
        problems = problems[:3]
        version = int(connection.execute("PRAGMA user_version").fetchone()[0])
    except sqlite3.DatabaseError as error:
        return 0, [str(error)]
    finally:
        connection.close()
    return version, problems


def read_audit_state(database: Path) -> AuditState:
    """The audit head recorded in the database at ``database`` (opened read-only)."""
    if not database.exists():
        raise StoreError(f"no database at {database}")
    connection = _connect(database, readonly=True)
    try:
        with _refusing_corrupt(database):
            Store._check_not_blank(connection, database, database.parent / AUDIT_NAME)
            return Store._audit_state(connection)
    finally:
        connection.close()


@dataclass(frozen=True, slots=True)
class RecentChain:
    """The audit log from the last checkpoint (what every start verifies): the report, the
    lines read, a torn tail, the first line's sequence and the hash it chains after."""

    report: VerifyReport
    lines: list[str]
    tail: str | None
    first: int
    prev: str


def verify_recent(database: Path, path: Path, state: AuditState) -> RecentChain:
    """Verify the audit log at ``path`` from the last checkpoint recorded in ``database``
    against the head ``state``, as every start does. Raises :class:`StoreError` when the
    checkpoint's record is not in its place."""
    connection = _connect(database, readonly=True)
    try:
        with _refusing_corrupt(database):
            version = Store._version(connection)
            _checkpoint, lines, tail, first, prev, _sealing = Store._tail(connection, path,
                                                                         state, version)
    finally:
        connection.close()
    report = audit.verify_lines(lines, expected_count=state.seq, expected_head=state.hash,
                                partial_tail=tail, first=first, prev=prev)
    return RecentChain(report, lines, tail, first, prev)


def _warn(event: str, **context: Any) -> None:
    """Write a warning to the station's log (``dealer_station.store``)."""
    # most commands that read a store log nothing (history, audit, users); the log's structlog
    # (and asyncio with it) would be a good part of their start: deferred to the first warning
    from dealer_station import logs

    logs.get_logger("dealer_station.store").warning(event, **context)


@contextlib.contextmanager
def _refusing_corrupt(database: Path) -> Iterator[None]:
    """SQLite's "not a database" / "malformed" errors as the station's refusal."""
    try:
        yield
    except sqlite3.OperationalError:
        raise
    except sqlite3.DatabaseError as error:
        raise StoreError(f"refusing to start: the database {database} is corrupt "
                         f"({error})") from None


@dataclass(frozen=True, slots=True)
class AuditState:
    """The audit head recorded in the database: the last committed record's sequence and hash,
    and the lines of the last transaction (``first_pending``..``seq``)."""

    seq: int
    hash: str
    first_pending: int
    pending: tuple[str, ...]


def _make_private_directory(directory: Path) -> None:
    """Create ``directory`` and its missing parents readable by the station's account only."""
    missing = [directory, *(p for p in directory.parents if not p.exists())]
    for path in reversed([p for p in missing if not p.exists()]):
        path.mkdir(mode=0o700, exist_ok=True)


def _connect(path: Path, *, readonly: bool) -> sqlite3.Connection:
    uri = f"file:{path}?mode={'ro' if readonly else 'rw'}"
    connection = sqlite3.connect(uri, uri=True, isolation_level=None, timeout=10.0,
                                 check_same_thread=False)
    connection.row_factory = sqlite3.Row
    return connection


class Transaction:
    """An open write transaction: execute SQL on ``connection`` and add audit records with
    :meth:`audit`; both are committed together when the ``with`` block ends."""

    def __init__(self, store: Store) -> None:
        self.connection = store.connection
        #: The store written to.
        self.store = store
        self.entries: list[AuditEntry] = []

    def execute(self, sql: str, parameters: Any = ()) -> sqlite3.Cursor:
        return self.connection.execute(sql, parameters)

    def audit(self, kind: str, data: Mapping[str, Any], *, actor: str | None = None,
              round_id: int | None = None, data_text: str | None = None,
              time: str | None = None) -> AuditEntry:
        """Add one audit record to this transaction (chained after the previous one);
        ``data_text``: the data's canonical JSON when the caller has it already; ``time``: the
        record's time when a row written beside it holds the same (the proof compares them)."""
        head = self.entries[-1] if self.entries else None
        sequence = head.sequence + 1 if head else self.store.audit_state.seq + 1
        prev = head.hash if head else self.store.audit_state.hash
        entry = audit.make_entry(sequence, prev, kind, data, actor=actor,
                                 table=self.store.table, round_id=round_id,
                                 data_text=data_text, time=time)
        self.entries.append(entry)
        return entry

    def next_place(self) -> tuple[int, int]:
        """The sequence and the byte offset in the log of the next record :meth:`audit` adds."""
        head = self.entries[-1] if self.entries else None
        sequence = head.sequence + 1 if head else self.store.audit_state.seq + 1
        return sequence, self.store.audit_size + sum(len(e.line.encode("utf-8")) + 1
                                                     for e in self.entries)

    def offset(self, entry: AuditEntry) -> int:
        """Where the line of ``entry`` (an audit record of this transaction) will begin in the
        audit log: after the log as it stands and the lines of this transaction before it
        (the ``state`` record a transaction may end with comes after them all)."""
        before = self.entries[:self.entries.index(entry)]
        return self.store.audit_size + sum(len(e.line.encode("utf-8")) + 1 for e in before)


@dataclass(frozen=True, slots=True)
class _Checkpoint:
    seq: int
    hash: str
    offset: int


@dataclass(frozen=True, slots=True)
class _Proven:
    """What opening proved: notes for the log, the state digests now sealed, the audit log's
    size, the last checkpoint's sequence and whether the head still needs witnessing."""

    notes: tuple[str, ...]
    sealed: state_tables.Digests
    size: int
    checkpoint: int
    witnessed: bool
    window: Window
    #: What was proven, as a ``closed`` record names it (``None``: not sealable).
    tail: Tail | None = None
    #: Proven by the ``closed`` record at the head (nothing to seal again at close).
    by_closed: bool = False


class Store:
    """An open table store: the SQLite connection, the audit log path and head, the table id.

    Open with :meth:`Store.open`; close with :meth:`close` (or use as a context manager)."""

    def __init__(self, directory: Path, table: str, connection: sqlite3.Connection,
                 audit_state: AuditState, *, readonly: bool, lock_fd: int | None,
                 notes: tuple[str, ...] = (), witness: Witness | None = None) -> None:
        self.directory = directory
        self._audit_path: tuple[Path, Path] | None = None
        self.table = table
        self.connection = connection
        self.audit_state = audit_state
        self.readonly = readonly
        self.notes = notes
        self.witness = witness
        #: Why the last attempt to witness the head failed (``None``: it did not).
        self.witness_problem: str | None = None
        self.checkpoint_every = CHECKPOINT_EVERY
        #: Where the rows this opening proved begin (the last checkpoint's window): the rows
        #: before were proven when they were written.
        self.proven_window = Window()
        self._lock_fd = lock_fd
        self._broken: str | None = None
        self._sealed: state_tables.Digests = {}
        self._audit_size = 0
        self._checkpoint_seq = 0
        self._witnessed = True
        #: The head when it is a ``closed`` record this opening proved or this store wrote.
        self._closed_at = -1
        #: This opening was proven by the ``closed`` record of the last clean close (its two
        #: digests, see :mod:`.closing`) rather than record by record.
        self.proven_by_close = False

    # -- opening -------------------------------------------------------------------------------

    @classmethod
    def open(cls, directory: str | os.PathLike[str], table: str, *, readonly: bool = False,
             create: bool = True, witness: Witness | None = None) -> Store:
        """Open (or, on the very first start, create) the store of ``table`` in ``directory``.

        Every opening proves the store (see the module documentation): the audit log after the
        last checkpoint record by record, the database's journal rows written since and its
        accounts, configuration, meters and jackpot records against what the audit log says,
        and the head against the witness (``witness``, else ``$DEALER_STATION_WITNESS``).
        Raises :class:`StoreError` on every condition listed in the module documentation."""
        directory = Path(directory)
        check_table_id(table)
        witness = witness or Witness.configured()
        if witness is not None:
            try:
                witness.check_outside(directory.parent)
            except ValueError as error:
                raise StoreError(f"refusing to start: {error}") from None
        database = directory / DATABASE_NAME
        audit_path = directory / AUDIT_NAME
        if not database.exists():
            if not readonly and create:
                cls._refuse_lost_table(witness, table, f"the table's directory {directory} is "
                                       "missing" if not directory.exists() else
                                       f"its database {database} is missing")
            if audit_path.exists() and audit_path.stat().st_size > 0:
                raise StoreError(
                    f"refusing to start: the database {database} is missing but the audit log "
                    f"{audit_path} shows this table has run before; restore the database "
                    "instead of starting a fresh one")
            if readonly or not create:
                raise StoreError(f"no database for table {table!r} at {database}")
            _make_private_directory(directory)
        lock_fd = None if readonly else cls._lock(directory, table)
        try:
            if not database.exists():
                os.close(os.open(database, os.O_WRONLY | os.O_CREAT, 0o600))
            connection = _connect(database, readonly=readonly)
            try:
                with _refusing_corrupt(database):
                    store = cls._open_connection(directory, table, connection, audit_path,
                                                 readonly=readonly, lock_fd=lock_fd,
                                                 witness=witness)
            except BaseException:
                connection.close()
                raise
        except BaseException:
            if lock_fd is not None:
                os.close(lock_fd)
            raise
        return store

    @classmethod
    def _open_connection(cls, directory: Path, table: str, connection: sqlite3.Connection,
                         audit_path: Path, *, readonly: bool, lock_fd: int | None,
                         witness: Witness | None) -> Store:
        database = directory / DATABASE_NAME
        cls._check_not_blank(connection, database, audit_path)
        version = cls._version(connection)
        if not version and not readonly:
            cls._refuse_lost_table(witness, table, f"its database {database} is empty")
        latest = MIGRATIONS[-1][0]
        if version > latest:
            raise StoreError(f"refusing to start: the database is at schema version {version}, "
                             f"newer than this program knows ({latest})")
        if readonly and version != latest:
            raise StoreError(f"database {database} is at schema version {version}; start the "
                             "station to migrate")
        proven = None
        if version:
            cls._check_table(connection, table)
            try:
                proven = cls._prove(connection, audit_path, table, version=version,
                                    readonly=readonly, witness=witness)
            finally:
                if connection.in_transaction:
                    connection.execute("COMMIT")
        if not readonly:
            if not version:
                # a new store gives the pages the archive frees back to the file system
                # (store/compact.py); only possible before its first table is made
                connection.execute(f"PRAGMA auto_vacuum = {NEW_STORE_AUTO_VACUUM}")
            cls._configure(connection, database)
            cls._migrate(connection, table)
        state = cls._audit_state(connection)
        store = cls(directory, table, connection, state, readonly=readonly, lock_fd=lock_fd,
                    notes=proven.notes if proven else (), witness=witness)
        store._audit_size = proven.size if proven else 0
        store._checkpoint_seq = proven.checkpoint if proven else 0
        store._witnessed = proven.witnessed if proven else True
        store._sealed = proven.sealed if proven else {}
        store.proven_window = proven.window if proven else Window()
        if proven is not None and proven.by_closed:
            store._closed_at = state.seq
            store.proven_by_close = True
        if not readonly:
            state_tables.install_triggers(connection)
            if version < latest:
                store._seal_after_migration(version)
            tightened = modes.tighten(directory)
            if tightened:
                store.notes = (*store.notes, "file modes tightened: " + "; ".join(tightened))
            if store.audit_state.seq - store._checkpoint_seq >= store.checkpoint_every:
                store._checkpoint()
            if not store._witnessed:
                store._witness_head()
        return store

    @staticmethod
    def _refuse_lost_table(witness: Witness | None, table: str, what: str) -> None:
        """A first start only where the witness holds no records of ``table``: one where it
        does is the table's records deleted or moved (``what``), never a new table."""
        if witness is None:
            return
        try:
            seen = witness.last(table)
        except OSError as error:
            raise StoreError(f"refusing to start: the witness {witness.path} cannot be read "
                             f"({error})") from None
        if seen is None or seen.seq == 0:
            return
        raise StoreError(
            f"refusing to start: the witness {witness.path} holds audit record {seen.seq} of "
            f"table {table} (witnessed at {seen.time}) but {what}: the table's records were "
            "deleted or moved, a new table is not started over them. Restore the table's "
            "directory from a copy; if its records are lost for good, a supervisor records "
            f"the start-over: `dealer-station store start-over --table {table} --user ID "
            "--name NAME --reason TEXT` (docs/security.md)")

    @staticmethod
    def _lock(directory: Path, table: str) -> int:
        fd = os.open(directory / "station.lock", os.O_RDWR | os.O_CREAT, 0o640)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            os.close(fd)
            raise StoreError(f"another station has table {table!r} open") from None
        return fd

    @classmethod
    def _check_not_blank(cls, connection: sqlite3.Connection, database: Path,
                         audit_path: Path) -> None:
        """A database without a schema is only built on the very first start: refuse one that
        is blank (emptied, or truncated to nothing: SQLite reads an empty file as a new
        database) while the audit log shows the table has run, and one that holds tables of
        something else."""
        if cls._version(connection) != 0:
            return
        if audit_path.exists() and audit_path.stat().st_size > 0:
            raise StoreError(
                f"refusing to start: the database {database} is empty (no schema) but the audit "
                f"log {audit_path} shows this table has run before; restore the database "
                "instead of starting a fresh one")
        tables = connection.execute(
            "SELECT name FROM sqlite_master WHERE type = 'table'").fetchall()
        if tables:
            raise StoreError(f"refusing to start: {database} is not a Dealer Station table "
                             f"database (no schema version; it holds {tables[0][0]!r})")

    @staticmethod
    def _configure(connection: sqlite3.Connection, database: Path) -> None:
        mode = connection.execute("PRAGMA journal_mode=WAL").fetchone()[0]
        if str(mode).lower() != "wal":
            raise StoreError(f"database {database} cannot use WAL mode (got {mode})")
        connection.execute("PRAGMA synchronous=FULL")
        connection.execute("PRAGMA foreign_keys=ON")

    @staticmethod
    def _version(connection: sqlite3.Connection) -> int:
        version: int = connection.execute("PRAGMA user_version").fetchone()[0]
        return version

    @classmethod
    def _migrate(cls, connection: sqlite3.Connection, table: str) -> None:
        version = cls._version(connection)
        for number, _description, sql in MIGRATIONS:
            if number <= version:
                continue
            connection.execute("BEGIN IMMEDIATE")
            try:
                for statement in sql.split(";"):
                    if statement.strip() and not cls._added_already(connection, statement):
                        connection.execute(statement)
                if number == 1:
                    connection.execute("INSERT INTO meta (key, value) VALUES ('table', ?)",
                                       (table,))
                    connection.execute(
                        "INSERT INTO audit_head (id, seq, hash, first_pending, pending) "
                        "VALUES (1, 0, ?, 1, '[]')", (audit.GENESIS,))
                connection.execute(f"PRAGMA user_version = {int(number)}")
                connection.execute("COMMIT")
            except BaseException:
                connection.execute("ROLLBACK")
                raise
        cls._check_table(connection, table)

    @staticmethod
    def _added_already(connection: sqlite3.Connection, statement: str) -> bool:
        """Whether ``statement`` adds a column the table has already (SQLite has no ``ADD
        COLUMN IF NOT EXISTS``: a migration is then a no-op, as ``IF NOT EXISTS`` makes one
        that creates a table or an index)."""
        words = statement.split()
        if [w.upper() for w in words[:2] + words[3:5]] != ["ALTER", "TABLE", "ADD", "COLUMN"]:
            return False
        return any(column[1] == words[5] for column in connection.execute(
            f"PRAGMA table_info({words[2]})"))

    @staticmethod
    def _check_table(connection: sqlite3.Connection, table: str) -> None:
        row = connection.execute("SELECT value FROM meta WHERE key = 'table'").fetchone()
        if row is None or row[0] != table:
            raise StoreError(f"refusing to start: this database belongs to table "
                             f"{row[0] if row else '?'!r}, not {table!r}")

    @staticmethod
    def _audit_state(connection: sqlite3.Connection) -> AuditState:
        try:
            row = connection.execute(
                "SELECT seq, hash, first_pending, pending FROM audit_head WHERE id = 1"
            ).fetchone()
        except sqlite3.DatabaseError as error:
            raise StoreError(f"refusing to start: the database has no audit head ({error})") \
                from None
        if row is None:
            raise StoreError("refusing to start: the database has no audit head")
        return AuditState(row[0], row[1], row[2], tuple(json.loads(row[3])))

    @staticmethod
    def _checkpoints(connection: sqlite3.Connection, version: int, *,
                     at_most: int | None = None, limit: int) -> list[_Checkpoint]:
        """The newest ``limit`` checkpoints recorded in the database, newest first (at most
        record ``at_most``). Only the newest are read: a table that has played for years has
        tens of thousands of them (reading them all was the part of every start that grew
        with the table's age)."""
        if version < SEALED_VERSION:
            return []
        rows = connection.execute(
            "SELECT seq, hash, offset FROM checkpoints WHERE seq <= ? ORDER BY seq DESC LIMIT ?",
            (at_most if at_most is not None else 2**62, limit)).fetchall()
        return [_Checkpoint(int(r[0]), str(r[1]), int(r[2])) for r in rows]

    @classmethod
    def _prove(cls, connection: sqlite3.Connection, path: Path, table: str, *, version: int,
               readonly: bool, witness: Witness | None, again: bool = False) -> _Proven:
        """Check the audit log after the last checkpoint against the database head, complete
        the last transaction's lines if a crash cut them off, prove the database's rows equal
        what those records say and the head against the witness; refuse on anything else.

        Opened read-only beside a running station (which commits a change, then appends its
        lines): the log is read, then the database's snapshot taken (at least as new), then
        the log read again; lines beyond the snapshot that were not there at the first read
        were appended by the running station since, and are left to its own proof. A database
        behind the log as it stood before the snapshot was rolled back."""
        state = cls._audit_state(connection)
        if not readonly and not again:
            closed = cls._reopen(connection, path, table, state, version, witness)
            if closed is not None:
                return closed
        checkpoint, lines, tail, first, prev, sealing = cls._tail(connection, path, state,
                                                                  version)
        if readonly:
            before = first - 1 + len(lines)
            connection.execute("BEGIN")  # one snapshot for the whole proof
            state = cls._audit_state(connection)
            checkpoint, lines, tail, first, prev, sealing = cls._tail(connection, path, state,
                                                                      version)
            if before <= state.seq < first - 1 + len(lines):
                lines, tail = lines[:state.seq - first + 1], None
        report = audit.verify_lines(lines, expected_count=state.seq, expected_head=state.hash,
                                    partial_tail=tail, first=first, prev=prev)
        notes: tuple[str, ...] = ()
        size = (checkpoint.offset if checkpoint else 0) + sum(len(line.encode()) + 1
                                                              for line in lines)
        if not report.ok or tail is not None:
            missing = pending_gap(lines, tail, state, first=first, prev=prev)
            if missing is None:
                if checkpoint is not None and report.broken_at == first:
                    report = audit.verify(path, expected_count=state.seq,
                                          expected_head=state.hash)
                problem = report.problem or f"record {first + len(lines)}: incomplete"
                raise StoreError(f"refusing to start: the audit log {path} does not verify: "
                                 f"{problem}")
            notes = (f"audit log was {len(missing)} record(s) behind the database after an "
                     "interruption",)
            if readonly:
                notes = (notes[0] + "; the station completes them at its next start",)
            else:
                with open(path, "r+b") as handle:
                    handle.truncate(size)
                    handle.flush()
                    os.fsync(handle.fileno())
                audit.append_line(path, "\n".join(missing))
                size += sum(len(line.encode()) + 1 for line in missing)
                notes = (notes[0] + "; completed from the database",)
            lines = [*lines, *missing]
        window, sealed, sealed_by, extents = sealing
        proof = Proof(connection, window, sealed, sealed_by, extents=extents,
                      check_state=version >= SEALED_VERSION, version=version)
        offset = checkpoint.offset if checkpoint else 0
        for number, line in enumerate(lines, start=first):
            # (where each line begins: a journal row must name its own record's place)
            proof.feed_line(number, line, offset)
            offset += len(line.encode("utf-8")) + 1
        difference = proof.finish()
        if difference is not None:
            raise StoreError(f"refusing to start: the database does not match the audit log: "
                             f"{difference}")
        witnessed = True
        if witness is not None:
            witnessed = cls._check_witness(connection, path, state, table, witness, version,
                                           lines, first)
            if not witnessed and state.seq and witness.last(table) is None:
                notes = (*notes, f"the witness {witness.path} has no head of table {table} "
                                 f"while the log holds {state.seq} records: a new witness, "
                                 "or the witness was lost (a rollback before now cannot be "
                                 "detected)")
        sessions = [int(key) for key in proof.rows.get("sessions", {})]
        sessions.append(int(proof.extents.get("sessions", {}).get("last", 0)) + 1)
        proven = Tail(checkpoint.seq if checkpoint else 0,
                      checkpoint.hash if checkpoint else audit.GENESIS,
                      checkpoint.offset if checkpoint else 0, window,
                      min(window.rounds + 1, proof.first_round or window.rounds + 1),
                      min(sessions))
        return _Proven(notes, state_tables.all_digests(connection, version), size,
                       checkpoint.seq if checkpoint else 0, witnessed, window, proven)

    @classmethod
    def _reopen(cls, connection: sqlite3.Connection, path: Path, table: str, state: AuditState,
                version: int, witness: Witness | None) -> _Proven | None:
        """What a clean close sealed, when it still holds (see :mod:`.closing`): the head is
        the ``closed`` record alone in its transaction, the log ends with it, the witness saw
        it, and the log's bytes from the checkpoint and the database's rows hash as it says.
        ``None``: prove in full (which names what differs)."""
        line = state.pending[0] if len(state.pending) == 1 else ""
        if (version != MIGRATIONS[-1][0] or state.first_pending != state.seq
                or f'"kind":"{CLOSED}"' not in line):
            return None
        try:
            record = json.loads(line)
            tail = Tail.from_json(record["data"]["tail"])
            log, rows, prev = str(record["data"]["log"]), str(record["data"]["rows"]), \
                str(record["prev"])
            digests = {str(table): {str(key): str(digest) for key, digest in found.items()}
                       for table, found in record["data"]["state"].items()}
        except (ValueError, KeyError, TypeError, AttributeError):
            return None  # (a closed record of an earlier version, without the state: in full)
        newest = cls._checkpoints(connection, version, limit=1)
        where = ((newest[0].seq, newest[0].hash, newest[0].offset) if newest
                 else (0, audit.GENESIS, 0))
        if (record.get("kind") != CLOSED or audit.fast_hash(line, state.seq, prev) != state.hash
                or (tail.checkpoint, tail.hash, tail.offset) != where):
            return None
        if witness is not None:
            try:
                seen = witness.last(table)
            except OSError:
                return None
            if seen is None or (seen.seq, seen.hash) != (state.seq, state.hash):
                return None
        try:
            with open(path, "rb") as handle:
                handle.seek(tail.offset)
                data = handle.read()
        except OSError:
            return None
        ending = line.encode("utf-8") + b"\n"
        if not data.endswith(ending) or hashlib.sha256(
                memoryview(data)[:len(data) - len(ending)]).hexdigest() != log:
            return None
        if rows_digest(connection, tail) != rows:
            return None  # (the state tables' rows as at the close: their digests are its own)
        return _Proven((), digests, tail.offset + len(data), tail.checkpoint, True, tail.window,
                       tail, by_closed=True)

    def _seal_tail(self) -> None:
        """At a clean close: prove what the next start would prove (as a start does) and seal
        it in a witnessed ``closed`` record (see :mod:`.closing`), so that start checks two
        digests instead. Nothing is sealed when the proof fails (the next start refuses and
        names what differs) or when the head is a ``closed`` record already."""
        if self.audit_state.seq == self._closed_at:
            return
        if not self.audit_path.exists() and self.audit_state.seq == 0:
            return  # a new table closed before its first record: nothing to seal (a start on a
            # fresh data directory and a refused first `users add` warned "No such file")
        try:
            if self.audit_state.seq + 1 - self._checkpoint_seq >= self.checkpoint_every:
                self._checkpoint()  # the closed record stays the head
            proven = self._prove(self.connection, self.audit_path, self.table,
                                 version=self._version(self.connection), readonly=False,
                                 witness=self.witness, again=True)
            if proven.tail is None:
                return
            with open(self.audit_path, "rb") as handle:
                handle.seek(proven.tail.offset)
                data = handle.read(proven.size - proven.tail.offset)
            rows = rows_digest(self.connection, proven.tail)
            with self.transaction() as work:
                work.audit(CLOSED, {"tail": proven.tail.to_json(),
                                    "log": hashlib.sha256(data).hexdigest(), "rows": rows,
                                    "state": proven.sealed})
        except (StoreError, OSError, sqlite3.Error) as error:
            if self.connection.in_transaction:
                self.connection.execute("ROLLBACK")
            _warn("tail_not_sealed_at_close", problem=str(error))
            return
        self._closed_at = self.audit_state.seq

    @classmethod
    def _tail(cls, connection: sqlite3.Connection, path: Path, state: AuditState,
              version: int) -> tuple[_Checkpoint | None, list[str], str | None, int, str,
                                     tuple[Window, Any, int | None, Any]]:
        """The audit log from the last checkpoint whose record is in place: the checkpoint,
        the complete lines, a torn tail, the first line's sequence and the hash it chains
        after, and what the checkpoint seals (journal window, state digests, its sequence).
        A checkpoint record not where the database says is a changed log."""
        for checkpoint in cls._checkpoints(connection, version, limit=2):
            lines, tail = audit.read_lines(path, offset=checkpoint.offset)
            if not lines and checkpoint.seq == state.first_pending:
                continue  # the checkpoint's own line was cut off by a crash: the one before
            line = lines[0] if lines else ""
            try:
                record = json.loads(line)
                prev = str(record["prev"])
            except (ValueError, KeyError, TypeError):
                prev = ""
            if audit.fast_hash(line, checkpoint.seq, prev) != checkpoint.hash:
                report = audit.verify(path, expected_count=state.seq, expected_head=state.hash)
                problem = report.problem or (
                    f"record {checkpoint.seq}: checkpoint {checkpoint.seq} of the database is "
                    "not at its place in the log (the database's checkpoints were edited)")
                raise StoreError(f"refusing to start: the audit log {path} does not verify: "
                                 f"{problem}")
            data = record.get("data") or {}
            sealing = (Window.from_json(data.get("window") or {}), data.get("state") or {},
                       checkpoint.seq, data.get("extents") or {})
            return checkpoint, lines, tail, checkpoint.seq, prev, sealing
        lines, tail = audit.read_lines(path)
        return None, lines, tail, 1, audit.GENESIS, (Window(), None, None, {})

    @classmethod
    def _check_witness(cls, connection: sqlite3.Connection, path: Path, state: AuditState,
                       table: str, witness: Witness, version: int, lines: list[str],
                       first: int) -> bool:
        """Refuse unless the head last witnessed is in the chain; whether the current head is
        witnessed already."""
        try:
            seen = witness.last(table)
        except OSError as error:
            raise StoreError(f"refusing to start: the witness {witness.path} cannot be read "
                             f"({error})") from None
        if seen is None:
            return state.seq == 0
        if seen.seq > state.seq:
            raise StoreError(
                f"refusing to start: rolled back: the witness {witness.path} saw audit record "
                f"{seen.seq} (at {seen.time}) but the database and the audit log end at record "
                f"{state.seq} (restored from an older copy?)")
        found: str | None = audit.GENESIS  # (seq 0: a start-over, the chain begins again)
        if seen.seq and seen.seq >= first:
            found = json.loads(lines[seen.seq - first])["hash"]
        elif seen.seq:
            found = cls._hash_at(connection, path, seen.seq, version)
        if found != seen.hash:
            raise StoreError(
                f"refusing to start: audit record {seen.seq} is not the one the witness "
                f"{witness.path} saw at {seen.time} (hash {seen.hash[:16]}…, now "
                f"{str(found)[:16]}…): the audit log was rewritten and re-chained after it was "
                "witnessed")
        return (seen.seq, seen.hash) == (state.seq, state.hash)

    @classmethod
    def _hash_at(cls, connection: sqlite3.Connection, path: Path, seq: int,
                 version: int) -> str | None:
        """The hash of record ``seq`` (streamed from the checkpoint before it)."""
        before = cls._checkpoints(connection, version, at_most=seq, limit=1)
        offset, first, prev = 0, 1, audit.GENESIS
        if before:
            lines, _tail = audit.read_lines(path, offset=before[0].offset, limit=1)
            try:
                prev = str(json.loads(lines[0])["prev"])
                offset, first = before[0].offset, before[0].seq
            except (IndexError, ValueError, KeyError, TypeError):
                pass
        report = audit.stream(path, offset=offset, first=first, prev=prev, until=seq)
        return report.head if report.count == seq else None

    # -- use -----------------------------------------------------------------------------------

    @property
    def audit_size(self) -> int:
        """The audit log's length in bytes (every committed record written)."""
        return self._audit_size

    @property
    def audit_path(self) -> Path:
        # made once per directory: every committed transaction appends to it
        made = self._audit_path
        if made is None or made[0] is not self.directory:
            made = self._audit_path = (self.directory, self.directory / AUDIT_NAME)
        return made[1]

    @property
    def database_path(self) -> Path:
        return self.directory / DATABASE_NAME

    @contextlib.contextmanager
    def transaction(self, *, rewriting_rows: bool = False) -> Iterator[Transaction]:
        """A write transaction; its audit records reach the log file after the commit. A change
        of the accounts, configuration, meters or jackpot records adds a ``state`` record (see
        :mod:`.state`). ``rewriting_rows``: rows are deleted and written again with the same
        keys inside it (archiving), so SQLite does not look up every row referring to each
        one deleted (a scan of an unindexed child table per row); foreign keys are enforced
        again after it."""
        if self.readonly:
            raise StoreError("the store is open read-only")
        if self._broken:
            raise StoreError(f"the store stopped after an error: {self._broken}")
        if rewriting_rows:
            self.connection.execute("PRAGMA foreign_keys = OFF")
            try:
                with self.transaction() as work:
                    yield work
            finally:
                self.connection.execute("PRAGMA foreign_keys = ON")
            return
        self.connection.execute("BEGIN IMMEDIATE")
        work = Transaction(self)
        sealed = self._sealed
        try:
            yield work
            touched = state_tables.take_touched(self.connection)
            changed = {table: state_tables.row_digests(self.connection, table)
                       for table in touched}
            changed = {t: rows for t, rows in changed.items() if sealed.get(t) != rows}
            rows = state_tables.take_touched_rows(self.connection)
            if changed or rows:
                work.audit("state", {"tables": changed, **({"rows": rows} if rows else {})})
                sealed = {**sealed, **changed}
            if work.entries:
                last = work.entries[-1]
                self.connection.execute(
                    "UPDATE audit_head SET seq = ?, hash = ?, first_pending = ?, pending = ? "
                    "WHERE id = 1",
                    (last.sequence, last.hash, work.entries[0].sequence,
                     json.dumps([entry.line for entry in work.entries])))
            self.connection.execute("COMMIT")
        except BaseException:
            if self.connection.in_transaction:
                self.connection.execute("ROLLBACK")
            with contextlib.suppress(sqlite3.Error):
                state_tables.take_touched(self.connection)
                state_tables.take_touched_rows(self.connection)
            raise
        self._sealed = sealed
        if work.entries:
            text = "\n".join(e.line for e in work.entries)
            try:
                audit.append_line(self.audit_path, text)
            except OSError as error:
                self._broken = f"cannot write the audit log: {error}"
                raise StoreError(self._broken) from error
            self._audit_size += len(text.encode("utf-8")) + 1
            last = work.entries[-1]
            self.audit_state = AuditState(last.sequence, last.hash, work.entries[0].sequence,
                                          tuple(e.line for e in work.entries))
            self._witnessed = False
            if any(e.kind not in UNWITNESSED_KINDS for e in work.entries):
                self._witness_head()
            if last.sequence - self._checkpoint_seq >= self.checkpoint_every:
                self._checkpoint()

    def checkpoint(self) -> int:
        """Seal a checkpoint now (see :meth:`_checkpoint`); its sequence number."""
        self._checkpoint()
        return self._checkpoint_seq

    def _checkpoint(self) -> None:
        """Seal a checkpoint: an audit record of its own with every state table's digests and
        where the journal stands, recorded with its place in the log, and witnessed."""
        self._checkpoint_seq = self.audit_state.seq + 1  # no second one from inside
        offset = self._audit_size
        with self.transaction() as work:
            entry = work.audit("checkpoint", {
                "state": self._sealed,
                "extents": state_tables.all_extents(self.connection),
                "window": Window.of(self.connection).to_json()})
            work.execute("INSERT INTO checkpoints (seq, hash, offset, time) VALUES (?, ?, ?, ?)",
                         (entry.sequence, entry.hash, offset, audit.utc_now()))
        self._checkpoint_seq = entry.sequence

    def _seal_after_migration(self, version: int) -> None:
        """After a migration from ``version``: seal the state tables as they stand (a database
        from before state records: adopted as proven by the full chain and journal proof)."""
        current = state_tables.all_digests(self.connection)
        rows: state_tables.RowChanges = {}
        if version < SEALED_VERSION:
            rows = {table: dict(state_tables.rows_after(self.connection, table, 0))
                    for table in state_tables.GROWING_TABLES}
            rows = {table: found for table, found in rows.items() if found}
        elif {t: r for t, r in current.items() if r} == {t: r for t, r in self._sealed.items()
                                                         if r}:
            return
        if not any(current.values()) and not rows:
            self._sealed = current
            return
        with self.transaction() as work:
            work.audit("state", {"tables": current, **({"rows": rows} if rows else {}),
                                 "reason": f"sealed after the migration from schema version "
                                           f"{version}"})
        self._sealed = current

    def _witness_head(self) -> None:
        """Write the head to the witness; a failure is kept in :attr:`witness_problem` (and
        retried with the next witnessed change)."""
        if self.witness is None:
            return
        try:
            self.witness.record(self.table, self.audit_state.seq, self.audit_state.hash)
        except OSError as error:
            problem = f"cannot write the witness {self.witness.path}: {error}"
            if problem != self.witness_problem:
                _warn("witness_unwritable", problem=problem, seq=self.audit_state.seq)
            self.witness_problem = problem
            return
        self.witness_problem = None
        self._witnessed = True

    def audit(self, kind: str, data: Mapping[str, Any], *, actor: str | None = None,
              round_id: int | None = None) -> AuditEntry:
        """Append one audit record on its own (a transaction with nothing else in it)."""
        with self.transaction() as work:
            entry = work.audit(kind, data, actor=actor, round_id=round_id)
        return entry

    def verify_audit(self) -> VerifyReport:
        """Verify the whole audit log against the head recorded in the database."""
        state = self._audit_state(self.connection)
        return audit.verify(self.audit_path, expected_count=state.seq, expected_head=state.hash)

    def query(self, sql: str, parameters: Any = ()) -> list[sqlite3.Row]:
        return self.connection.execute(sql, parameters).fetchall()

    def pragma(self, name: str) -> Any:
        return self.connection.execute(f"PRAGMA {name}").fetchone()[0]

    def close(self) -> None:
        if not self.readonly and self._broken is None and self._lock_fd is not None:
            self._seal_tail()  # (not again once closed)
        if not self.readonly and not self._witnessed and self._broken is None:
            self._witness_head()
        self.connection.close()
        if self._lock_fd is not None:
            os.close(self._lock_fd)
            self._lock_fd = None

    def __enter__(self) -> Store:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
