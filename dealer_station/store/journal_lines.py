"""The journal's action records, kept once: in their audit lines.

Every action is committed as a journal row (``records``: its round, sequence, action, actor and
time, the round's order of play) and as an audit record holding the same data (the tamper
evidence): the data, about 170 bytes an action, was held twice. A row written by this version
holds no data (``record`` is ``''``) and says where its audit line begins in the log
(``line``, a byte offset; schema 15); every reader reads the data from that line
(:func:`texts`), checking that it is the action record of that round and sequence. A row
written before keeps its data and is read as it is.

Beside a running station, which commits a transaction and then writes its lines, a line not
written yet is read from the database's copy of the last transaction's lines (``audit_head``);
inside the transaction writing it, from that transaction's records (``pending``).

>>> line = ('{"actor":null,"data":{"action":"deal","sequence":3},"hash":"' + "a" * 64 +
...         '","kind":"action","prev":"' + "b" * 64 + '","round":7,"seq":12,"table":"T"}')
>>> action_parts(line)
('7', '{"action":"deal","sequence":3}')
>>> of_row(line, 7, 3)
'{"action":"deal","sequence":3}'
>>> of_row(line, 7, 4) is None
True
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any, Protocol

from dealer_station.store.errors import StoreError

__all__ = ["action_parts", "of_row", "texts"]


class _Source(Protocol):
    @property
    def audit_path(self) -> Path: ...

    def query(self, sql: str, parameters: Any = ()) -> list[Any]: ...


def action_parts(line: str) -> tuple[str, str] | None:
    """The round (as text) and the data (its canonical text) of an action record's canonical
    line; ``None`` for any other line."""
    at = line.rfind(',"hash":"')
    if at < 0 or not line.startswith(',"kind":"action","prev":"', at + 74):
        return None
    begin = line.find(',"data":')
    where = line.find(',"round":', at + 74)
    end = line.find(',"seq":', where)
    if begin < 0 or where < 0 or end < 0:
        return None
    return line[where + 9:end], line[begin + 8:at]


def of_row(line: str, round_id: int, sequence: int) -> str | None:
    """The data text of ``line`` when it is the action record of ``round_id`` numbered
    ``sequence`` (a record's data is canonical: ``sequence`` is its last key)."""
    parts = action_parts(line)
    if parts is None or parts[0] != str(round_id):
        return None
    return parts[1] if parts[1].endswith(f',"sequence":{int(sequence)}}}') else None


def texts(source: _Source, rows: Sequence[Any],
          pending: Mapping[int, str] | None = None) -> list[str]:
    """The data text of each journal row ``(round_id, sequence, record, line)``: its own
    ``record``, or the audit line at byte ``line``. Raises :class:`StoreError` when the line
    there is not that action's record."""
    found: list[str] = []
    waiting: list[tuple[int, Any]] = []
    handle = None
    try:
        for row in rows:
            round_id, sequence, record, offset = row[0], row[1], row[2], row[3]
            if record or offset is None:
                found.append(record)
                continue
            text = None
            if pending and offset in pending:
                text = of_row(pending[offset], round_id, sequence)
            else:
                if handle is None:
                    handle = open(source.audit_path, "rb")  # noqa: SIM115 - closed below
                handle.seek(offset)
                raw = handle.readline()
                if raw.endswith(b"\n"):
                    text = of_row(raw[:-1].decode("utf-8", "replace"), round_id, sequence)
            if text is None:
                waiting.append((len(found), row))
            found.append(text or "")
    except OSError as error:
        raise StoreError(f"the audit log {source.audit_path} cannot be read ({error})") from None
    finally:
        if handle is not None:
            handle.close()
    if waiting:
        _from_head(source, found, waiting)
    return found


def _from_head(source: _Source, found: list[str], waiting: list[tuple[int, Any]]) -> None:
    """Fill in the rows whose lines are not in the log yet from the database's copy of the
    last transaction's lines (a running station commits, then writes them)."""
    rows = source.query("SELECT pending FROM audit_head WHERE id = 1")
    lines = json.loads(rows[0][0]) if rows else []
    for index, row in waiting:
        for line in lines:
            text = of_row(line, row[0], row[1])
            if text is not None:
                found[index] = text
                break
        else:
            raise StoreError(
                f"round {row[0]} record {row[1]}: the audit line the journal places at byte "
                f"{row[3]} of the log is not that record (changed since); `dealer-station "
                "audit verify --database` checks it")
