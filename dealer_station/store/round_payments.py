"""A finished round's payments, kept once: in its round-completed audit record.

The round's document (``rounds.document``) held the settlement's payment lines, and the audit
record that completes the round holds the same lines (the tamper evidence, and what the floor
forwarder sends): about 4 KB a six-position Let It Ride round, twice. The document is stored
without them, with a marker naming the audit record that holds them (its sequence number and
where its line begins in the log: :data:`MARKER`), and every reader re-attaches them
(:func:`attached`: the round's summary for history, disputes, slips and the supervisor's
screens; sealing, so a segment's documents hold them as before). The proof (every start,
``audit verify --database``) accepts the marker only when it names the very record that
completes the round (:func:`names`); a document of a store made before keeps its payments and
is read as it is.

>>> stored = without({"payments": [1], "wagers": {}}, 7, 120)
>>> stored
{'wagers': {}, 'payments_in_audit': {'offset': 120, 'seq': 7}}
>>> names(stored, 7, 120), names(stored, 8, 120), names(stored, 7, None)
(True, False, True)
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from pathlib import Path
from typing import Any, Protocol

from dealer_station.store.errors import StoreError

__all__ = ["MARKER", "attached", "names", "without"]

#: In a stored document instead of its ``payments``: ``{"seq": N, "offset": O}``, audit record
#: N (its line at byte O of the audit log) holds them.
MARKER = "payments_in_audit"


class _Source(Protocol):
    @property
    def audit_path(self) -> Path: ...

    def query(self, sql: str, parameters: Any = ()) -> list[Any]: ...


def without(document: Mapping[str, Any], seq: int, offset: int) -> dict[str, Any]:
    """``document`` as stored: its payments replaced by the marker naming audit record ``seq``
    (its line at byte ``offset``)."""
    return {**{k: v for k, v in document.items() if k != "payments"},
            MARKER: {"offset": int(offset), "seq": int(seq)}}


def names(document: Mapping[str, Any], seq: int, offset: int | None) -> bool:
    """Whether the stored ``document`` says its payments are those of audit record ``seq`` (at
    byte ``offset``; ``None``: where is not known) and holds none of its own."""
    where = document.get(MARKER)
    return (isinstance(where, Mapping) and "payments" not in document
            and where.get("seq") == seq and (offset is None or where.get("offset") == offset))


def attached(source: _Source, round_id: int,
             document: Mapping[str, Any] | None) -> Mapping[str, Any] | None:
    """The round's ``document`` with its payments, read from the audit record the marker
    names (a document without the marker as it is). Raises :class:`StoreError` when that
    record is not a completion of this round with payments."""
    if document is None or MARKER not in document:
        return document
    where = document[MARKER]
    try:
        seq, offset = int(where["seq"]), int(where["offset"])
    except (TypeError, KeyError, ValueError):
        raise StoreError(f"round {round_id}: its document names its payments' audit record "
                         "unreadably (changed in the database); `dealer-station audit verify "
                         "--database` checks it") from None
    data = _completion(source, round_id, seq, offset)
    if data is None:
        raise StoreError(f"round {round_id}: audit record {seq} (byte {offset} of the log) is "
                         "not its completion with its payments, as its document says (changed "
                         "since); `dealer-station audit verify --database` checks it")
    return {**{k: v for k, v in document.items() if k != MARKER}, "payments": data["payments"]}


def _completion(source: _Source, round_id: int, seq: int, offset: int) -> Any:
    """The data of audit record ``seq`` when it completes round ``round_id`` with payments: its
    line at ``offset``, or, read beside a running station that has committed it and not yet
    written it, the database's copy of the last transaction's lines."""
    try:
        with open(source.audit_path, "rb") as handle:
            handle.seek(offset)
            raw = handle.readline()
        found = _data(raw.decode("utf-8"), round_id, seq) if raw.endswith(b"\n") else None
    except (OSError, UnicodeDecodeError):
        found = None
    if found is not None:
        return found
    rows = source.query("SELECT pending FROM audit_head WHERE id = 1")
    for line in json.loads(rows[0][0]) if rows else ():
        found = _data(line, round_id, seq)
        if found is not None:
            return found
    return None


def _data(line: str, round_id: int, seq: int) -> Any:
    try:
        entry = json.loads(line)
    except ValueError:
        return None
    if not isinstance(entry, dict):
        return None
    data = entry.get("data")
    if (entry.get("seq") == seq and entry.get("kind") == "round"
            and entry.get("round") == round_id and isinstance(data, dict) and "payments" in data):
        return data
    return None
