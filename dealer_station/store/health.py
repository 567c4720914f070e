"""A read-only health check of a table's storage, for ``dealer-station --check`` and the
technician's screen: the database opens and is sound, the audit chain verifies against the head in
the database, every meter equals its journal, and whether a round was left open.

>>> import tempfile
>>> print(check("T1", tempfile.mkdtemp()).lines[0])
table T1: no database yet (first start)
"""

from __future__ import annotations

import os
from dataclasses import dataclass

from dealer_station.store import journal, meters
from dealer_station.store.database import Store, StoreError
from dealer_station.store.paths import DATABASE_NAME, table_directory

__all__ = ["HealthReport", "check"]


@dataclass(frozen=True, slots=True)
class HealthReport:
    ok: bool
    lines: tuple[str, ...]


def check(table: str, data_dir: str | os.PathLike[str] | None = None) -> HealthReport:
    """Check the storage of ``table`` without changing anything."""
    directory = table_directory(table, data_dir)
    if not (directory / DATABASE_NAME).exists() and not (directory / "audit.jsonl").exists():
        return HealthReport(True, (f"table {table}: no database yet (first start)",))
    try:
        with Store.open(directory, table, readonly=True) as store:
            lines = [f"table {table}: database {store.database_path} sound, schema version "
                     f"{store.pragma('user_version')}"]
            report = store.verify_audit()
            if not report.ok and not store.notes:
                return HealthReport(False, (*lines, f"audit log BROKEN at {report.problem}"))
            lines.append(f"audit log: {report.count} records verified"
                         + (f" ({'; '.join(store.notes)})" if store.notes else ""))
            meters.check(store)
            lines += [f"meter {m.name}: {m.current} cents, equals its journal"
                      for m in meters.meters(store)]
            open_round = journal.open_round(store)
            if open_round:
                lines.append(f"round {open_round.id} was left open with "
                             f"{open_round.record_count} records: resumed at the next start")
            return HealthReport(True, tuple(lines))
    except StoreError as error:
        return HealthReport(False, (f"table {table}: {error}",))
