"""What the dealer's screen (``ui/controller.py``) needs of a station, typed: the durable
:class:`dealer_station.station.Station` and the preview's journal-less
:class:`dealer_station.preview.memory_station.MemoryStation` both implement all of it, so the
controller calls each method directly and never asks a station what it has.

Round actions are typed records (:mod:`dealer_station.actions`): a misspelt action or argument
is a type error, not a lookup that fails at run time. mypy checks that each station satisfies
this port where it is given to the controller: ``ui/app.py`` (the station) and
``preview/controllers.py`` (the preview's).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from dealer_station.actions import Action
from dealer_station.procedure import GameRound, JSONValue, Record
from dealer_station.store.meters import Meter

__all__ = ["StationPort"]


class StationPort(Protocol):
    """The station as the table controller drives it: the round (``None`` between rounds), the
    dealer's and the supervisor's actions (each journaled before it returns), the preview of
    a settlement, the payments ticked off, device events on the record, the progressive meters
    and the people at the table."""

    @property
    def round(self) -> GameRound | None: ...

    @property
    def round_id(self) -> int | None: ...

    @property
    def dealer(self) -> object:
        """The dealer on duty (``None``: nobody signed in)."""

    @property
    def needs_first_supervisor(self) -> bool: ...

    @property
    def dealer_accounts_exist(self) -> bool:
        """Whether a dealer's account exists (the first supervisor's words say to make one)."""

    # -- rounds -----------------------------------------------------------------------------

    def start_round(self) -> GameRound: ...

    def can(self, action: Action) -> bool: ...

    def perform(self, action: Action) -> Record: ...

    def preview(self, action: Action) -> GameRound: ...

    def supervise(self, action: Action, *, supervisor: str, pin: str) -> Record: ...

    def void_round(self, reason: str, *, supervisor: str, pin: str) -> Record | None: ...

    def tick_payment(self, order: int, done: bool = True) -> None: ...

    # -- devices and meters -----------------------------------------------------------------

    def record_device_event(self, device: str, event: str, **detail: JSONValue) -> None: ...

    def meters(self) -> Sequence[Meter]: ...

    # -- people -----------------------------------------------------------------------------

    def sign_in(self, user_id: str, pin: str) -> object: ...

    def change_own_pin(self, user_id: str, current_pin: str, new_pin: str) -> object: ...

    def sign_out(self) -> None: ...

    def create_first_supervisor(self, user_id: str, name: str, pin: str) -> object: ...
