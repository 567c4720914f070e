"""The ``closed`` record: a clean close seals what the next start would prove, so that start
checks a digest instead of proving the records again.

Every start proves the audit records after the last checkpoint (at most
:data:`~dealer_station.store.database.CHECKPOINT_EVERY`, a few hundred) and the database rows
written since (:mod:`.proof`): two JSON parses, one hash and one row compare per record, the one
part of a start that does not depend on the store alone. A clean close (``Store.close``) proves
that same tail itself and then appends a witnessed ``closed`` audit record naming it
(:class:`Tail`): the checkpoint it starts from, the SHA-256 of the log's bytes from that
checkpoint's line to the ``closed`` record, and the SHA-256 of every database row the proof
compares (:func:`rows_digest`: the journal rows, rounds, meter entries and sessions rows from the
checkpoint's window and the rounds and sessions the tail touched, every row of the whole state
tables), each read in one SQL statement, no JSON parsed, and the state tables' row digests as
the close proved them (``state``).

The next start, when the head is that record (the database's last transaction is that record
alone, the log ends with it, the witness saw it), reads the log from the checkpoint once,
hashes it, recomputes the rows' digest and compares; anything else (a row or a line changed
since, a crash, a migration, a witness behind or ahead) takes the full proof, which names what
differs. What it proves is what the full proof proves: a line edited, deleted or reordered
changes the log's digest, a journal row, round, meter entry, session, account or configuration
version changed changes the rows' digest, and rewriting the ``closed`` record to match changes
the head the database and the witness hold (the same re-chaining the full proof meets). The
state tables' rows being those of the close, their digests are the record's ``state``: a start
computes none (one JSON text and a SHA-256 per row: 1.2 ms at 200 configuration versions).

>>> tail = Tail(12, "ab" * 32, 4096, Window(30, 2, 5), 2, 1)
>>> Tail.from_json(tail.to_json()) == tail
True
"""

from __future__ import annotations

import hashlib
import sqlite3
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from dealer_station.store import state
from dealer_station.store.proof import Window

__all__ = ["CLOSED", "Tail", "rows_digest"]

#: The audit record kind.
CLOSED = "closed"


@dataclass(frozen=True, slots=True)
class Tail:
    """The part of the store a start proves: from checkpoint ``checkpoint`` (its ``hash``,
    its line at byte ``offset`` of the log), the database rows after ``window``, the rounds
    from ``rounds_from`` and the sessions rows from ``sessions_from``."""

    checkpoint: int
    hash: str
    offset: int
    window: Window
    rounds_from: int
    sessions_from: int

    def to_json(self) -> dict[str, Any]:
        return {"checkpoint": self.checkpoint, "hash": self.hash, "offset": self.offset,
                "window": self.window.to_json(), "rounds_from": self.rounds_from,
                "sessions_from": self.sessions_from}

    @classmethod
    def from_json(cls, value: Mapping[str, Any]) -> Tail:
        return cls(int(value["checkpoint"]), str(value["hash"]), int(value["offset"]),
                   Window.from_json(value["window"]), int(value["rounds_from"]),
                   int(value["sessions_from"]))


#: (label, SQL with one parameter): every row a start's proof compares, as a few texts each.
#: The long texts (journal records, round documents) are concatenated as they are stored, as
#: bytes (no UTF-8 decoding, no per-row formatting: ``printf`` or ``quote`` of a 7 KB document
#: cost more than reading it), each beside the list of their lengths, so boundaries are
#: unambiguous; the keys and short columns as lists of their own. Rows are visited in key
#: order (a range scan of the key); a different order only fails the digest (the full proof
#: then runs), it never matches other rows.
_ROWS = (
    # (a row holds its data, or where its audit line begins: journal_lines.py)
    ("records", "SELECT CAST(group_concat(record, '') AS BLOB), group_concat(length(CAST("
                "record AS BLOB))), group_concat(rowid), group_concat(round_id), "
                "group_concat(sequence), group_concat(quote(line)), group_concat(quote(action) "
                "|| ',' || quote(actor) || ',' || quote(time), char(10)) FROM records "
                "WHERE rowid > ?"),
    ("rounds", "SELECT CAST(group_concat(document, '') AS BLOB), group_concat(quote(id) || ',' "
               "|| quote(game) || ',' || quote(config) || ',' || quote(status) || ',' || "
               "quote(dealer) || ',' || quote(started) || ',' || quote(ended) || ',' || "
               "quote(void_reason) || ',' || quote(length(CAST(document AS BLOB))), char(10)) "
               "FROM rounds WHERE id >= ?"),
    ("meter_entries", "SELECT group_concat(quote(id) || ',' || quote(meter) || ',' || "
                      "quote(kind) || ',' || quote(amount) || ',' || quote(balance) || ',' || "
                      "quote(round_id) || ',' || quote(jackpot) || ',' || quote(actor) || ',' "
                      "|| quote(detail) || ',' || quote(time), char(10)) FROM meter_entries "
                      "WHERE id > ?"),
    # derived from the rounds' summaries, and the payment lines ticked off, of the same rounds
    ("round_positions", "SELECT group_concat(quote(round_id) || ',' || quote(position), "
                        "char(10)) FROM round_positions INDEXED BY round_positions_by_round "
                        "WHERE round_id >= ?"),
    ("payment_ticks", "SELECT group_concat(quote(round_id) || ',' || quote(payment) || ',' || "
                      "quote(done) || ',' || quote(actor) || ',' || quote(time), char(10)) "
                      "FROM payment_ticks WHERE round_id >= ?"),
    ("sessions", "SELECT COALESCE(group_concat(quote(id) || ',' || quote(user) || ',' || "
                 "quote(role) || ',' || quote(screen) || ',' || quote(started) || ',' || "
                 "quote(ended) || ',' || quote(end_reason), char(10)), '') || ';' || (SELECT "
                 "COUNT(*) FROM sessions) FROM sessions WHERE id >= ?"),
)


#: Growing tables small enough to be read whole at every start (one row an account change).
_WHOLE_GROWING = ("account_changes",)


def _whole_table_sql(connection: sqlite3.Connection, table: str) -> str:
    """One statement giving every row of the state ``table``: for each column the list of its
    values as SQL literals (``quote``: NULL, a number, a text or blob with its quotes escaped,
    so the list reads back one way), all lists in the same (table) order; a column's values
    aggregated on their own, not each row's formatted (``||`` per row cost 0.7 us a row: 200
    configuration versions). The columns are read from the schema, so a column a later
    migration adds is covered too."""
    columns = [str(row[1]) for row in connection.execute(f"PRAGMA main.table_info({table})")]
    lists = ", ".join(f"group_concat(quote({column}), ',')" for column in columns)
    return f"SELECT {lists} FROM main.{table}"


def rows_digest(connection: sqlite3.Connection, tail: Tail) -> str:
    """The SHA-256 of every database row a start's proof of ``tail`` compares: the rows of the
    tail (:data:`_ROWS`) and every row of the whole state tables (:data:`.state.STATE_TABLES`,
    which every start compares whole), as SQLite holds them: no row digest computed, no JSON
    made (the state tables' digests are the ``closed`` record's own, see :mod:`.closing`)."""
    whole = hashlib.sha256()
    starts = {"records": tail.window.records, "rounds": tail.rounds_from,
              "round_positions": tail.rounds_from, "payment_ticks": tail.rounds_from,
              "meter_entries": tail.window.meter_entries, "sessions": tail.sessions_from}
    statements: list[tuple[str, str, tuple[int, ...]]] = [
        (label, sql, (starts[label],)) for label, sql in _ROWS]
    statements += [(table, _whole_table_sql(connection, table), ())
                   for table in (*state.STATE_TABLES, *_WHOLE_GROWING)
                   if state.table_exists(connection, table)]
    for label, sql, parameters in statements:
        whole.update(f"{label}\n".encode())
        for value in connection.execute(sql, parameters).fetchone():
            data = b"" if value is None else value if isinstance(value, bytes) else \
                str(value).encode()
            whole.update(b"%d:" % len(data))
            whole.update(data)
    return whole.hexdigest()
