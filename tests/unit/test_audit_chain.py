"""The hash-chained audit log: an edited, deleted, reordered, inserted or truncated record is
detected and the first broken or missing record is named (``dealer-station audit verify``)."""

from __future__ import annotations

import hashlib
import itertools
import json
from pathlib import Path

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from dealer_station import audit
from dealer_station.cli import main
from dealer_station.store.database import Store, StoreError


def write_log(directory: Path, count: int = 6) -> list[str]:
    """A store with ``count`` audit records, the last the ``closed`` record its clean close
    appends; returns the log's lines."""
    with Store.open(directory / "T1", "T1") as store:
        for number in range(count - 1):
            store.audit("device", {"device": "shoe", "event": "fault", "n": number})
    lines = (directory / "T1" / "audit.jsonl").read_text().splitlines()
    assert len(lines) == count and json.loads(lines[-1])["kind"] == "closed"
    return lines


def rewrite(directory: Path, lines: list[str], *, end: str = "\n") -> None:
    (directory / "T1" / "audit.jsonl").write_text("\n".join(lines) + end)


def verify_cli(directory: Path, capsys: pytest.CaptureFixture[str]) -> tuple[int, str]:
    code = main(["--data-dir", str(directory), "audit", "verify", "--table", "T1"])
    return code, capsys.readouterr().out


def test_a_sound_log_verifies(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    lines = write_log(tmp_path)
    code, out = verify_cli(tmp_path, capsys)
    assert code == 0 and "OK, 6 records" in out
    records = [json.loads(line) for line in lines]
    assert [r["seq"] for r in records] == [1, 2, 3, 4, 5, 6]
    assert records[0]["prev"] == audit.GENESIS
    assert all(b["prev"] == a["hash"] for a, b in itertools.pairwise(records))
    assert all(audit.canonical_json(r) == line for r, line in zip(records, lines, strict=True))


def test_an_edited_record_is_detected(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    lines = write_log(tmp_path)
    record = json.loads(lines[2])
    record["data"]["n"] = 99
    lines[2] = audit.canonical_json(record)
    rewrite(tmp_path, lines)
    code, out = verify_cli(tmp_path, capsys)
    assert code == 1 and "record 3: content does not match its hash" in out
    with pytest.raises(StoreError, match="record 3"):
        Store.open(tmp_path / "T1", "T1")


def test_an_edited_record_with_a_recomputed_hash_breaks_the_next_link(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    lines = write_log(tmp_path)
    record = json.loads(lines[2])
    forged = audit.make_entry(3, record["prev"], record["kind"], {"n": 99}, time=record["time"])
    lines[2] = forged.line
    rewrite(tmp_path, lines)
    code, out = verify_cli(tmp_path, capsys)
    assert code == 1 and "record 4: does not chain to the record before it" in out


def test_a_deleted_record_is_detected(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    lines = write_log(tmp_path)
    del lines[3]
    rewrite(tmp_path, lines)
    code, out = verify_cli(tmp_path, capsys)
    assert code == 1 and "record 4: sequence 5 where 4 was expected" in out


def test_reordered_records_are_detected(tmp_path: Path,
                                        capsys: pytest.CaptureFixture[str]) -> None:
    lines = write_log(tmp_path)
    lines[1], lines[2] = lines[2], lines[1]
    rewrite(tmp_path, lines)
    code, out = verify_cli(tmp_path, capsys)
    assert code == 1 and "record 2: sequence 3 where 2 was expected" in out


def test_a_truncated_log_is_detected_by_the_head_in_the_database(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    lines = write_log(tmp_path)
    rewrite(tmp_path, lines[:4])  # a sound chain on its own
    assert audit.verify(tmp_path / "T1" / "audit.jsonl").ok
    code, out = verify_cli(tmp_path, capsys)
    assert code == 1 and "record 5: missing" in out and "truncated" in out
    with pytest.raises(StoreError, match="record 5: missing"):
        Store.open(tmp_path / "T1", "T1")


def test_a_replaced_last_record_is_detected_by_the_head(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    lines = write_log(tmp_path)
    last = json.loads(lines[-1])
    lines[-1] = audit.make_entry(6, last["prev"], "device", {"n": "other"}).line
    rewrite(tmp_path, lines)
    code, out = verify_cli(tmp_path, capsys)
    assert code == 1 and "record 6: does not match the head hash" in out


def test_a_torn_or_cut_last_line_is_detected(tmp_path: Path,
                                             capsys: pytest.CaptureFixture[str]) -> None:
    lines = write_log(tmp_path)
    # Only the last transaction's record may be cut by a crash: the database still holds it.
    # It is still reported (exit 1, the first missing record); the station completes it.
    rewrite(tmp_path, [*lines[:-1], lines[-1][:40]], end="")
    code, out = verify_cli(tmp_path, capsys)
    assert code == 1 and "INCOMPLETE at record 6" in out and "interrupted write" in out
    # An earlier record cut off is not a crash's doing.
    rewrite(tmp_path, [*lines[:-2], lines[-2][:40]], end="")
    code, out = verify_cli(tmp_path, capsys)
    assert code == 1 and "record 5: incomplete" in out
    with pytest.raises(StoreError, match="does not verify"):
        Store.open(tmp_path / "T1", "T1")


def test_a_deleted_last_record_is_reported_and_restored_from_the_database(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Deleting the last record (the database holds the last transaction's lines) is reported
    by ``audit verify`` with the missing record, exit 1; the station's next start appends it
    again, after which the chain verifies."""
    lines = write_log(tmp_path)
    rewrite(tmp_path, lines[:-1])
    code, out = verify_cli(tmp_path, capsys)
    assert code == 1 and "INCOMPLETE at record 6" in out and "missing" in out
    with Store.open(tmp_path / "T1", "T1") as store:
        assert any("completed from the database" in note for note in store.notes)
    code, out = verify_cli(tmp_path, capsys)
    assert code == 0 and "OK, 7 records" in out  # and the closed record of that start's close


def test_a_deleted_log_is_detected(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    write_log(tmp_path)
    (tmp_path / "T1" / "audit.jsonl").unlink()
    code, out = verify_cli(tmp_path, capsys)
    assert code == 1 and "record 1: missing" in out
    with pytest.raises(StoreError):
        Store.open(tmp_path / "T1", "T1")


def test_an_inserted_record_is_detected() -> None:
    first = audit.make_entry(1, audit.GENESIS, "a", {})
    second = audit.make_entry(2, first.hash, "b", {})
    inserted = audit.make_entry(2, first.hash, "x", {})
    report = audit.verify_lines([first.line, inserted.line, second.line])
    assert not report.ok and report.broken_at == 3


def test_non_canonical_or_garbage_lines_are_detected() -> None:
    first = audit.make_entry(1, audit.GENESIS, "a", {"k": 1})
    spaced = json.dumps(json.loads(first.line), indent=None)
    assert "canonical" in (audit.verify_lines([spaced]).problem or "")
    assert "not valid JSON" in (audit.verify_lines(["{oops"]).problem or "")


def _chain(count: int) -> list[str]:
    lines, prev = [], audit.GENESIS
    for number in range(1, count + 1):
        entry = audit.make_entry(number, prev, "meter", {"amount": number * 21, "note": "é"},
                                 time="2026-01-01T00:00:00.000000Z", actor="S1")
        lines.append(entry.line)
        prev = entry.hash
    return lines


CHAIN = _chain(8)
HEAD = audit.verify_lines(CHAIN).head


@given(index=st.integers(0, len(CHAIN) - 1), position=st.integers(0, 400),
       replacement=st.characters(min_codepoint=32, max_codepoint=0x2FF))
@settings(max_examples=300, deadline=None)
def test_any_single_character_edit_anywhere_is_detected(index: int, position: int,
                                                        replacement: str) -> None:
    line = CHAIN[index]
    position %= len(line)
    assume(line[position] != replacement)
    edited = [*CHAIN]
    edited[index] = line[:position] + replacement + line[position + 1:]
    report = audit.verify_lines(edited, expected_count=len(CHAIN), expected_head=HEAD)
    assert not report.ok
    assert report.broken_at is not None and report.broken_at <= index + 2


def _one_by_one(lines: list[bytes]) -> int:
    """How many records :func:`audit.fast_hash` accepts in order, each checked alone."""
    prev = audit.GENESIS
    for number, line in enumerate(lines, start=1):
        own = audit.fast_hash(line, number, prev)
        if own is None:
            return number - 1
        prev = own
    return len(lines)


def _moved_fields(line: str) -> str:
    """``line`` with its ``prev`` and ``seq`` moved into its data and the hash recomputed: a
    record no station writes, whose fields a walk in blocks finds only by looking again."""
    record = json.loads(line)
    record.pop("hash")
    record["data"] = {**record["data"], "prev": record.pop("prev"), "seq": record.pop("seq"),
                      "z": 0}
    own = hashlib.sha256(audit.canonical_json(record).encode()).hexdigest()
    return audit.canonical_json({**record, "hash": own})


@given(index=st.integers(0, len(CHAIN) - 1), position=st.integers(0, 400),
       replacement=st.characters(min_codepoint=32, max_codepoint=0x2FF))
@settings(max_examples=300, deadline=None)
def test_the_walk_in_blocks_accepts_exactly_the_records_each_checked_alone_accepts(
        index: int, position: int, replacement: str) -> None:
    line = CHAIN[index]
    position %= len(line)
    edited = [*CHAIN]
    edited[index] = line[:position] + replacement + line[position + 1:]
    raw = [text.encode() for text in edited]
    found, _head, used = audit.chain_block(b"".join(r + b"\n" for r in raw), 0,
                                           audit.GENESIS.encode())
    assert found == _one_by_one(raw)
    assert used == sum(len(r) + 1 for r in raw[:found])


def test_a_record_with_its_chain_fields_elsewhere_is_judged_as_when_checked_alone() -> None:
    odd = [*CHAIN]
    odd[3] = _moved_fields(CHAIN[3])
    raw = [text.encode() for text in odd]
    found, _head, _used = audit.chain_block(b"\n".join(raw) + b"\n", 0,
                                            audit.GENESIS.encode())
    assert found == _one_by_one(raw) == 4  # accepted; the record after it no longer chains


def test_records_split_across_reads_verify_as_in_one_read(tmp_path: Path) -> None:
    path = tmp_path / "audit.jsonl"
    path.write_text("\n".join(CHAIN) + "\n")
    for chunk in (1, 7, 100, 1 << 20):
        report = audit.stream(path, expected_count=len(CHAIN), expected_head=HEAD, chunk=chunk)
        assert (report.ok, report.count, report.head) == (True, len(CHAIN), HEAD)
    broken = [*CHAIN]
    broken[5] = broken[5].replace('"amount":126', '"amount":127')
    path.write_text("\n".join(broken) + "\n")
    for chunk in (1, 7, 1 << 20):
        report = audit.stream(path, chunk=chunk)
        assert (report.ok, report.broken_at) == (False, 6)
        assert report.problem == audit.verify_lines(broken).problem


class _Wanting:
    """A visitor that asks for some records only."""

    def __init__(self, wanted: list[int]) -> None:
        self.ahead = wanted
        self.seen: list[tuple[int, str, int]] = []

    def wants(self) -> int | None:
        return self.ahead[0] if self.ahead else None

    def __call__(self, number: int, line: str, offset: int) -> None:
        self.seen.append((number, line, offset))
        while self.ahead and self.ahead[0] <= number:
            self.ahead.pop(0)


def test_a_visitor_that_wants_a_few_records_is_shown_those_with_their_place(
        tmp_path: Path) -> None:
    path = tmp_path / "audit.jsonl"
    path.write_text("\n".join(CHAIN) + "\n")
    visitor = _Wanting([2, 5, 8])
    assert audit.stream(path, visit=visitor, chunk=64).ok
    starts = [0]
    for line in CHAIN:
        starts.append(starts[-1] + len(line.encode()) + 1)
    assert visitor.seen == [(n, CHAIN[n - 1], starts[n - 1]) for n in (2, 5, 8)]
    every: list[int] = []
    assert audit.stream(path, visit=lambda n, _line, _at: every.append(n), chunk=64).ok
    assert every == list(range(1, len(CHAIN) + 1))
