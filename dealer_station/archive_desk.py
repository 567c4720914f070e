"""The table's archive asked by one request (``dealer-station archive …``, the supervisor's
Archive page): what is sealed, kept and retired, sealing by hand, the kept time, the export for
the regulator. Carried out by the station (the running one through its control socket,
:mod:`dealer_station.control`, or one the command line opens); reading needs no PIN, the kept
time is a configuration change (the supervisor's id and PIN, between rounds, audited).

>>> handle_archive(None, {"action": "explode"})
Traceback (most recent call last):
ValueError: unknown archive action 'explode'
"""

from __future__ import annotations

import json
import shutil
import textwrap
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from datetime import date, timedelta
from pathlib import Path
from typing import TYPE_CHECKING, Any

from dealer_station.procedure import ProcedureError
from dealer_station.store import archive
from dealer_station.store.database import Store, StoreError
from dealer_station.store.sealer import SealingStatus

if TYPE_CHECKING:
    from dealer_station.station import Station

__all__ = ["ACTIONS", "ArchiveView", "SegmentRow", "archive_view", "export_segments",
           "handle_archive"]

#: What ``dealer-station archive`` does.
ACTIONS = ("status", "seal", "export", "keep", "day-end")
#: The file beside the exported segments that lists them for the regulator.
MANIFEST = "MANIFEST.json"


@dataclass(frozen=True, slots=True)
class SegmentRow:
    """One sealed segment as the supervisor sees it: its ``size`` on disk (``None``: retired)
    and ``state`` (rounds still live, archived, retired on a day)."""

    segment: archive.Segment
    size: int | None
    state: str

    @property
    def words(self) -> str:
        size = "-" if self.size is None else f"{self.size / 1e6:.1f} MB"
        segment = self.segment
        return (f"segment {segment.number:>4}  day {segment.through}  "
                f"{segment.round_count:>6,} rounds  records {segment.first:,}-{segment.last:,}"
                f"  {size:>8}  {self.state}")


#: The segments kept on the table that the status and the Archive page list (the newest; the
#: older ones are counted: a table keeps a segment a day for as long as it is configured to).
LISTED = 31


@dataclass(frozen=True, slots=True)
class ArchiveView:
    """The archive of one table: the newest :data:`LISTED` segments kept on it (oldest first),
    how many older ones are kept and the oldest of them, the first and last retired, the
    station settings ``archive_day_ends`` and ``archive_keep_days``, and what archiving is
    doing now."""

    table: str
    segments: tuple[SegmentRow, ...]
    day_ends: str
    keep_days: int
    sealing: SealingStatus | None  # None: no station is running (read from the store)
    #: Segments kept on the table older than those listed.
    older: int = 0
    #: The oldest segment kept on the table (``None``: none is).
    oldest: archive.Segment | None = None
    #: The newest of the kept segments older than those listed (``None``: all are listed).
    older_newest: archive.Segment | None = None
    #: The first and the last segment retired after the kept time (``None``: none was).
    retired: tuple[archive.Segment, archive.Segment] | None = None

    @property
    def kept(self) -> str:
        """The kept time in words."""
        if self.keep_days <= 0:
            return "segments are kept on the table for ever (archive_keep_days 0)"
        oldest = self.oldest
        first = (f"; segment {oldest.number} (day {oldest.through}) is deleted after "
                 f"{(date.fromisoformat(oldest.through) + timedelta(days=self.keep_days + 1))}"
                 if oldest is not None else "")
        return (f"segments are kept {self.keep_days} days after their day, then deleted from "
                f"the table (export them for the regulator first){first}")

    def summary(self) -> list[str]:
        """The settings, what sealing is doing and what was retired, as lines of text."""
        ends = (f"each day ends at {self.day_ends} UTC and is sealed at the next round"
                if self.day_ends else "days are not sealed (archive_day_ends is off)")
        doing = ("no station is running: sealing happens at its next round"
                 if self.sealing is None else self.sealing.message or "nothing under way")
        out = [f"archive of table {self.table}: {ends}", self.kept, f"now: {doing}"]
        if self.sealing is not None and self.sealing.last:
            out.append(f"last: {self.sealing.last}")
        if self.retired is not None:
            first, last = self.retired
            out.append(f"segments {first.number}-{last.number} (days "
                       f"{first.through} to {last.through}, records 1-"
                       f"{last.last:,}) were deleted after the kept time; their "
                       "heads are kept and the chain after them is proven from the last one")
        return out

    @property
    def more(self) -> str | None:
        """The kept segments older than those listed, in words (``None``: all are listed)."""
        first, last = self.oldest, self.older_newest
        if not self.older or first is None or last is None:
            return None
        return (f"and {self.older:,} older segment{'' if self.older == 1 else 's'} kept on the "
                "table, not listed: "
                f"{first.number}-{last.number} (days {first.through} to {last.through}); the "
                "export copies every kept one")

    def lines(self) -> list[str]:
        """The view as lines of text (the command line; the screen shows the same)."""
        kept = [row.words for row in self.segments]
        more = [self.more] if self.more else []
        return self.summary() + (more + kept or ["no segment kept on the table"])


def _station_settings(store: Store) -> dict[str, Any]:
    rows = store.query("SELECT document FROM config ORDER BY version DESC LIMIT 1")
    return dict(json.loads(rows[0][0]).get("station", {})) if rows else {}


def archive_view(store: Store, sealing: SealingStatus | None = None) -> ArchiveView:
    """What the archive of ``store``'s table holds (``sealing``: the running station's)."""
    settings = _station_settings(store)
    live = archive.unfinished_removal(store)
    rows = []
    newest = archive.listed(store, kept=True, newest=LISTED + 1)
    older_newest = newest.pop(0) if len(newest) > LISTED else None
    for segment in newest:
        path = store.directory / archive.ARCHIVE_DIRECTORY / segment.file
        if segment.live_from is None or (live is not None and live.number == segment.number):
            state, size = "rounds still live", path.stat().st_size if path.exists() else 0
        else:
            state, size = "archived", path.stat().st_size if path.exists() else 0
        rows.append(SegmentRow(segment, size, state))
    kept, oldest = archive.counted(store, kept=True)
    retired, first = archive.counted(store, kept=False)
    last = archive.listed(store, kept=False, newest=1) if retired else []
    return ArchiveView(store.table, tuple(rows), str(settings.get("archive_day_ends", "00:00")),
                       int(settings.get("archive_keep_days", 0)), sealing,
                       older=kept - len(rows), oldest=oldest, older_newest=older_newest,
                       retired=(first, last[0]) if first is not None and last else None)


def export_segments(store: Store, out: Path, numbers: list[int] | None = None) -> list[Path]:
    """Copy the segments ``numbers`` (all kept ones when ``None``) into the directory ``out``
    for the regulator, each checked to be the file sealed, with ``MANIFEST.json`` (table,
    each segment's day, records, head and SHA-256: the chain they prove); the files
    written. Refuses a retired or changed segment. The segments are read one at a time and
    the manifest written as they are copied (years of days are never held at once)."""
    if numbers is None:
        if not archive.counted(store, kept=True)[0]:
            raise ValueError(f"table {store.table} has no segment to export")
        wanted: Iterable[archive.Segment] = archive.each_listed(store, kept=True)
    else:
        chosen = [archive.segment(store, number) for number in sorted(set(numbers))]
        for number, segment in zip(sorted(set(numbers)), chosen, strict=True):
            if segment is None:
                raise ValueError(f"no segment {number} at table {store.table}")
            if segment.retired is not None:
                raise ValueError(f"segment {number} was deleted from the table on "
                                 f"{segment.retired[:10]} after the kept time")
        wanted = [segment for segment in chosen if segment is not None]
        if not wanted:
            raise ValueError(f"table {store.table} has no segment to export")
    out.mkdir(parents=True, exist_ok=True)
    partial = out / (MANIFEST + ".partial")
    written = []
    try:
        with open(partial, "w", encoding="utf-8") as manifest:
            manifest.write(f'{{\n  "table": {json.dumps(store.table)},\n  "segments": [\n')
            for count, segment in enumerate(wanted):
                written.append(_export_one(store, out, segment))
                entry = {"number": segment.number, "day": segment.through,
                         "file": segment.file, "records": [segment.first, segment.last],
                         "head": segment.head, "sha256": segment.sha256,
                         "rounds": segment.round_count}
                manifest.write((",\n" if count else "")
                               + textwrap.indent(json.dumps(entry, indent=2), "    "))
            manifest.write("\n  ]\n}\n")
        partial.replace(out / MANIFEST)
    finally:
        partial.unlink(missing_ok=True)
    return [*written, out / MANIFEST]


def _export_one(store: Store, out: Path, segment: archive.Segment) -> Path:
    """Copy ``segment``'s file into ``out``, checked to be the file sealed."""
    source = store.directory / archive.ARCHIVE_DIRECTORY / segment.file
    target = out / segment.file
    shutil.copyfile(source, target)
    if archive.file_sha256(target) != segment.sha256:
        target.unlink()
        raise StoreError(f"segment {segment.number}: {source} is not the file sealed (changed); "
                         "`dealer-station audit verify` checks every segment")
    return target


def handle_archive(station: Station, message: Mapping[str, Any]) -> dict[str, Any]:
    """Carry out ``message`` (``action`` and its details) on ``station``; the answer
    (``message``, and ``lines`` for a status). A refusal raises ``ValueError``."""
    action = message.get("action")
    if action not in ACTIONS:
        raise ValueError(f"unknown archive action {action!r}")
    if action == "status":
        return {"message": "", "lines": archive_view(station.store,
                                                     station.archive_status()).lines()}
    if action == "seal":
        status = station.seal_now(message.get("through") or None,
                                  wait=bool(message.get("wait")))
        return {"message": status.message or status.last or "nothing to seal"}
    if action == "export":
        raise ValueError("archive export reads the segments itself (it does not go through "
                         "the station)")
    if action == "day-end":
        ends = str(message.get("value") or "").strip()
        ends = "" if ends.lower() == "off" else ends
        _change(station, message, {"archive_day_ends": ends})
        return {"message": f"each day ends at {ends} UTC and is sealed at the next round" if ends
                else "days are not sealed any more (archive_day_ends off)"}
    try:
        days = int(str(message.get("value")))
    except ValueError:
        raise ValueError("archive keep needs a number of days (0: for ever)") from None
    _change(station, message, {"archive_keep_days": days})
    return {"message": "segments are kept for ever" if days == 0 else
            f"segments are kept {days} days after their day, then deleted from the table"}


def _change(station: Station, message: Mapping[str, Any], changes: dict[str, Any]) -> None:
    """A supervisor's change of the station's archive settings (PIN, between rounds,
    audited)."""
    try:
        station.change_station_settings(changes, supervisor=str(message.get("by") or ""),
                                        pin=str(message.get("pin") or ""))
    except ProcedureError as error:
        raise ValueError(str(error)) from None
