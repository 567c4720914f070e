"""The pit's Dealer column names the dealer on duty: whoever holds the dealer's screen, not the
last person who signed in at the table (a supervisor validating a payout is not its dealer)."""

from __future__ import annotations

from typing import Any

from dealer_station.floor import forward


class _Recorded:
    """A floor connection that keeps the table's dealer as the forwarder's updates set it."""

    def __init__(self) -> None:
        self.dealer: str | None = None

    def execute(self, sql: str, params: tuple[Any, ...] = ()) -> None:
        if sql.startswith("UPDATE floor_tables SET dealer = %s"):
            self.dealer = params[0]
        elif (sql.startswith("UPDATE floor_tables SET dealer = NULL")
              and self.dealer == params[1]):
            self.dealer = None


def _session(event: str, user: str, screen: str) -> dict[str, Any]:
    return {"kind": "session", "actor": user, "time": "2026-01-01T00:00:00Z",
            "data": {"event": event, "session": {"user": user, "screen": screen}}}


def _sign_in(user: str) -> dict[str, Any]:
    return {"kind": "sign_in", "actor": user, "time": "2026-01-01T00:00:00Z",
            "data": {"user": user}}


def test_a_supervisor_signing_in_is_not_the_dealer_on_duty() -> None:
    connection = _Recorded()
    for record in (_sign_in("D1"), _session("started", "D1", "dealer"),
                   _sign_in("S1"), _session("started", "S1", "supervisor")):
        forward._journal(connection, "T1", record)  # type: ignore[arg-type]
    assert connection.dealer == "D1"


def test_a_relief_dealer_is_on_duty_whichever_order_the_sessions_come() -> None:
    connection = _Recorded()
    for record in (_session("started", "D1", "dealer"), _session("started", "D2", "dealer"),
                   _session("ended", "D1", "dealer")):
        forward._journal(connection, "T1", record)  # type: ignore[arg-type]
    assert connection.dealer == "D2"
    forward._journal(connection, "T1", _session("ended", "D2", "dealer"))  # type: ignore[arg-type]
    assert connection.dealer is None
