"""What the pit reads from the floor (no Qt): every table's state, the pending jackpots, the
history across tables and the shift report per table and wager family.

The shift report is made from the settlements the stations forwarded (each finished round's
payment lines, ``floor_rounds.payments``): per (table, wager family) the **drop** (the stakes
in play: every line but a ``return``), **paid** (the amounts paid on winning lines, less the
commission), **hits** (winning lines), **hold** (stakes collected + commission − paid) and
hold % of the drop. A voided round's lines are all returns: it adds nothing.
"""

from __future__ import annotations

import csv
import io
from dataclasses import dataclass
from typing import TYPE_CHECKING

from dealer_station.money import format_cents

if TYPE_CHECKING:
    from dealer_station.floor.config import FloorConnection

__all__ = ["HistoryRow", "ShiftLine", "TableRow", "history", "shift_csv", "shift_report",
           "table_rows"]


@dataclass(frozen=True, slots=True)
class TableRow:
    table_id: str
    game: str
    round_id: int | None
    phase: str
    dealer: str | None
    health: dict[str, str]
    audit_seq: int
    pool: str | None
    pool_cents: int | None
    pending: int
    seen: str
    #: The devices' live health as the station last sent it (device -> "online",
    #: "offline: why", "fault: which"); None: the station never sent any (``health`` then holds
    #: each device's last forwarded event).
    live: dict[str, str] | None = None
    #: When the station sent ``live`` (HH:MM:SS, the floor's clock).
    live_at: str = ""
    #: The station's forwarder is connected to the floor now (its health is current).
    connected: bool = False

    def devices(self) -> str:
        """The devices column: each device's live state, "all N online" when nothing is
        wrong; the station away: the last state with its time; never sent: the last events.

        >>> from dataclasses import replace
        >>> row = TableRow("T1", "pai_gow", None, "idle", None, {}, 0, None, None, 0, "",
        ...                {"shoe": "online", "lockout": "fault: button stuck"}, "10:00:01",
        ...                True)
        >>> row.devices()
        'lockout: fault: button stuck; shoe: online'
        >>> replace(row, live={"shoe": "online"}).devices()
        'all 1 online'
        >>> replace(row, connected=False).devices()
        'STATION AWAY (health as of 10:00:01): lockout: fault: button stuck; shoe: online'
        >>> replace(row, live=None, connected=False).devices()
        'STATION AWAY · no device report'
        """
        if self.live is None:
            events = "; ".join(f"{d}: {e}" for d, e in sorted(self.health.items()))
            text = f"last events: {events}" if events else "no device report"
            return text if self.connected else f"STATION AWAY · {text}"
        if self.live and all(v == "online" for v in self.live.values()):
            now = f"all {len(self.live)} online"
        else:
            now = "; ".join(f"{d}: {state}" for d, state in sorted(self.live.items()))
        return now if self.connected else f"STATION AWAY (health as of {self.live_at}): {now}"


def table_rows(connection: FloorConnection) -> list[TableRow]:
    rows = connection.execute(
        "SELECT t.table_id, t.game, t.round_id, t.phase, t.dealer, t.health, t.audit_seq, "
        "m.pool, p.amount_cents, (SELECT count(*) FROM pool_hits h WHERE h.table_id = "
        "t.table_id AND h.status = 'pending'), COALESCE(to_char(t.seen, 'HH24:MI:SS'), ''), "
        "t.live_health, COALESCE(to_char(t.health_at, 'HH24:MI:SS'), ''), EXISTS (SELECT 1 "
        "FROM pg_stat_activity a WHERE a.application_name = left('dealer-station table ' || "
        "t.table_id, 63)) FROM floor_tables t LEFT JOIN pool_members m USING (table_id) "
        "LEFT JOIN pools p ON p.name = m.pool ORDER BY t.table_id").fetchall()
    return [TableRow(str(r[0]), str(r[1]), r[2], str(r[3]), r[4], dict(r[5] or {}), int(r[6]),
                     r[7], r[8], int(r[9]), str(r[10]),
                     None if r[11] is None else {str(k): str(v) for k, v in r[11].items()},
                     str(r[12]), bool(r[13])) for r in rows]


@dataclass(frozen=True, slots=True)
class HistoryRow:
    table_id: str
    round_id: int
    game: str
    dealer: str | None
    status: str
    started: str
    ended: str | None
    records: int


def _through(until: str) -> str:
    """An end of a time range: a date alone (YYYY-MM-DD) includes that whole day.

    >>> _through("2026-11-30"), _through("")
    ('2026-11-30T23:59:59.999999Z', '')
    """
    return until + "T23:59:59.999999Z" if len(until) == 10 else until


def history(connection: FloorConnection, *, table: str = "", dealer: str = "", since: str = "",
            until: str = "", status: str = "", limit: int = 200) -> list[HistoryRow]:
    """Rounds across tables, newest first; ``since``/``until`` are ISO times or dates
    (``until`` a date includes that day)."""
    until = _through(until)
    rows = connection.execute(
        "SELECT r.table_id, r.round_id, r.game, r.dealer, r.status, r.started, r.ended, "
        "(SELECT count(*) FROM journal_records j WHERE j.table_id = r.table_id AND "
        "j.round_id = r.round_id) FROM floor_rounds r WHERE (%(table)s = '' OR r.table_id = "
        "%(table)s) AND (%(dealer)s = '' OR r.dealer = %(dealer)s) AND (%(since)s = '' OR "
        "r.started >= %(since)s) AND (%(until)s = '' OR r.started <= %(until)s) AND "
        "(%(status)s = '' OR r.status = %(status)s) ORDER BY r.started DESC, r.table_id "
        "LIMIT %(limit)s",
        {"table": table, "dealer": dealer, "since": since, "until": until, "status": status,
         "limit": limit}).fetchall()
    return [HistoryRow(str(r[0]), int(r[1]), str(r[2]), r[3], str(r[4]), str(r[5]), r[6],
                       int(r[7])) for r in rows]


@dataclass(frozen=True, slots=True)
class ShiftLine:
    table_id: str
    wager: str
    drop: int
    paid: int
    hits: int
    hold: int

    @property
    def hold_percent(self) -> float:
        return 100.0 * self.hold / self.drop if self.drop else 0.0


def shift_report(connection: FloorConnection, *, since: str = "",
                 until: str = "") -> list[ShiftLine]:
    """Per table and wager family, from the finished rounds started in [since, until]."""
    until = _through(until)
    rows = connection.execute(
        "SELECT r.table_id, p->>'wager', "
        "COALESCE(sum((p->>'stake')::bigint) FILTER (WHERE p->>'outcome' <> 'return'), 0), "
        "COALESCE(sum((p->>'amount')::bigint - COALESCE((p->>'vigorish')::bigint, 0)) "
        "FILTER (WHERE p->>'outcome' = 'pay'), 0), "
        "count(*) FILTER (WHERE p->>'outcome' = 'pay'), "
        "COALESCE(sum((p->>'stake')::bigint) FILTER (WHERE p->>'outcome' = 'collect'), 0) "
        "+ COALESCE(sum(COALESCE((p->>'vigorish')::bigint, 0)), 0) "
        "FROM floor_rounds r, jsonb_array_elements(CASE WHEN jsonb_typeof(r.payments) = "
        "'array' THEN r.payments ELSE '[]'::jsonb END) p "
        "WHERE r.status = 'complete' AND (%(since)s = '' OR r.started >= %(since)s) AND "
        "(%(until)s = '' OR r.started <= %(until)s) "
        "GROUP BY 1, 2 ORDER BY 1, 2", {"since": since, "until": until}).fetchall()
    return [ShiftLine(str(r[0]), str(r[1]), int(r[2]), int(r[3]), int(r[4]),
                      int(r[5]) - int(r[3])) for r in rows]


SHIFT_COLUMNS = ("Table", "Wager", "Drop", "Paid", "Hits", "Hold", "Hold %")


def shift_cells(line: ShiftLine) -> tuple[str, ...]:
    return (line.table_id, line.wager.replace("_", " "), format_cents(line.drop),
            format_cents(line.paid), f"{line.hits:,}", format_cents(line.hold),
            f"{line.hold_percent:.1f}%")


def shift_csv(lines: list[ShiftLine]) -> str:
    """The shift report as CSV (amounts in dollars and cents, as on screen).

    >>> print(shift_csv([ShiftLine("T1", "pai_gow", 10_000, 4_750, 3, 5_250)]).strip())
    Table,Wager,Drop,Paid,Hits,Hold,Hold %
    T1,pai gow,$100.00,$47.50,3,$52.50,52.5%
    """
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(SHIFT_COLUMNS)
    for line in lines:
        writer.writerow(shift_cells(line))
    return out.getvalue()
