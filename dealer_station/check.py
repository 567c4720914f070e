"""``dealer-station --check``: the start-up check a technician (and the kiosk unit, before every
start) runs on a table PC. One line per check, exit status non-zero with the reasons:

* **configuration** — the table configuration file (``--config``, else the shipped default)
  reads as TOML, names a known game whose settings the game itself accepts (a refusal gives
  the clause it breaks, e.g. ``[5324.34(f)(2)]``), and its ``[devices]`` table parses; the
  configuration stored in the table's database (what the station really runs with after its
  first start) is validated the same way and must be of the same game as the file.
* **database** — the table's SQLite database passes SQLite's ``integrity_check`` and
  ``foreign_key_check`` (up to :data:`SCAN_LIMIT_BYTES`; in a larger database the tables a start
  relies on, :data:`START_TABLES`, each checked on its own, and the whole scanned by
  ``dealer-station audit verify --database``, so the check before every start stays as fast
  whatever the table has played), has the audit head, and a schema this program knows; an
  older schema is migrated (:data:`dealer_station.store.database.MIGRATIONS`); and it equals
  what the audit log says, proven as every start proves it
  (:meth:`dealer_station.store.database.Store.open`): the round journal (every action record,
  each round's status, void reason and payments) and the meter entries written since the last
  sealed checkpoint, every account, configuration version, meter and jackpot record, the
  sessions, the meters equal to their journals; so a row edited in the database is found. No
  database yet is the first start (nothing to check; nothing is created).
* **audit chain** — the hash chain of the audit log verifies record by record from the last
  sealed checkpoint (records before it were proven when it was sealed; ``dealer-station audit
  verify`` proves every record from the first) and its last record is the head (sequence and
  hash) recorded in the database. A log one interrupted write behind the database is sound
  (the station completes it when it opens).
* **file modes** — the data directory and the table's directory 0700, the database and its
  ``-wal``/``-shm`` 0600, the audit log 0640 or stricter.
* **witness** — the witness of the chain's head (``$DEALER_STATION_WITNESS``, see
  :mod:`dealer_station.store.witness`) is outside the data directory and has not seen a later
  head than the database's (a rollback); with none configured the line says what cannot be
  detected.
* **devices** — every configured device is identified and self-tested through the drivers;
  with no hardware configured, the simulated table the station would start is.

>>> CheckResult("database", True, "schema version 2").line()
'OK    database: schema version 2'
>>> CheckResult("audit chain", False, "record 3: edited").line()
'FAIL  audit chain: record 3: edited'
"""

from __future__ import annotations

import json
import sqlite3
import sys
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TextIO

from dealer_station import audit
from dealer_station.auth import needs_first_supervisor
from dealer_station.games.registry import game_factory
from dealer_station.integrity import IntegrityError, program_identity
from dealer_station.store import archive, compact, journal
from dealer_station.store import meters as meter_store
from dealer_station.store.database import (
    MIGRATIONS,
    AuditState,
    Store,
    StoreError,
    integrity_check,
    pending_gap,
    read_audit_state,
    verify_recent,
)
from dealer_station.store.modes import wrong_modes
from dealer_station.store.paths import AUDIT_NAME, DATABASE_NAME, table_directory, table_id
from dealer_station.store.state import GROWING_TABLES, STATE_TABLES
from dealer_station.store.witness import ENV_WITNESS, Witness
from dealer_station.table_config import (
    DEFAULT_CONFIGS,
    TableSetup,
    load_table_config,
    validate_table_setup,
)

# The drivers and the floor are imported inside the checks that use them, deferred on purpose:
# `dealer-station audit` imports this module (and `--help` every command), so the drivers, the
# simulated table and psycopg load only when the checks run.
__all__ = ["CheckResult", "TableFiles", "print_results", "run", "run_checks"]

@dataclass(frozen=True, slots=True)
class CheckResult:
    """The outcome of one check: its name, passed or not, and what was found (the reason)."""

    name: str
    passed: bool
    detail: str

    def line(self) -> str:
        return f"{'OK  ' if self.passed else 'FAIL'}  {self.name}: {self.detail}"


@dataclass(frozen=True, slots=True)
class TableFiles:
    """Where one table's files are: its id, its data directory, the database and the log."""

    table: str
    directory: Path

    @property
    def database(self) -> Path:
        return self.directory / DATABASE_NAME

    @property
    def audit_log(self) -> Path:
        return self.directory / AUDIT_NAME

    @classmethod
    def find(cls, data_dir: str | None, table: str | None = None) -> TableFiles:
        """The table named by ``table`` (else ``$DEALER_STATION_TABLE``, else ``table-1``)
        under ``data_dir`` (else ``$DEALER_STATION_DATA_DIR``, else the platform's)."""
        name = table_id(table)
        return cls(name, table_directory(name, data_dir))


# -- configuration ---------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class _Configuration:
    game: str
    settings: Mapping[str, Any]
    devices: Mapping[str, Any]
    source: str
    floor: Mapping[str, Any] | None = None


def _read_file(path: str | None) -> _Configuration:
    """The table configuration file, read as the dealer's screen reads it."""
    setup = load_table_config(path)  # not TOML, or nested too deep: a ValueError
    if not isinstance(setup.devices, Mapping):
        raise ValueError(f"{path}: [devices] must be a table")
    source = path or f"the shipped default {DEFAULT_CONFIGS['let_it_ride']}"
    return _Configuration(setup.game, setup.settings, setup.devices, source, setup.floor)


def _validate_game(game: str, settings: Mapping[str, Any]) -> None:
    """Raise with the regulation's clause unless ``game`` accepts ``settings`` (the station's
    own test: it makes a round from them)."""
    game_factory(game)(dict(settings))


def _validate_station(station: Any) -> None:
    """Raise in one line unless the station's own settings (the reporting threshold, the time
    zone ...) are valid."""
    # deferred on purpose: the games' phases load only when the checks run (see above)
    from dealer_station.station_configuration import valid_station_settings

    if not isinstance(station, Mapping):
        raise ValueError("the station's settings are not a table")
    valid_station_settings(station)


def _stored_configuration(files: TableFiles) -> tuple[int, Mapping[str, Any]] | None:
    if not files.database.exists():
        return None
    connection = sqlite3.connect(f"file:{files.database}?mode=ro", uri=True)
    try:
        row = connection.execute(
            "SELECT version, document FROM config ORDER BY version DESC LIMIT 1").fetchone()
    except sqlite3.DatabaseError:
        return None  # the database check reports why
    finally:
        connection.close()
    if row is None:
        return None
    document: Mapping[str, Any] = json.loads(row[1])
    return int(row[0]), document


def check_program() -> CheckResult:
    """The program's power-up self-check: a bundle's signed manifest and every file's SHA-256
    (``dealer_station/integrity.py``); a development checkout says it is not verified."""
    try:
        identity = program_identity()
    except IntegrityError as error:
        return CheckResult("program", False, f"a modified program: {error}")
    return CheckResult("program", True, str(identity))


def check_configuration(config: str | None, files: TableFiles
                        ) -> tuple[CheckResult, _Configuration | None]:
    """The configuration check; also returns what it read (for the devices check)."""
    # deferred on purpose: the drivers load only when the checks run (see above)
    from drivers.config import parse_device_config

    name = "configuration"
    try:
        found = _read_file(config)
        parse_device_config(found.devices)
    except (ValueError, OSError) as error:
        return CheckResult(name, False, str(error)), None
    try:
        # exactly the start's validation of the file (the dealer's screen calls it too)
        validate_table_setup(TableSetup(found.game, found.settings, found.devices, found.floor))
    except (ValueError, OSError) as error:
        return CheckResult(name, False, str(error)), found  # the devices can still be checked
    detail = f"{found.game} from {found.source}"
    stored = _stored_configuration(files)
    if stored is not None:
        version, document = stored
        game = str(document.get("game"))
        try:
            _validate_game(game, document.get("settings", {}))
            _validate_station(document.get("station", {}))
        except ValueError as error:
            return CheckResult(name, False, f"the configuration stored for table {files.table} "
                                            f"(version {version}) is refused: {error}"), found
        if config is not None and game != found.game:
            return CheckResult(name, False, f"{found.source} is for {found.game} but table "
                                            f"{files.table} is configured for {game}; a "
                                            "supervisor changes the configuration"), found
        found = _Configuration(game, document.get("settings", {}), found.devices, found.source,
                               found.floor)
        detail = (f"{game}, version {version} stored for table {files.table} is valid; "
                  f"devices from {found.source}")
    return CheckResult(name, True, detail), found


# -- database and audit chain ----------------------------------------------------------------


#: Up to this size ``--check`` (run before every start of the kiosk unit) scans the whole
#: database with SQLite's ``integrity_check`` (~4 ms a MiB: ~60 ms here); a larger one — a
#: table's database passes it after a few weeks of play — has only :data:`START_TABLES` checked
#: here, and is scanned whole by ``dealer-station audit verify --database``, so the check before
#: a start does not grow with what the table has played (issue 17).
SCAN_LIMIT_BYTES = 16 * 2**20
#: The tables checked before every start of a database above :data:`SCAN_LIMIT_BYTES`: those a
#: start relies on whole (accounts, configuration, meters, jackpot records, sessions, the audit
#: head, the table's id), a few pages each; the journal, rounds and checkpoints are not.
START_TABLES = (*STATE_TABLES, *GROWING_TABLES, "audit_head", "meta")


def check_audit(files: TableFiles, state: AuditState | None) -> CheckResult:
    """Verify the audit chain record by record from the last sealed checkpoint (as every start
    does) and its head against the database's."""
    name = "audit chain"
    if state is None:
        lines, tail = audit.read_lines(files.audit_log)
        if lines or tail:
            return CheckResult(name, False, f"{files.audit_log} holds {len(lines)} record(s) "
                                            "but there is no sound database to compare its "
                                            "head with")
        return CheckResult(name, True, "no records yet (first start)")
    try:
        recent = verify_recent(files.database, files.audit_log, state)
    except StoreError as error:
        return CheckResult(name, False, str(error))
    report = recent.report
    since = (f" since the checkpoint at record {recent.first} (the records before were proven "
             "when it was sealed; `dealer-station audit verify --database` proves all from the "
             "first)"
             if recent.first > 1 else "")
    if report.ok:
        return CheckResult(name, True, f"{report.count - recent.first + 1} records verified"
                                       f"{since}, head {report.head[:16]}… matches the database")
    missing = pending_gap(recent.lines, recent.tail, state, first=recent.first,
                          prev=recent.prev)
    if missing is not None:
        first = recent.first + len(recent.lines)
        return CheckResult(name, True, f"records verified up to {first - 1}; records {first}-"
                                       f"{state.seq} are missing from the log (an interrupted "
                                       "write, or the tail deleted): the database holds them "
                                       "and the station appends them when it opens")
    return CheckResult(name, False, f"{files.audit_log}: {report.problem}")


def check_files(files: TableFiles) -> CheckResult:
    """The data directory, the table's directory and files readable by the station only."""
    wrong = wrong_modes(files.directory)
    if wrong:
        return CheckResult("file modes", False, "; ".join(wrong))
    return CheckResult("file modes", True, "data directory 0700, database 0600, audit log 0640 "
                                           "or stricter")


def check_segments(files: TableFiles) -> CheckResult:
    """The sealed segments whose rounds left the live store are there, the newest as sealed."""
    if not files.database.exists():
        return CheckResult("segments", True, "none yet")
    problem = archive.check_files(files.database, files.directory)
    if problem is not None:
        return CheckResult("segments", False, f"{problem} (`dealer-station audit verify` "
                                              "checks every segment)")
    return CheckResult("segments", True, "every archived day's segment in place, the newest "
                                         "as sealed")


def check_witness(files: TableFiles, state: AuditState | None) -> CheckResult:
    """The witness is configured, outside the data directory, and its last head for this table
    is in the chain (the start's own test)."""
    name = "witness"
    witness = Witness.configured()
    if witness is None:
        return CheckResult(name, True, f"NONE configured (${ENV_WITNESS}): a rollback of both "
                                       "the database and the audit log, or a re-chained log, "
                                       "cannot be detected (docs/security.md)")
    try:
        witness.check_outside(files.directory.parent)
        seen = witness.last(files.table)
    except (ValueError, OSError) as error:
        return CheckResult(name, False, str(error))
    if seen is None:
        return CheckResult(name, True, f"{witness.path}: no head of table {files.table} yet "
                                       "(the station writes the first at its next start)")
    if seen.seq and state is None and not _has_schema(files.database):
        where = ("the table's directory is missing" if not files.directory.exists() else
                 "its database is missing" if not files.database.exists() else
                 "its database is empty")
        return CheckResult(name, False, f"{witness.path} holds audit record {seen.seq} of table "
                                        f"{files.table} (at {seen.time}) but {where}: its "
                                        "records were deleted or moved (the station refuses "
                                        "to start; docs/security.md, \"store start-over\")")
    if state is not None and seen.seq > state.seq:
        return CheckResult(name, False, f"rolled back: the witness {witness.path} saw audit "
                                        f"record {seen.seq} at {seen.time} but the database "
                                        f"and the audit log end at record {state.seq}")
    return CheckResult(name, True, f"{witness.path}: last head record {seen.seq} of "
                                   f"{seen.time} (its hash is compared with the log's when "
                                   "the store opens)")


def _has_schema(database: Path) -> bool:
    """Whether ``database`` exists and holds a schema (a version: not a blank file)."""
    return database.exists() and integrity_check(database, scan=False)[0] > 0


#: Free pages kept in a database file made before they were given back (store/compact.py)
#: that the database line mentions, with the command that gives them back.
FREE_NOTE_BYTES = 16 * 2**20


def check_database(files: TableFiles) -> tuple[CheckResult, AuditState | None, bool]:
    """Integrity, audit head and schema version of the database (read-only). Returns the
    result, the audit head (``None`` when it cannot be trusted) and whether a migration is
    due."""
    name = "database"
    if not files.database.exists():
        if files.audit_log.exists() and files.audit_log.stat().st_size:
            return CheckResult(name, False, f"{files.database} is missing but the audit log "
                                            "shows this table has run before: restore the "
                                            "database"), None, False
        return CheckResult(name, True, f"none yet at {files.database} (first start: the "
                                       "station creates it)"), None, False
    size = files.database.stat().st_size
    scan = size <= SCAN_LIMIT_BYTES
    version, problems = integrity_check(files.database, scan=scan, tables=START_TABLES)
    if problems:
        return CheckResult(name, False, f"{files.database} is corrupt: "
                                        f"{'; '.join(problems)}"), None, False
    latest = MIGRATIONS[-1][0]
    if version > latest:
        return CheckResult(name, False, f"schema version {version} is newer than this "
                                        f"program knows ({latest}): install the newer "
                                        "version"), None, False
    try:
        state = read_audit_state(files.database)
    except StoreError as error:
        return CheckResult(name, False, str(error)), None, False
    integrity = ("integrity ok" if scan else
                 f"integrity ok for the tables a start relies on ({', '.join(START_TABLES)}); "
                 f"the whole database ({size // 2**20} MiB) is not scanned here "
                 "(`dealer-station audit verify --database` scans it)")
    return CheckResult(name, True, f"{integrity}, schema version {version}"), state, \
        version < latest


def _open_checks(files: TableFiles, migrate: bool) -> str:
    """Open the store as the station does (migrating when due) and check the meters; the
    words to add to the database line. Raises :class:`StoreError`."""
    before = integrity_check(files.database, scan=False)[0]
    notes = []
    store = Store.open(files.directory, files.table, readonly=not migrate, create=False)
    try:
        if migrate:
            notes.append(f"migrated from schema version {before} to {MIGRATIONS[-1][0]}")
        meter_store.check(store, after=store.proven_window.meter_entries)
        notes.append("equals the audit log (proven as at every start)")
        count = len(meter_store.meters(store))
        if count:
            notes.append(f"{count} meter(s) equal their journals")
        if needs_first_supervisor(store):
            notes.append("no supervisor yet (the first start asks for one)")
        open_round = journal.open_round(store)
        if open_round is not None:
            notes.append(f"round {open_round.id} is open (resumed from the journal at start)")
        pages = compact.pages(store.connection, files.database)
        if not pages.incremental and pages.free_bytes >= FREE_NOTE_BYTES:
            notes.append(f"{pages.free_bytes / 1e6:,.1f} MB of free pages kept in the file (a "
                         "store made before they were given back): `dealer-station store "
                         "compact`, the station stopped, gives them back once")
    finally:
        store.close()
    return "; ".join(notes)


# -- devices ---------------------------------------------------------------------------------


def check_devices(configuration: _Configuration | None, *, transport: str = "pty"
                  ) -> CheckResult:
    """Identify and self-test the configured devices (or the simulated table)."""
    # deferred on purpose: the drivers and the simulated table load only when the checks run
    from drivers.diagnostics import Diagnostics
    from drivers.sim.table import devices_or_simulation

    name = "devices"
    if configuration is None:
        return CheckResult(name, False, "not checked: the configuration file or its "
                                        "[devices] table cannot be used")
    try:
        config, sim = devices_or_simulation(configuration.devices, configuration.game,
                                            transport)
    except (ValueError, OSError) as error:
        return CheckResult(name, False, str(error))
    diagnostics = Diagnostics(config, simulation=sim)
    try:
        outcomes = diagnostics.run("identify") + diagnostics.run("selftest")
    finally:
        diagnostics.close()
        if sim is not None:
            sim.close()
    failed = [o for o in outcomes if not o.passed]
    if failed:
        return CheckResult(name, False, "; ".join(f"{o.subject} {o.test}: {o.detail}"
                                                  for o in failed))
    subjects = sorted({o.subject for o in outcomes}, key=str)
    what = "simulated table (no hardware configured)" if sim is not None else "configured"
    return CheckResult(name, True, f"{len(subjects)} device(s) identified and self-tested, "
                                   f"{what}")


# -- all of it -------------------------------------------------------------------------------


def run_checks(config: str | None, data_dir: str | None, *, table: str | None = None,
               transport: str = "pty") -> list[CheckResult]:
    """Every check, in order: program, configuration, database, audit chain, segments, file
    modes, witness, devices, and the floor when one is configured."""
    files = TableFiles.find(data_dir, table)
    program = check_program()
    configured, configuration = check_configuration(config, files)
    database, state, migrate = check_database(files)
    chain = check_audit(files, state)
    if database.passed and chain.passed and files.database.exists():
        try:
            notes = _open_checks(files, migrate)
        except (StoreError, ValueError) as error:
            database = CheckResult(database.name, False, str(error))
        else:
            if notes:
                database = CheckResult(database.name, True, f"{database.detail}; {notes}")
    devices = check_devices(configuration, transport=transport)
    results = [program, configured, database, chain, check_segments(files), check_files(files),
               check_witness(files, state), devices]
    if configuration is not None and configuration.floor is not None:
        # deferred on purpose: the floor's modules (and psycopg) load only for a floor
        from dealer_station.floor.check import check_floor

        name, passed, detail = check_floor(configuration.floor, files.table)
        results.append(CheckResult(name, passed, detail))
    return results


def print_results(results: list[CheckResult], out: TextIO | None = None,
                  err: TextIO | None = None) -> int:
    """Print one line per check (on ``out``, default stdout); the failed ones' names on ``err``
    (default stderr). The exit status."""
    out = out or sys.stdout
    err = err or sys.stderr
    for result in results:
        print(result.line(), file=out)
    out.flush()  # the lines before the summary, also through pipes (the journal)
    failed = [r.name for r in results if not r.passed]
    if failed:
        print(f"dealer-station --check: {len(failed)} check(s) failed: {', '.join(failed)}",
              file=err)
        return 1
    return 0


def run(config: str | None, data_dir: str | None, *, table: str | None = None) -> int:
    """``dealer-station --check``: run every check, print them, return the exit status."""
    return print_results(run_checks(config, data_dir, table=table))
