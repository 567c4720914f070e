"""A progressive meter's life asked by one request (``dealer-station meters …``): carried out by
the station, the running one through its control socket (:mod:`dealer_station.control`) or one
the command line opens. Each change checks the supervisor's id and PIN, the law and that no
round is open (:meth:`dealer_station.station.Station.create_meter` and the rest).

>>> handle_meters(None, {"action": "explode"})
Traceback (most recent call last):
ValueError: unknown meters action 'explode'
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from dealer_station.meter_views import parse_rate
from dealer_station.money import format_cents, parse_amount
from dealer_station.procedure import ProcedureError

if TYPE_CHECKING:
    from dealer_station.station import Station

__all__ = ["CHANGES", "handle_meters"]

#: The actions that change a meter (each needs ``by`` and ``pin``).
CHANGES = ("create", "change", "reseed", "retire")


def _limit(text: Any) -> tuple[int | None, bool]:
    if text is None:
        return None, False
    if str(text).strip().lower() == "none":
        return None, True
    return parse_amount(str(text)), False


def handle_meters(station: Station, message: Mapping[str, Any]) -> dict[str, Any]:
    """Carry out ``message`` (``action``, ``name``, the terms as typed, ``by``, ``pin``) on
    ``station``; returns ``{"message": ...}``. A refusal raises ``ValueError`` whose words end
    with the clause (as the control socket passes them on)."""
    try:
        return _handle(station, message)
    except ProcedureError as error:
        raise ValueError(str(error)) from None


def _handle(station: Station, message: Mapping[str, Any]) -> dict[str, Any]:
    action = message.get("action")
    if action not in CHANGES:
        raise ValueError(f"unknown meters action {action!r}")
    name = str(message.get("name") or "")
    who = {"supervisor": str(message.get("by") or ""), "pin": str(message.get("pin") or "")}
    if not name or not who["supervisor"]:
        raise ValueError(f"meters {action} needs the meter's name and --by SUPERVISOR_ID")
    reset, rate = message.get("reset"), message.get("rate")
    if action == "create":
        if not message.get("wager") or reset is None or rate is None:
            raise ValueError("meters create needs --wager, --reset and --rate")
        limit, _ = _limit(message.get("limit"))
        made = station.create_meter(name, wager=str(message["wager"]),
                                    reset=parse_amount(str(reset)), rate_bp=parse_rate(str(rate)),
                                    limit=limit,
                                    above_limit=str(message.get("above_limit") or "overflow"),
                                    **who)
        return {"message": f"created meter {made.name}: {format_cents(made.current)} on the "
                           "meter"}
    if action == "change":
        limit, clear = _limit(message.get("limit"))
        changed = station.change_meter(
            name, reset=None if reset is None else parse_amount(str(reset)),
            rate_bp=None if rate is None else parse_rate(str(rate)), limit=limit,
            clear_limit=clear, above_limit=str(message.get("above_limit") or "overflow"), **who)
        shown = "none" if changed.limit is None else format_cents(changed.limit)
        return {"message": f"changed meter {changed.name}: base {format_cents(changed.reset)}, "
                           f"rate {changed.rate_bp / 100:g}%, limit {shown}"}
    if action == "reseed":
        moved = station.reseed_meter(name, **who)
        return {"message": f"reseeded meter {name}: {format_cents(moved)} from the overflow"}
    retired = station.retire_meter(name, reason=str(message.get("reason") or ""), **who)
    return {"message": f"retired meter {retired.name} ({format_cents(retired.current)} on it)"}
