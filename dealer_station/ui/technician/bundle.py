"""The diagnostics bundle: one zip archive with the configuration, recent logs, device
identities and counters, and the decoded frame trace, for the manufacturer or the casino's
IT. Nothing secret goes in and no account data (:func:`without_account_data`: the audit tail's
account fields removed and its actors withheld, every account's id, name and PIN fingerprint
blanked in every file); a manifest lists every file with its SHA-256.

>>> import io, zipfile
>>> data = io.BytesIO()
>>> names = write_bundle(data, {"configuration.json": {"game": "let_it_ride"},
...                             "trace.txt": "0.000 tx addr 01 seq 001 POLL ack=0"})
>>> names
['configuration.json', 'trace.txt', 'manifest.json']
>>> zipfile.ZipFile(data).read("trace.txt").decode()
'0.000 tx addr 01 seq 001 POLL ack=0\\n'
"""

from __future__ import annotations

import collections
import contextlib
import dataclasses
import hashlib
import json
import logging
import re
import threading
import zipfile
from collections.abc import Mapping
from pathlib import Path
from typing import IO, Any

import structlog

from dealer_station import logs
from dealer_station.audit import utc_now
from dealer_station.store import users
from dealer_station.ui.supervisor.calls import StaffContext
from dealer_station.winners import winners_words

__all__ = ["ACCOUNT_FIELDS", "RecentLogs", "bundle_contents", "without_account_data",
           "write_bundle"]

#: The fields of an audit record's data that hold account data (an account's state, and in
#: the bundle, which leaves the table, its id and name too): removed from the audit tail.
ACCOUNT_FIELDS = users.ACCOUNT_STATE | {"user", "name"}
#: What stands in the bundle for an account's id, name or PIN fingerprint.
WITHHELD = "[account]"


class RecentLogs(logging.Handler):
    """The latest log lines of the process (standard ``logging``: the drivers' and any library's),
    kept in a ring for the bundle. :meth:`install` adds one to the root logger (once)."""

    _installed: RecentLogs | None = None
    _guard = threading.Lock()

    def __init__(self, limit: int = 2000) -> None:
        super().__init__(logging.INFO)
        self.lines: collections.deque[str] = collections.deque(maxlen=limit)
        self.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(name)s: %(message)s"))

    def emit(self, record: logging.LogRecord) -> None:
        try:
            self.lines.append(self.format(record))
        except Exception:  # a log line must never break the application
            self.handleError(record)

    @classmethod
    def install(cls) -> RecentLogs:
        """The process's ring (made once): fed by the root logger and by the application's
        structlog lines (a processor placed before the renderer copies each event)."""
        with cls._guard:
            if cls._installed is None:
                cls._installed = cls()
                logging.getLogger().addHandler(cls._installed)
            cls._installed._tap_structlog()
            return cls._installed

    def _tap_structlog(self) -> None:
        logs.configure()  # the application's configuration first (no-op once configured)
        processors = list(structlog.get_config()["processors"])
        if any(isinstance(p, _StructlogTap) and p.recent_logs is self for p in processors):
            return
        processors.insert(max(len(processors) - 1, 0), _StructlogTap(self))
        structlog.configure(processors=processors)



class _StructlogTap:
    """A structlog processor that keeps a copy of each event in the ring, unchanged."""

    def __init__(self, recent_logs: RecentLogs) -> None:
        self.recent_logs = recent_logs

    def __call__(self, logger: Any, method: str, event: Any) -> Any:
        with contextlib.suppress(Exception):  # a log line must never break the application
            self.recent_logs.lines.append(json.dumps(event, default=str, sort_keys=True))
        return event


def _jsonable(value: Any) -> Any:
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        # each field named by dataclasses.fields: any dataclass a report holds
        return {f.name: _jsonable(getattr(value, f.name)) for f in dataclasses.fields(value)}
    if isinstance(value, Mapping):
        return {str(k): _jsonable(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_jsonable(v) for v in value]
    if isinstance(value, (str, int, float, bool)) or value is None:
        return value
    return str(value)


def _tail(path: Path, lines: int) -> str:
    try:
        text = path.read_text(encoding="utf-8", errors="replace")
    except OSError as error:
        return f"(not readable: {error})\n"
    return "".join(text.splitlines(keepends=True)[-lines:])


def _as_text(value: Any) -> str:
    text = value if isinstance(value, str) else json.dumps(_jsonable(value), indent=2,
                                                           sort_keys=True)
    return text if text.endswith("\n") else text + "\n"


def _audit_tail(text: str) -> str:
    """The audit records without their account fields, each actor withheld (the records are
    for reading the table's events; the chain is verified on the table, not from here)."""
    lines = []
    for line in text.splitlines():
        try:
            record = json.loads(line)
        except ValueError:
            continue  # a line cut by the tail's start, or torn: nothing to read in it
        if not isinstance(record, dict):
            continue
        record = users.without_account_state(record, ACCOUNT_FIELDS)
        if record.get("actor") is not None:
            record["actor"] = WITHHELD
        lines.append(json.dumps(record, sort_keys=True))
    return "\n".join(lines) + "\n"


def without_account_data(contents: Mapping[str, Any], accounts: list[users.Account],
                         personal: set[str] | None = None) -> dict[str, str]:
    """``contents`` as text, with no account data: the audit tail's account fields removed,
    and every account's id, name and PIN fingerprint blanked wherever they appear, and so is
    each of ``personal`` (the jackpot winners' names, ID numbers and addresses: never written
    where a bundle reads, blanked should one ever be).

    >>> alice = users.Account("SUP-7", "Alice Q", "supervisor", "scrypt$x", 0, 0.0, True, "t")
    >>> without_account_data({"logs/recent.log": "sign_in user=SUP-7 (Alice Q) ok"}, [alice])
    {'logs/recent.log': 'sign_in user=[account] ([account]) ok\\n'}
    """
    words: set[str] = set(personal or ())
    for each in accounts:
        state = users.audit_state(each)
        words |= {each.id, each.name, state["pin_fingerprint"], each.pin_hash}
    pattern = re.compile("|".join(
        rf"(?<![\w.-]){re.escape(word)}(?![\w.-])" for word in
        sorted((w for w in words if w), key=len, reverse=True))) if words else None
    clean: dict[str, str] = {}
    for name, value in contents.items():
        text = _as_text(value)
        if name.startswith("logs/audit"):
            text = _audit_tail(text)
        clean[name] = pattern.sub(WITHHELD, text) if pattern is not None else text
    return clean


def bundle_contents(context: StaffContext, *, trace: list[str], logs: list[str],
                    rows: list[Any], events: list[str] | None = None) -> dict[str, str]:
    """What goes in the archive (no account data), read on the station's thread."""
    station = context.station
    manager = context.manager
    store = station.store
    configuration = {
        "table": store.table,
        "game": station.game,
        "version": station.configuration_version,
        "settings": station.settings,
        "station": station.station_settings,
        "devices": _jsonable(manager.config) if manager is not None else None,
        "simulated": context.simulation is not None,
    }
    contents = {
        "configuration.json": configuration,
        "devices.json": {"devices": [row.to_json() for row in rows],
                         "last_known_states": station.device_states()},
        "trace.txt": "\n".join(trace),
        "trace-events.txt": "\n".join(events if events is not None else trace),
        "logs/recent.log": "\n".join(logs) if logs else "(no log line since the station "
                                                         "started)",
        "logs/audit-tail.jsonl": _tail(Path(store.audit_path), 500),
    }
    return without_account_data(contents, users.accounts(store), winners_words(store))


def write_bundle(target: str | Path | IO[bytes], contents: Mapping[str, Any]) -> list[str]:
    """Write ``contents`` (name → text, or a JSON value) and a manifest as one zip archive;
    returns the names written."""
    manifest: dict[str, Any] = {"created": utc_now(), "files": {}}
    names = []
    with zipfile.ZipFile(target, "w", compression=zipfile.ZIP_DEFLATED) as archive:
        for name, value in contents.items():
            data = _as_text(value).encode("utf-8")
            archive.writestr(name, data)
            manifest["files"][name] = {"bytes": len(data),
                                       "sha256": hashlib.sha256(data).hexdigest()}
            names.append(name)
        archive.writestr("manifest.json", json.dumps(manifest, indent=2, sort_keys=True))
        names.append("manifest.json")
    return names
