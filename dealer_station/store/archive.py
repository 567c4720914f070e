"""Sealed day segments of a table's records, for the regulator (issue 17).

A segment holds, for the days up to and including ``through`` not sealed before, the audit
records of those days (a contiguous run of the chain: it begins where the previous segment
ended, so each segment's ``prev`` is the previous one's ``head``) and every round finished in
them (the round's row and its journal records). It is one gzip'd JSON-lines file in the
table's ``archive/`` directory::

    {"format":1,"segment":3,"table":"LIR-4","through":"2026-05-01","first":…,"last":…,
     "prev":"…","head":"…","rounds":[…]}          the header
    {"actor":…,"data":…,"hash":…,…}                each audit record, as in the log
    {"archived_round":{…row…},"records":[…]}        each round finished in it

Sealing records a ``segment`` audit record (the file's SHA-256, its first and last record and
head) in the chain, which is witnessed like every round's end. A segment verifies on its own
(:func:`verify_segment`: the chain inside it from ``prev`` to ``head``, every round's journal
records equal to its action records, its status and payments to its round records), so it can
be handed over and checked away from the table.

Not yet: removing sealed rounds from the table's database and log after a kept time (the disk
target of issue 17); the segments are copies.
"""

from __future__ import annotations

import gzip
import hashlib
import json
import os
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import date, timedelta
from pathlib import Path
from typing import Any

from dealer_station import audit
from dealer_station.store.database import Store, StoreError

__all__ = ["Segment", "seal_through", "segments", "verify_segment"]

ARCHIVE_DIRECTORY = "archive"


@dataclass(frozen=True, slots=True)
class Segment:
    """One sealed segment as the database records it."""

    number: int
    through: str
    first: int
    last: int
    head: str
    end_offset: int
    file: str
    sha256: str
    rounds: tuple[int, ...]


def _segment(row: Any) -> Segment:
    return Segment(row["number"], row["through"], row["first"], row["last"], row["head"],
                   row["end_offset"], row["file"], row["sha256"],
                   tuple(json.loads(row["rounds"])))


def segments(store: Store) -> list[Segment]:
    """The sealed segments, oldest first."""
    return [_segment(row) for row in store.query("SELECT * FROM segments ORDER BY number")]


def _next_day(day: str) -> str:
    return (date.fromisoformat(day) + timedelta(days=1)).isoformat()


def _lines_through(store: Store, offset: int, first: int, end: str
                   ) -> Iterator[tuple[str, int]]:
    """The complete audit lines from byte ``offset`` (record ``first``) whose time is before
    ``end``, with the offset after each."""
    with open(store.audit_path, "rb") as handle:
        handle.seek(offset)
        for number, raw in enumerate(handle, start=first):
            if not raw.endswith(b"\n") or number > store.audit_state.seq:
                return
            line = raw[:-1].decode("utf-8")
            if json.loads(line)["time"] >= end:
                return
            offset += len(raw)
            yield line, offset


def seal_through(store: Store, through: str) -> Segment | None:
    """Seal every audit record up to the end of day ``through`` (UTC, ``YYYY-MM-DD``) not
    sealed yet, with the rounds finished in them, as the next segment; ``None`` when there is
    nothing to seal. The file is written and synced before the database records it."""
    date.fromisoformat(through)  # a ValueError names a wrong day
    last = store.query("SELECT * FROM segments ORDER BY number DESC LIMIT 1")
    before = _segment(last[0]) if last else None
    first = before.last + 1 if before else 1
    prev = before.head if before else audit.GENESIS
    offset = before.end_offset if before else 0
    if before is not None and through <= before.through:
        return None
    lines: list[str] = []
    end_offset = offset
    for line, after in _lines_through(store, offset, first, _next_day(through)):
        lines.append(line)
        end_offset = after
    if not lines:
        return None
    report = audit.verify_lines(lines, first=first, prev=prev)
    if not report.ok:
        raise StoreError(f"cannot seal: the audit log does not verify: {report.problem}")
    finished = [entry["round"] for entry in map(json.loads, lines)
                if entry["kind"] == "round" and entry["data"].get("event") in _STATUS]
    number = before.number + 1 if before else 1
    header = {"format": 1, "segment": number, "table": store.table, "through": through,
              "first": first, "last": first + len(lines) - 1, "prev": prev,
              "head": report.head, "rounds": finished}
    directory = store.directory / ARCHIVE_DIRECTORY
    directory.mkdir(mode=0o700, exist_ok=True)
    name = f"{store.table}-{number:05d}-through-{through}.jsonl.gz"
    digest = _write(directory / name, header, lines, _round_rows(store, finished))
    with store.transaction() as work:
        work.execute(
            "INSERT INTO segments (number, through, first, last, head, end_offset, file, "
            "sha256, rounds, time) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (number, through, header["first"], header["last"], report.head, end_offset, name,
             digest, json.dumps(finished), audit.utc_now()))
        work.audit("segment", {"segment": number, "through": through, "file": name,
                               "sha256": digest, "first": header["first"],
                               "last": header["last"], "head": report.head,
                               "rounds": len(finished)})
    return _segment(store.query("SELECT * FROM segments WHERE number = ?", (number,))[0])


def _round_rows(store: Store, finished: list[int]) -> Iterator[dict[str, Any]]:
    for round_id in finished:
        row = store.query("SELECT * FROM rounds WHERE id = ?", (round_id,))[0]
        records = [dict(r) | {"record": json.loads(r["record"])} for r in store.query(
            "SELECT sequence, action, record, actor, time FROM records WHERE round_id = ? "
            "ORDER BY sequence", (round_id,))]
        yield {"archived_round": dict(row), "records": records}


def _write(path: Path, header: dict[str, Any], lines: list[str],
           rounds: Iterator[dict[str, Any]]) -> str:
    """Write the segment file (synced, then renamed into place); its SHA-256."""
    partial = path.with_suffix(".partial")
    with open(partial, "wb") as raw, gzip.GzipFile(fileobj=raw, mode="wb", mtime=0) as out:
        out.write((audit.canonical_json(header) + "\n").encode())
        for line in lines:
            out.write((line + "\n").encode())
        for entry in rounds:
            out.write((audit.canonical_json(entry) + "\n").encode())
        out.close()
        raw.flush()
        os.fsync(raw.fileno())
    os.chmod(partial, 0o640)
    os.replace(partial, path)
    return hashlib.sha256(path.read_bytes()).hexdigest()


_STATUS = {"completed": "complete", "voided": "void"}


def verify_segment(path: Path) -> tuple[dict[str, Any], str | None]:
    """The segment file's header, and the first thing in it that does not verify (in words),
    or ``None``: the chain inside it from its ``prev`` to its ``head``, and every round's
    journal records, status, void reason and payments against its audit records."""
    try:
        with gzip.open(path, "rt", encoding="utf-8") as handle:
            header = json.loads(handle.readline())
            lines: list[str] = []
            rounds: list[dict[str, Any]] = []
            for text in handle:
                value = json.loads(text)
                if "archived_round" in value:
                    rounds.append(value)
                else:
                    lines.append(text.rstrip("\n"))
    except (OSError, ValueError, EOFError) as error:
        return {}, f"{path}: not a readable segment ({error})"
    report = audit.verify_lines(lines, first=header["first"], prev=header["prev"])
    if not report.ok:
        return header, f"segment {header.get('segment')}: {report.problem}"
    if report.count != header["last"] or report.head != header["head"]:
        return header, (f"segment {header.get('segment')}: its records end at "
                        f"{report.count} ({report.head[:16]}…), not at the head its header "
                        "names")
    actions: dict[tuple[Any, Any], Any] = {}
    finished: dict[Any, dict[str, Any]] = {}
    for line in lines:
        entry = json.loads(line)
        if entry["kind"] == "action":
            actions[(entry["round"], entry["data"].get("sequence"))] = entry["data"]
        elif entry["kind"] == "round" and entry["data"].get("event") in _STATUS:
            finished[entry["round"]] = entry["data"]
    for item in rounds:
        row = item["archived_round"]
        event = finished.get(row["id"])
        if event is None or _STATUS[event["event"]] != row["status"]:
            return header, f"round {row['id']}: its status is not the one its records end with"
        document = json.loads(row["document"]) if row["document"] else {}
        if event.get("payments") is not None and document.get("payments") != event["payments"]:
            return header, f"round {row['id']}: its payments differ from its audit record"
        for record in item["records"]:
            found = actions.get((row["id"], record["sequence"]))
            if found is not None and found != record["record"]:
                return header, (f"round {row['id']} record {record['sequence']} differs from "
                                "its audit record")
    return header, None
