"""Who was signed in, where and when: one row per session on the dealer's screen (the dealer on
duty), the supervisor's screen or the technician's screen, with its start and end times.

Opening and ending a session are audited in the same transaction (kind ``session``, with the
row as it stands after the change), like every other change of the table's state. A session
still open when the station stops (a crash, a power cut, the window closed) is ended at the
next start with the reason ``station restarted`` and the time of that start: nobody is signed in
after a restart.

:func:`sessions_during` answers "who was signed in at the table during this round": the
sessions that overlap the interval.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from dealer_station.audit import utc_now
from dealer_station.store.database import Store, Transaction

__all__ = ["SCREENS", "Session", "end", "end_all_open", "open_sessions", "session",
           "sessions_during", "start"]

#: Where a person signs in.
SCREENS = ("dealer", "supervisor", "technician")


@dataclass(frozen=True, slots=True)
class Session:
    """One sign-in: ``started`` / ``ended`` are ISO 8601 UTC times as the audit log writes them
    (``ended`` is ``None`` while the session lasts)."""

    id: int
    user: str
    role: str
    screen: str
    started: str
    ended: str | None
    end_reason: str | None

    def to_json(self) -> dict[str, Any]:
        return {"id": self.id, "user": self.user, "role": self.role, "screen": self.screen,
                "started": self.started, "ended": self.ended, "end_reason": self.end_reason}


def _session(row: Any) -> Session:
    return Session(row["id"], row["user"], row["role"], row["screen"], row["started"],
                   row["ended"], row["end_reason"])


def session(source: Store | Transaction, session_id: int) -> Session | None:
    row = source.connection.execute("SELECT * FROM sessions WHERE id = ?",
                                    (session_id,)).fetchone()
    return _session(row) if row else None


def start(work: Transaction, user: str, role: str, screen: str, *,
          round_id: int | None = None, time: str | None = None) -> Session:
    """Open a session (audited)."""
    if screen not in SCREENS:
        raise ValueError(f"unknown screen {screen!r}")
    cursor = work.execute("INSERT INTO sessions (user, role, screen, started) "
                          "VALUES (?, ?, ?, ?)", (user, role, screen, time or utc_now()))
    opened = session(work, int(cursor.lastrowid or 0))
    assert opened is not None
    work.audit("session", {"event": "started", "session": opened.to_json()}, actor=user,
               round_id=round_id)
    return opened


def end(work: Transaction, session_id: int, reason: str, *, actor: str | None,
        round_id: int | None = None, time: str | None = None) -> Session:
    """End an open session with ``reason`` (``signed out``, ``replaced by D2``, ...), audited.
    """
    work.execute("UPDATE sessions SET ended = ?, end_reason = ? WHERE id = ? AND ended IS NULL",
                 (time or utc_now(), reason, session_id))
    ended = session(work, session_id)
    if ended is None:
        raise ValueError(f"no session {session_id}")
    work.audit("session", {"event": "ended", "session": ended.to_json()}, actor=actor,
               round_id=round_id)
    return ended


def open_sessions(source: Store | Transaction, screen: str | None = None) -> list[Session]:
    sql = "SELECT * FROM sessions WHERE ended IS NULL"
    parameters: tuple[Any, ...] = ()
    if screen is not None:
        sql += " AND screen = ?"
        parameters = (screen,)
    rows = source.connection.execute(sql + " ORDER BY id", parameters).fetchall()
    return [_session(row) for row in rows]


def end_all_open(work: Transaction, reason: str) -> list[Session]:
    """End every open session (at start-up: ``station restarted``)."""
    moment = utc_now()
    return [end(work, each.id, reason, actor=None, time=moment)
            for each in open_sessions(work)]


def sessions_during(source: Store | Transaction, start_time: str, end_time: str | None = None,
                    *, screen: str | None = None) -> list[Session]:
    """The sessions that overlap ``start_time``..``end_time`` (ISO 8601 UTC strings as the
    rounds table keeps them, ``rounds.started`` / ``rounds.ended``; ``end_time`` ``None``:
    up to now), oldest first; ``screen="dealer"`` for the dealers on duty at the table. A
    session still open counts as lasting until now."""
    also, parameters = "", []
    if end_time is not None:
        also += " AND started <= ?"
        parameters.append(end_time)
    if screen is not None:
        also += " AND screen = ?"
        parameters.append(screen)
    # those ended since the start (sessions_by_end) and those still open (sessions_open): not
    # every session from the table's first, as a range of their starts up to the end would be
    # (ordered here: asked to order them, SQLite walks sessions_by_start from the first)
    rows = source.connection.execute(
        f"SELECT * FROM sessions WHERE ended >= ?{also} UNION ALL "
        f"SELECT * FROM sessions WHERE ended IS NULL{also}",
        [start_time, *parameters, *parameters]).fetchall()
    return sorted((_session(row) for row in rows), key=lambda s: (s.started, s.id))
