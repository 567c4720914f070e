"""Who validates a progressive payout: the station setting ``second_validator_above`` (cents;
``0``: one supervisor validates every payout), shown and changed by a supervisor
(``dealer-station validators``), directly or through the running station's control socket."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Protocol

from dealer_station.money import format_cents, parse_amount

__all__ = ["handle_validators", "validators_words"]


class _Station(Protocol):
    @property
    def station_settings(self) -> dict[str, Any]: ...

    def change_station_settings(self, changes: Mapping[str, Any], *, supervisor: str,
                                pin: str) -> int: ...


def validators_words(above: int) -> str:
    """The rule in words.

    >>> validators_words(0)
    'one supervisor validates every progressive payout'
    >>> validators_words(250000)
    'a progressive payout above $2,500.00 is validated by two supervisors'
    """
    if not above:
        return "one supervisor validates every progressive payout"
    return f"a progressive payout above {format_cents(above)} is validated by two supervisors"


def handle_validators(station: _Station, message: Mapping[str, Any]) -> dict[str, Any]:
    """``show``, or ``two-above`` (``value``: an amount, ``0`` for one validator always; ``by``
    and ``pin``: the supervisor's, a configuration change: between rounds, audited)."""
    action = message.get("action") or "show"
    if action == "show":
        return {"message": validators_words(
            int(station.station_settings.get("second_validator_above", 0) or 0))}
    if action != "two-above":
        raise ValueError(f"unknown validators action {action!r} (show, two-above)")
    text = str(message.get("value") or "").strip()
    if not text:
        raise ValueError("validators two-above needs an amount ($), or 0")
    above = 0 if text in ("0", "$0") else parse_amount(text)
    station.change_station_settings({"second_validator_above": above},
                                    supervisor=str(message.get("by") or ""),
                                    pin=str(message.get("pin") or ""))
    return {"message": validators_words(above)}
