"""The witness: the audit chain's head, written outside the data directory.

A witness is a file the station appends to and cannot rewrite: on another device or machine (a
network mount), or made append-only by root (``chattr +a``: the station's account can add lines
but not change, truncate or delete them). Its path is ``$DEALER_STATION_WITNESS`` (the kiosk
unit sets it; see ``docs/security.md``). One canonical JSON line per witnessed head::

    {"hash":"…","seq":1234,"table":"LIR-4","time":"2026-…Z"}

The station witnesses its head at every round's start and end, every account, configuration
and state change, every checkpoint and when it closes. At every start the last head witnessed for
the table must be in the chain: a later head than the database's means both files were rolled
back; a different hash at that sequence means the log was re-chained (a consistent forgery).

>>> import tempfile, pathlib
>>> path = pathlib.Path(tempfile.mkdtemp()) / "witness.jsonl"
>>> witness = Witness(path)
>>> witness.record("T1", 3, "ab" * 32); witness.record("T2", 9, "cd" * 32)
>>> witness.last("T1").seq, witness.last("T2").seq, witness.last("T3")
(3, 9, None)
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

from dealer_station.audit import GENESIS, VerifyReport, canonical_json, hash_of, stream, utc_now

__all__ = ["ENV_WITNESS", "Witness", "Witnessed", "verify_against"]

ENV_WITNESS = "DEALER_STATION_WITNESS"
_BLOCK = 1 << 16


@dataclass(frozen=True, slots=True)
class Witnessed:
    """One witnessed head."""

    table: str
    seq: int
    hash: str
    time: str
    #: A start-over (``seq`` 0): the head of the lost records it replaces, who and why.
    start_over: dict[str, object] | None = None


class Witness:
    """The witness file at ``path``."""

    def __init__(self, path: str | os.PathLike[str]) -> None:
        self.path = Path(path)

    @classmethod
    def configured(cls) -> Witness | None:
        """The witness named by ``$DEALER_STATION_WITNESS``, if any."""
        value = os.environ.get(ENV_WITNESS)
        return cls(value) if value else None

    def check_outside(self, data_directory: Path) -> None:
        """Raise ``ValueError`` when the witness lies inside ``data_directory`` (whoever can
        rewrite the data can rewrite such a witness)."""
        witness = self.path.resolve()
        data = data_directory.resolve()
        if witness == data or data in witness.parents:
            raise ValueError(f"the witness {self.path} is inside the data directory {data}: "
                             "it must be where the station's account cannot rewrite it")

    def record(self, table: str, seq: int, hash_: str) -> None:
        """Append the head (``seq``, ``hash_``) of ``table``, synced. Raises ``OSError``."""
        self._append({"table": table, "seq": seq, "hash": hash_, "time": utc_now()})

    def _append(self, value: dict[str, object]) -> None:
        line = canonical_json(value)
        fd = os.open(self.path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o640)
        try:
            data = (line + "\n").encode("utf-8")
            if os.write(fd, data) != len(data):
                raise OSError(f"witness {self.path}: short write")
            os.fsync(fd)
        finally:
            os.close(fd)

    def start_over(self, table: str, lost: Witnessed, *, by: str, reason: str) -> None:
        """Record that ``table`` starts over from no records, its records up to ``lost`` (the
        last head witnessed) being lost for good: the heads before it no longer bind a start
        (see ``dealer-station store start-over`` in docs/security.md). Raises ``OSError``."""
        self._append({"table": table, "seq": 0, "hash": GENESIS, "time": utc_now(),
                      "start_over": {"from_seq": lost.seq, "from_hash": lost.hash,
                                     "witnessed": lost.time, "by": by, "reason": reason}})

    def entries(self, table: str) -> Iterator[Witnessed]:
        """Every head witnessed for ``table``, in the order written, from its last start-over
        (streamed: the heads of records lost before it are not this chain's)."""
        try:
            handle = open(self.path, "rb")  # noqa: SIM115 - closed below
        except FileNotFoundError:
            return
        with handle:
            since, at = 0, 0
            for raw in handle:
                if b'"start_over"' in raw:
                    found = _parse(raw.rstrip(b"\n"), table)
                    if found is not None and found.start_over is not None:
                        since = at
                at += len(raw)
            handle.seek(since)
            for raw in handle:
                found = _parse(raw.rstrip(b"\n"), table)
                if found is not None:
                    yield found

    def last(self, table: str) -> Witnessed | None:
        """The last head witnessed for ``table`` (read backwards from the end), or ``None``.
        Raises ``OSError`` when the witness cannot be read (a missing file is empty)."""
        try:
            handle = open(self.path, "rb")  # noqa: SIM115 - closed below
        except FileNotFoundError:
            return None
        with handle:
            end = handle.seek(0, os.SEEK_END)
            carry = b""
            while end > 0:
                start = max(0, end - _BLOCK)
                handle.seek(start)
                block = handle.read(end - start) + carry
                lines = block.split(b"\n")
                carry = lines.pop(0) if start > 0 else b""
                for raw in reversed(lines):
                    found = _parse(raw, table)
                    if found is not None:
                        return found
                end = start
            return _parse(carry, table) if carry else None


def _parse(raw: bytes, table: str) -> Witnessed | None:
    if table.encode() not in raw:
        return None
    try:
        value = json.loads(raw)
    except ValueError:
        return None  # a torn last line
    if not isinstance(value, dict) or value.get("table") != table:
        return None
    seq, hash_ = value.get("seq"), value.get("hash")
    if not isinstance(seq, int) or not isinstance(hash_, str):
        return None
    over = value.get("start_over")
    return Witnessed(table, seq, hash_, str(value.get("time", "")),
                     dict(over) if isinstance(over, dict) else None)


def verify_against(witness: Witness, table: str, path: Path, *, expected_count: int | None,
                   expected_head: str | None,
                   walk: Callable[[Callable[[int, str, int], None]], VerifyReport] | None = None,
                   ) -> tuple[VerifyReport, str | None]:
    """Verify the audit log at ``path`` from its first record with every head ``witness``
    saw for ``table`` beside it (both streamed): the chain's report, and the first witnessed
    head the chain does not hold (re-chained, or rolled back), in words, or ``None``.
    ``walk(visit)`` walks the chain instead of the file alone (the sealed segments, then the
    live log: :func:`dealer_station.store.archive.chain`)."""
    heads = witness.entries(table)
    visit = _Heads(witness, heads)
    report = walk(visit) if walk is not None else stream(
        path, expected_count=expected_count, expected_head=expected_head, visit=visit)
    problem, pending = visit.problem, visit.pending
    if problem is None and report.ok:
        last = pending
        for last in heads:  # noqa: B007 - the last one is wanted
            pass
        if last is not None and last.seq > report.count:
            problem = (f"rolled back: the witness {witness.path} saw audit record {last.seq} "
                       f"at {last.time} but the log ends at record {report.count}")
    return report, problem


class _Heads:
    """Visits the chain's records at the heads the witness saw (``wants()``: the next one, so
    the chain between is walked on bytes alone) and keeps the first that differs."""

    def __init__(self, witness: Witness, heads: Iterator[Witnessed]) -> None:
        self.witness = witness
        self.heads = heads
        self.pending = next(heads, None)
        self.problem: str | None = None

    def wants(self) -> int | None:
        return self.pending.seq if self.problem is None and self.pending is not None else None

    def __call__(self, number: int, line: str, _offset: int) -> None:
        while self.problem is None and self.pending is not None and self.pending.seq <= number:
            if self.pending.seq == number and hash_of(line) != self.pending.hash:
                self.problem = (f"audit record {number} is not the one the witness "
                                f"{self.witness.path} saw at {self.pending.time}: the log was "
                                "rewritten and re-chained")
            self.pending = next(self.heads, None)
