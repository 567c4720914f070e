"""Numbered jackpot records, printable as text and as a one-page PDF.

The PDF is written directly (PDF 1.4, one page, the standard Helvetica font, no dependency): a
jackpot slip is a handful of lines of text.

>>> from dealer_station.store.meters import Jackpot
>>> slip = Jackpot(12, "pai_gow_progressive", 40, "3", "Natural royal flush", 1234500,
...                1234500, 500000, "D7", "S1", "2026-03-01T21:04:05.000000Z")
>>> print(as_text(slip, table="PG-2"))  # doctest: +NORMALIZE_WHITESPACE
JACKPOT RECORD No. 000012
Table              PG-2
Meter              pai_gow_progressive
Round              40
Betting position   3
Winning hand       Natural royal flush
Amount paid        $12,345.00
Meter before       $12,345.00
Meter after        $5,000.00
Dealers            D7
Validated by       S1 (supervisor)
Time (UTC)         2026-03-01T21:04:05.000000Z
Local time         2026-03-01 21:04:05 UTC (UTC)
<BLANKLINE>
Player signature  ____________________
Supervisor        ____________________
>>> as_pdf(slip).startswith(b"%PDF-1.4") and as_pdf(slip).rstrip().endswith(b"%%EOF")
True
"""

from __future__ import annotations

import json
import unicodedata
from collections.abc import Iterable, Mapping, Sequence
from datetime import datetime
from typing import Any
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from dealer_station.money import format_cents
from dealer_station.procedure import Record
from dealer_station.store import journal
from dealer_station.store.database import Store
from dealer_station.store.meters import Jackpot
from dealer_station.winners import winner_of

__all__ = ["TRANSLITERATED", "as_pdf", "as_text", "details", "filed", "local_time",
           "pdf_document", "pdf_visible", "table_time_zone"]


def local_time(utc: str, time_zone: str) -> str:
    """A record's UTC moment as the table's local time, to the second, with its zone.

    >>> local_time("2026-03-01T21:04:05.000000Z", "America/New_York")
    '2026-03-01 16:04:05 EST (America/New_York)'
    >>> local_time("not a time", "UTC")
    '-'
    """
    try:
        moment = datetime.fromisoformat(utc.replace("Z", "+00:00"))
        shown = moment.astimezone(ZoneInfo(time_zone))
    except (ValueError, ZoneInfoNotFoundError):
        return "-"
    return f"{shown:%Y-%m-%d %H:%M:%S} {shown.tzname()} ({time_zone})"


def details(records: Iterable[Record], number: int) -> list[tuple[str, str]]:
    """What the round's records say of jackpot record ``number``: the winning hand's cards,
    the progressive wager and the light check ((k)(2)) (the validators are the record's own).

    >>> records = [Record(1, "confirm_light_count", {"chips": 2}, {"wagered": [3, 5]}),
    ...            Record(2, "approve_progressive", {"supervisor_id": "S1", "role": "supervisor",
    ...                   "jackpot_number": 9, "position": 3},
    ...                   {"jackpot": {"cards": "As Ks Qs Js Ts 9c 9d", "denomination": 100}})]
    >>> for row in details(records, 9): print(row)
    ('Winning cards', 'As Ks Qs Js Ts 9c 9d')
    ('Wager', '$1.00 progressive at position 3')
    ('Light check', '2 chips = 2 lights lit at no more bets; position 3 counted (k)(2)')
    """
    rows: list[tuple[str, str]] = []
    light = ""
    for record in records:
        if record.action == "confirm_light_count":
            wagered = record.effects.get("wagered")
            count = record.arguments.get("chips")
            light = (f"{count} chips = {len(wagered)} lights lit at no more bets"
                     if isinstance(wagered, list) else f"{count} chips counted")
        elif (record.action == "approve_progressive"
              and record.arguments.get("jackpot_number") == number):
            made = record.effects.get("jackpot")
            made = made if isinstance(made, Mapping) else {}
            position = record.arguments.get("position")
            rows.append(("Winning cards", str(made.get("cards") or "-")))
            denomination = made.get("denomination")
            if isinstance(denomination, int):
                rows.append(("Wager", f"{format_cents(denomination)} progressive at position "
                                      f"{position}"))
            if light:
                rows.append(("Light check", f"{light}; position {position} counted (k)(2)"))
    return rows


def _lines(jackpot: Jackpot, table: str | None, time_zone: str = "UTC",
           extra: Sequence[tuple[str, str]] = ()) -> list[str]:
    rows = [
        ("Table", table or "-"),
        ("Meter", jackpot.meter),
        ("Round", str(jackpot.round_id) if jackpot.round_id is not None else "-"),
        ("Betting position", jackpot.position),
        ("Winning hand", jackpot.hand.replace("_", " ").capitalize()),  # the (k)(4) words
        *extra,
        ("Amount paid", format_cents(jackpot.amount)),
        ("Meter before", format_cents(jackpot.meter_before)),
        ("Meter after", format_cents(jackpot.meter_after)),
        ("Dealers", jackpot.dealer or "-"),
        ("Validated by", f"{jackpot.supervisor} (supervisor)"),
        *([("Second validator", f"{jackpot.second_supervisor} (supervisor)")]
          if jackpot.second_supervisor else []),
        ("Time (UTC)", jackpot.time),
        ("Local time", local_time(jackpot.time, time_zone)),
    ]
    return ([f"JACKPOT RECORD No. {jackpot.number:06d}"]
            + [f"{label:<18} {value}" for label, value in rows]
            + ["", "Player signature  ____________________",
               "Supervisor        ____________________"]
            + (["Second supervisor ____________________"] if jackpot.second_supervisor else []))


def as_text(jackpot: Jackpot, *, table: str | None = None, time_zone: str = "UTC",
            extra: Sequence[tuple[str, str]] = ()) -> str:
    """The jackpot record as plain text (for a receipt printer or the screen); ``time_zone``:
    the table's (the station setting), for its local time; ``extra``: what the round's
    records add (:func:`details`, :func:`filed`)."""
    return "\n".join(_lines(jackpot, table, time_zone, extra))


def pdf_visible(text: str) -> str:
    """``text`` as the PDF's font shows it: its standard fonts hold Latin-1 only, so a
    character beyond it is written as its plain letter where it has one (``ő`` -> ``o``) and
    otherwise as its code point, ``<U+738B>``; never a silent ``?``.

    >>> pdf_visible("José Łukasz 王")
    'José <U+0141>ukasz <U+738B>'
    >>> pdf_visible("Őrs")
    'Ors'
    """
    shown = []
    for char in text:
        if ord(char) < 256:
            shown.append(char)
            continue
        plain = "".join(c for c in unicodedata.normalize("NFKD", char) if ord(c) < 128
                        and not unicodedata.combining(c))
        shown.append(plain if plain else f"<U+{ord(char):04X}>")
    return "".join(shown)


#: Under the lines of a PDF some of whose characters the font cannot show (:func:`pdf_visible`).
TRANSLITERATED = ("Characters the PDF font cannot show are written as their plain",
                  "letter or <U+code>; the text record holds them as entered.")
#: The characters of a line across the page (11-point Courier, 56-point margins).
PDF_COLUMNS = 75


def _wrapped(line: str) -> list[str]:
    """``line`` cut to the page's width, a continuation under its value (a record's row is
    ``label`` padded to 18, then the value).

    >>> _wrapped("Address            " + "x" * 70)[1]
    '                   xxxxxxxxxxxxxx'
    """
    if len(line) <= PDF_COLUMNS:
        return [line]
    indent = " " * 19 if line[:19].endswith(" ") and line[:1] != " " else ""
    out, rest = [line[:PDF_COLUMNS]], line[PDF_COLUMNS:]
    while rest:
        room = PDF_COLUMNS - len(indent)
        out.append(indent + rest[:room])
        rest = rest[room:]
    return out


def _escape(text: str) -> str:
    return (pdf_visible(text)
            .replace("\\", "\\\\").replace("(", "\\(").replace(")", "\\)"))


def pdf_document(lines: list[str], *, title: str = "") -> bytes:
    """A one-page US Letter PDF showing ``lines`` in 11-point Courier (monospaced, so the
    columns of a record line up).

    >>> pdf = pdf_document(["Hello (world)"])
    >>> b"(Hello \\\\(world\\\\)) Tj" in pdf
    True
    """
    content = ["BT", "/F1 11 Tf", "14 TL", "56 740 Td"]
    if title:
        content += ["/F1 16 Tf", f"({_escape(title)}) Tj", "T*", "T*", "/F1 11 Tf"]
    content += [f"({_escape(part)}) Tj T*" for line in lines
                for part in _wrapped(pdf_visible(line))]
    if any(pdf_visible(line) != line for line in [title, *lines]):
        content += ["T*", *(f"({_escape(line)}) Tj T*" for line in TRANSLITERATED)]
    content.append("ET")
    stream = "\n".join(content).encode("latin-1")
    objects = [
        b"<< /Type /Catalog /Pages 2 0 R >>",
        b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
        b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] "
        b"/Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>",
        b"<< /Type /Font /Subtype /Type1 /BaseFont /Courier /Encoding /WinAnsiEncoding >>",
        b"<< /Length " + str(len(stream)).encode() + b" >>\nstream\n" + stream
        + b"\nendstream",
    ]
    out = bytearray(b"%PDF-1.4\n%\xe2\xe3\xcf\xd3\n")
    offsets = []
    for number, body in enumerate(objects, start=1):
        offsets.append(len(out))
        out += f"{number} 0 obj\n".encode() + body + b"\nendobj\n"
    xref = len(out)
    out += f"xref\n0 {len(objects) + 1}\n0000000000 65535 f \n".encode()
    for offset in offsets:
        out += f"{offset:010d} 00000 n \n".encode()
    out += (f"trailer\n<< /Size {len(objects) + 1} /Root 1 0 R >>\nstartxref\n{xref}\n%%EOF\n"
            .encode())
    return bytes(out)


def as_pdf(jackpot: Jackpot, *, table: str | None = None, time_zone: str = "UTC",
           extra: Sequence[tuple[str, str]] = ()) -> bytes:
    """The jackpot record as a printable one-page PDF."""
    lines = _lines(jackpot, table, time_zone, extra)
    return pdf_document(lines[1:], title=lines[0])


def table_time_zone(store: Store) -> str:
    """The table's time zone as its latest configuration sets it (``UTC`` when unset)."""
    rows = store.query("SELECT document FROM config ORDER BY version DESC LIMIT 1")
    if not rows:
        return "UTC"
    zone = json.loads(rows[0][0]).get("station", {}).get("time_zone")
    return zone if isinstance(zone, str) and zone else "UTC"


def filed(store: Store, jackpot: Jackpot) -> dict[str, Any]:
    """The keyword arguments of :func:`as_text` / :func:`as_pdf` for the record a casino
    files: the table's time zone, what the round's records say of it and the winner's
    identification when the payout reached the reporting threshold."""
    records = (journal.round_records(store, jackpot.round_id)
               if jackpot.round_id is not None else ())
    winner = winner_of(store, jackpot.number)
    return {"time_zone": table_time_zone(store),
            "extra": details(records, jackpot.number) + (winner.rows() if winner else [])}
