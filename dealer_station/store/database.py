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
import json
import os
import sqlite3
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from dealer_station import audit
from dealer_station.audit import AuditEntry, VerifyReport
from dealer_station.store.paths import AUDIT_NAME, DATABASE_NAME, check_table_id

__all__ = [
    "MIGRATIONS",
    "AuditState",
    "Store",
    "StoreError",
    "Transaction",
    "pending_gap",
    "read_audit_state",
]


class StoreError(OSError):
    """The table's storage cannot be trusted or opened: the station refuses to start."""


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
    (3, "meter reversal entries (a voided round's contribution taken back, once)", """
        CREATE TABLE meter_entries_v3 (
            id INTEGER PRIMARY KEY,
            meter TEXT NOT NULL REFERENCES meters (name),
            kind TEXT NOT NULL CHECK (kind IN
                ('seed', 'contribution', 'hit', 'validation', 'paid', 'reseed', 'rate', 'reset',
                 'reversal')),
            amount INTEGER NOT NULL,
            balance INTEGER NOT NULL,
            round_id INTEGER REFERENCES rounds (id),
            jackpot INTEGER,
            actor TEXT,
            detail TEXT NOT NULL DEFAULT '{}',
            time TEXT NOT NULL
        );
        INSERT INTO meter_entries_v3 SELECT id, meter, kind, amount, balance, round_id, jackpot,
            actor, detail, time FROM meter_entries;
        DROP TABLE meter_entries;
        ALTER TABLE meter_entries_v3 RENAME TO meter_entries;
        CREATE UNIQUE INDEX meter_one_contribution_per_round
            ON meter_entries (meter, round_id) WHERE kind = 'contribution';
        CREATE UNIQUE INDEX meter_one_reversal_per_round
            ON meter_entries (meter, round_id) WHERE kind = 'reversal';
        CREATE INDEX meter_entries_by_meter ON meter_entries (meter, id);
    """),
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
)


def pending_gap(lines: list[str], tail: str | None, state: AuditState) -> list[str] | None:
    """The lines of the last committed transaction missing from the log file, when the file
    is exactly what a crash between the database commit and the file write leaves (a prefix of
    that transaction's lines, maybe with a torn partial line); ``None`` otherwise."""
    first = state.first_pending
    written = len(lines) - (first - 1)
    pending = list(state.pending)
    if not (first - 1 <= len(lines) < state.seq and len(pending) == state.seq - first + 1):
        return None
    if lines[first - 1:] != pending[:written] or not audit.verify_lines(lines).ok:
        return None
    if tail is not None and not pending[written].startswith(tail):
        return None
    return pending[written:]


def read_audit_state(database: Path) -> AuditState:
    """The audit head recorded in the database at ``database`` (opened read-only)."""
    if not database.exists():
        raise StoreError(f"no database at {database}")
    connection = _connect(database, readonly=True)
    try:
        Store._check_integrity(connection, database)
        Store._check_not_blank(connection, database, database.parent / AUDIT_NAME)
        return Store._audit_state(connection)
    finally:
        connection.close()


@dataclass(frozen=True, slots=True)
class AuditState:
    """The audit head recorded in the database: the last committed record's sequence and hash,
    and the lines of the last transaction (``first_pending``..``seq``)."""

    seq: int
    hash: str
    first_pending: int
    pending: tuple[str, ...]


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
        self._store = store
        self.entries: list[AuditEntry] = []

    def execute(self, sql: str, parameters: Any = ()) -> sqlite3.Cursor:
        return self.connection.execute(sql, parameters)

    def audit(self, kind: str, data: Mapping[str, Any], *, actor: str | None = None,
              round_id: int | None = None) -> AuditEntry:
        """Add one audit record to this transaction (chained after the previous one)."""
        head = self.entries[-1] if self.entries else None
        sequence = head.sequence + 1 if head else self._store.audit_state.seq + 1
        prev = head.hash if head else self._store.audit_state.hash
        entry = audit.make_entry(sequence, prev, kind, data, actor=actor,
                                 table=self._store.table, round_id=round_id)
        self.entries.append(entry)
        return entry


class Store:
    """An open table store: the SQLite connection, the audit log path and head, the table id.

    Open with :meth:`Store.open`; close with :meth:`close` (or use as a context manager)."""

    def __init__(self, directory: Path, table: str, connection: sqlite3.Connection,
                 audit_state: AuditState, *, readonly: bool, lock_fd: int | None,
                 notes: tuple[str, ...] = ()) -> None:
        self.directory = directory
        self.table = table
        self.connection = connection
        self.audit_state = audit_state
        self.readonly = readonly
        self.notes = notes
        self._lock_fd = lock_fd
        self._broken: str | None = None

    # -- opening -------------------------------------------------------------------------------

    @classmethod
    def open(cls, directory: str | os.PathLike[str], table: str, *, readonly: bool = False,
             create: bool = True) -> Store:
        """Open (or, on the very first start, create) the store of ``table`` in ``directory``.

        Raises :class:`StoreError` on every condition listed in the module documentation."""
        directory = Path(directory)
        check_table_id(table)
        database = directory / DATABASE_NAME
        audit_path = directory / AUDIT_NAME
        if not database.exists():
            if audit_path.exists() and audit_path.stat().st_size > 0:
                raise StoreError(
                    f"refusing to start: the database {database} is missing but the audit log "
                    f"{audit_path} shows this table has run before; restore the database "
                    "instead of starting a fresh one")
            if readonly or not create:
                raise StoreError(f"no database for table {table!r} at {database}")
            directory.mkdir(parents=True, exist_ok=True)
        lock_fd = None if readonly else cls._lock(directory, table)
        try:
            if not database.exists():
                sqlite3.connect(database).close()
            connection = _connect(database, readonly=readonly)
            try:
                cls._check_integrity(connection, database)
                cls._check_not_blank(connection, database, audit_path)
                if not readonly:
                    cls._configure(connection, database)
                    cls._migrate(connection, table)
                elif cls._version(connection) != MIGRATIONS[-1][0]:
                    raise StoreError(f"database {database} is at schema version "
                                     f"{cls._version(connection)}; start the station to migrate")
                state = cls._audit_state(connection)
                notes = cls._reconcile(audit_path, state, readonly=readonly)
            except BaseException:
                connection.close()
                raise
        except BaseException:
            if lock_fd is not None:
                os.close(lock_fd)
            raise
        return cls(directory, table, connection, state, readonly=readonly, lock_fd=lock_fd,
                   notes=notes)

    @staticmethod
    def _lock(directory: Path, table: str) -> int:
        fd = os.open(directory / "station.lock", os.O_RDWR | os.O_CREAT, 0o640)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            os.close(fd)
            raise StoreError(f"another station has table {table!r} open") from None
        return fd

    @staticmethod
    def _check_integrity(connection: sqlite3.Connection, database: Path) -> None:
        try:
            rows = connection.execute("PRAGMA quick_check").fetchall()
        except sqlite3.DatabaseError as error:
            raise StoreError(f"refusing to start: the database {database} is corrupt "
                             f"({error})") from None
        result = [row[0] for row in rows]
        if result != ["ok"]:
            raise StoreError(f"refusing to start: the database {database} is corrupt "
                             f"({'; '.join(map(str, result[:3]))})")

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
        latest = MIGRATIONS[-1][0]
        if version > latest:
            raise StoreError(f"refusing to start: the database is at schema version {version}, "
                             f"newer than this program knows ({latest})")
        for number, _description, sql in MIGRATIONS:
            if number <= version:
                continue
            connection.execute("BEGIN IMMEDIATE")
            try:
                for statement in sql.split(";"):
                    if statement.strip():
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
    def _reconcile(path: Path, state: AuditState, *, readonly: bool) -> tuple[str, ...]:
        """Check the audit log against the database head; complete the last transaction's lines
        if a crash cut them off; refuse on anything else."""
        lines, tail = audit.read_lines(path)
        report = audit.verify_lines(lines, expected_count=state.seq, expected_head=state.hash)
        if report.ok and tail is None:
            return ()
        missing = pending_gap(lines, tail, state)
        if missing is None:
            problem = report.problem or f"record {len(lines) + 1}: incomplete"
            raise StoreError(f"refusing to start: the audit log {path} does not verify: {problem}")
        note = (f"audit log was {len(missing)} record(s) behind the database after an "
                "interruption")
        if readonly:
            return (note + "; the station completes them at its next start",)
        if tail is not None:
            with open(path, "r+b") as handle:
                handle.truncate(len(("\n".join(lines) + "\n").encode()) if lines else 0)
                handle.flush()
                os.fsync(handle.fileno())
        audit.append_line(path, "\n".join(missing))
        final = audit.verify(path, expected_count=state.seq, expected_head=state.hash)
        if not final.ok:
            raise StoreError(f"refusing to start: the audit log {path} does not verify: "
                             f"{final.problem}")
        return (note + "; completed from the database",)

    # -- use -----------------------------------------------------------------------------------

    @property
    def audit_path(self) -> Path:
        return self.directory / AUDIT_NAME

    @property
    def database_path(self) -> Path:
        return self.directory / DATABASE_NAME

    @contextlib.contextmanager
    def transaction(self) -> Iterator[Transaction]:
        """A write transaction; its audit records reach the log file after the commit."""
        if self.readonly:
            raise StoreError("the store is open read-only")
        if self._broken:
            raise StoreError(f"the store stopped after an error: {self._broken}")
        self.connection.execute("BEGIN IMMEDIATE")
        work = Transaction(self)
        try:
            yield work
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
            raise
        if work.entries:
            try:
                audit.append_line(self.audit_path, "\n".join(e.line for e in work.entries))
            except OSError as error:
                self._broken = f"cannot write the audit log: {error}"
                raise StoreError(self._broken) from error
            last = work.entries[-1]
            self.audit_state = AuditState(last.sequence, last.hash, work.entries[0].sequence,
                                          tuple(e.line for e in work.entries))

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
        self.connection.close()
        if self._lock_fd is not None:
            os.close(self._lock_fd)
            self._lock_fd = None

    def __enter__(self) -> Store:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
