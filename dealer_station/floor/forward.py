"""Store-and-forward of a table's records to the floor.

The station's audit log is the outbox: every journal record is also an ``action`` audit
record, every round start and finish a ``round`` record. The forwarder reads the log from its
cursor, sends a batch in one floor transaction — audit records keyed by (table, sequence),
journal records by (table, round, sequence), both ``ON CONFLICT DO NOTHING`` — and only after
that commit moves its cursor (byte offset, sequence, hash) in its own SQLite file beside the
table's database (``floor-outbox.sqlite``, ``synchronous=FULL``). A crash or SIGKILL between
the two sends the batch again: stored once. The floor keeps each table's last forwarded
(sequence, hash): the witness of the audit-chain head; a station whose chain no longer holds
what the floor witnessed (rolled back, rewritten) is refused and forwards nothing more.

A contribution to the table's progressive meter (its ``meter`` audit record of kind
``contribution``, with the amount wagered) reaches the table's pool in the same floor
transaction, keyed by (pool, table, round): once; a voided round's ``reversal`` takes it back,
once. A progressive claim shown to the table's supervisor becomes a hit PENDING on every member
table, and its approval (or rejection) at the table decides it, paid from the pool
(:func:`.pools.table_claim_in`); a voided round's hits still pending are rejected, so they hold
back no later hit (:func:`.pools.round_voided_in`).
"""

from __future__ import annotations

import json
import sqlite3
import uuid
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from dealer_station import audit
from dealer_station.audit import stream
from dealer_station.floor import FloorError, pools
from dealer_station.store.paths import AUDIT_NAME, OUTBOX_NAME

if TYPE_CHECKING:
    from dealer_station.floor.config import FloorConnection

__all__ = ["BATCH", "OUTBOX_NAME", "Cursor", "Outbox", "forward_once"]

#: Audit records sent in one floor transaction at most.
BATCH = 500


@dataclass(frozen=True, slots=True)
class Cursor:
    offset: int
    seq: int
    hash: str


class Outbox:
    """The forwarder's durable cursor and the station's floor identity."""

    def __init__(self, directory: Path) -> None:
        self.directory = directory
        self.connection = sqlite3.connect(directory / OUTBOX_NAME, isolation_level=None,
                                          check_same_thread=False)
        self.connection.execute("PRAGMA journal_mode=WAL")
        self.connection.execute("PRAGMA synchronous=FULL")
        self.connection.execute("CREATE TABLE IF NOT EXISTS outbox (id INTEGER PRIMARY KEY "
                                "CHECK (id = 1), offset INTEGER NOT NULL, seq INTEGER NOT NULL, "
                                "hash TEXT NOT NULL, station TEXT NOT NULL)")
        self.connection.execute("INSERT OR IGNORE INTO outbox VALUES (1, 0, 0, ?, ?)",
                                (audit.GENESIS, uuid.uuid4().hex))

    @property
    def station(self) -> str:
        return str(self.connection.execute("SELECT station FROM outbox").fetchone()[0])

    def cursor(self) -> Cursor:
        row = self.connection.execute("SELECT offset, seq, hash FROM outbox").fetchone()
        return Cursor(int(row[0]), int(row[1]), str(row[2]))

    def advance(self, cursor: Cursor) -> None:
        self.connection.execute("UPDATE outbox SET offset = ?, seq = ?, hash = ?",
                                (cursor.offset, cursor.seq, cursor.hash))

    def close(self) -> None:
        self.connection.close()


def pending_records(directory: Path, cursor: Cursor, limit: int = BATCH
                    ) -> tuple[list[dict[str, Any]], Cursor]:
    """The complete audit records after ``cursor`` (at most ``limit``) and the cursor after
    them; a record that does not chain on from the cursor is a FloorError."""
    lines, _tail = audit.read_lines(directory / AUDIT_NAME, offset=cursor.offset, limit=limit)
    records: list[dict[str, Any]] = []
    offset, seq, head = cursor.offset, cursor.seq, cursor.hash
    for line in lines:
        record = json.loads(line)
        if record.get("seq") != seq + 1 or record.get("prev") != head:
            raise FloorError(f"audit record {seq + 1} does not continue the records already "
                             "forwarded to the floor (the audit log was changed)")
        records.append(record)
        offset += len(line.encode("utf-8")) + 1
        seq, head = int(record["seq"]), str(record["hash"])
    return records, Cursor(offset, seq, head)


def check_witness(connection: FloorConnection, table_id: str, directory: Path,
                  cursor: Cursor) -> None:
    """Refuse a chain that no longer holds the head the floor witnessed for this table."""
    row = connection.execute("SELECT audit_seq, audit_hash FROM floor_tables WHERE table_id = %s",
                             (table_id,)).fetchone()
    if row is None or not row[0]:
        return
    seen, seen_hash = int(row[0]), str(row[1])
    if seen <= cursor.seq:
        if seen == cursor.seq and seen_hash != cursor.hash:
            raise FloorError(f"audit record {seen} is not the one the floor witnessed: the "
                             "audit log was rewritten after it was forwarded")
        return

    report = stream(directory / AUDIT_NAME, until=seen)
    if report.count < seen:
        raise FloorError(f"rolled back: the floor witnessed audit record {seen} of table "
                         f"{table_id} but its audit log ends at record {report.count}")
    if report.head != seen_hash:
        raise FloorError(f"audit record {seen} is not the one the floor witnessed: the audit "
                         "log was rewritten and re-chained")


def forward_once(connection: FloorConnection, table_id: str, directory: Path, outbox: Outbox,
                 limit: int = BATCH) -> int:
    """Send the next batch (one floor transaction), then move the cursor; the number of
    records sent (0: nothing new)."""
    cursor = outbox.cursor()
    records, after = pending_records(directory, cursor, limit)
    if not records:
        return 0
    with connection.transaction():
        connection.execute("SELECT 1 FROM floor_tables WHERE table_id = %s FOR UPDATE",
                           (table_id,))
        _store(connection, table_id, records)
    outbox.advance(after)
    return len(records)


def _store(connection: FloorConnection, table_id: str, records: list[dict[str, Any]]) -> None:
    with connection.cursor() as cur:
        cur.executemany(
            "INSERT INTO audit_records (table_id, seq, kind, hash, prev, round_id, actor, time, "
            "record) VALUES (%s, %s, %s, %s, %s, %s, %s, %s, %s) ON CONFLICT DO NOTHING",
            [(table_id, r["seq"], r["kind"], r["hash"], r["prev"], r.get("round"),
              r.get("actor"), r["time"], json.dumps(r)) for r in records])
    first, last = records[0]["seq"], records[-1]["seq"]
    stored: dict[int, str] = dict(connection.execute(
        "SELECT seq, hash FROM audit_records WHERE table_id = %s AND seq BETWEEN %s AND %s",
        (table_id, first, last)))
    for record in records:
        if stored.get(record["seq"]) != record["hash"]:
            raise FloorError(f"audit record {record['seq']} of table {table_id} on the floor "
                             "is not the station's: two chains for one table")
    for record in records:
        _journal(connection, table_id, record)
    connection.execute("UPDATE floor_tables SET audit_seq = %s, audit_hash = %s, witnessed = "
                       "now(), seen = now() WHERE table_id = %s AND audit_seq < %s",
                       (last, records[-1]["hash"], table_id, last))


def _journal(connection: FloorConnection, table_id: str, record: dict[str, Any]) -> None:
    kind, data, round_id = record["kind"], record.get("data") or {}, record.get("round")
    if kind == "action" and round_id is not None:
        connection.execute(
            "INSERT INTO journal_records (table_id, round_id, sequence, action, actor, time, "
            "record) VALUES (%s, %s, %s, %s, %s, %s, %s) ON CONFLICT DO NOTHING",
            (table_id, round_id, data["sequence"], data["action"], record.get("actor"),
             record["time"], json.dumps(data)))
        connection.execute("UPDATE floor_tables SET phase = 'round', round_id = %s WHERE "
                           "table_id = %s", (round_id, table_id))
    elif kind == "round" and round_id is not None:
        event = data.get("event")
        if event == "started":
            connection.execute(
                "INSERT INTO floor_rounds (table_id, round_id, game, dealer, status, started) "
                "VALUES (%s, %s, %s, %s, 'open', %s) ON CONFLICT DO NOTHING",
                (table_id, round_id, data.get("game", ""), record.get("actor"), record["time"]))
            connection.execute("UPDATE floor_tables SET phase = 'round', round_id = %s, "
                               "dealer = %s WHERE table_id = %s",
                               (round_id, record.get("actor"), table_id))
        elif event in ("completed", "voided"):
            connection.execute(
                "UPDATE floor_rounds SET status = %s, ended = %s, payments = %s WHERE "
                "table_id = %s AND round_id = %s",
                ("complete" if event == "completed" else "void", record["time"],
                 json.dumps(data.get("payments")), table_id, round_id))
            connection.execute("UPDATE floor_tables SET phase = 'idle' WHERE table_id = %s",
                               (table_id,))
            if event == "voided":  # its hits pay nothing and hold back no later hit
                pools.round_voided_in(connection, table_id, int(round_id))
    elif kind == "meter" and round_id is not None and pools.member_pool(connection, table_id):
        wagered = data.get("wagered")
        if data.get("kind") == "contribution" and isinstance(wagered, int) and wagered > 0:
            pools.contribute_in(connection, table_id, int(round_id), wagered)
        elif data.get("kind") == "reversal":
            pools.reverse_in(connection, table_id, int(round_id))
    elif kind == "claim" and data.get("event") in ("shown", "approved", "rejected") and (
            pools.member_pool(connection, table_id)):
        amount = data.get("amount")
        if isinstance(amount, int) and isinstance(data.get("round"), int):
            pools.table_claim_in(connection, table_id, int(data["round"]),
                                 str(data.get("position")), str(data.get("hand")), amount,
                                 event=str(data["event"]), by=record.get("actor"),
                                 reason=data.get("reason") or None)
    elif kind == "session" and isinstance(data.get("session"), dict):
        # the dealer on duty is whoever holds the dealer's screen: a supervisor or a
        # technician signing in elsewhere at the table is not the table's dealer
        session = data["session"]
        if session.get("screen") == "dealer" and data.get("event") == "started":
            connection.execute("UPDATE floor_tables SET dealer = %s WHERE table_id = %s",
                               (session.get("user"), table_id))
        elif session.get("screen") == "dealer" and data.get("event") == "ended":
            connection.execute("UPDATE floor_tables SET dealer = NULL WHERE table_id = %s "
                               "AND dealer = %s", (table_id, session.get("user")))
    elif kind == "device":
        device = data.get("device")
        if isinstance(device, str):
            connection.execute(
                "UPDATE floor_tables SET health = health || jsonb_build_object(%s::text, "
                "%s::text) WHERE table_id = %s",
                (device, str(data.get("event") or data.get("state") or ""), table_id))
