"""A station without a journal or people, for previews, the screenshot command and tests."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from copy import deepcopy
from typing import Any

from dealer_station.actions import Action
from dealer_station.procedure import GameRound, JSONValue, ProcedureError, Record
from dealer_station.store.meters import Meter

__all__ = ["MemoryStation"]

#: A preview has no people to check a supervisor's id and PIN against.
NO_SUPERVISORS = "a preview station takes no supervisor decisions"


class MemoryStation:
    """A station without a journal or people, for previews and the screenshot command: performs
    actions on rounds made by ``factory`` directly. The application uses the durable
    :class:`dealer_station.station.Station`; both implement
    :class:`~dealer_station.station_port.StationPort` whole (mypy checks it where
    ``preview/controllers.py`` gives it to the controller) (here: no supervisor decisions, no
    meters, ticks and device events kept by the screen alone)."""

    def __init__(self, factory: Callable[[], GameRound]) -> None:
        self._factory = factory
        self.round: GameRound | None = None
        self.round_id: int | None = None
        self.dealer: object = "preview"
        self.needs_first_supervisor = False
        self.dealer_accounts_exist = True

    def start_round(self) -> GameRound:
        if self.round is not None:
            raise ProcedureError("a round is in progress")
        self.round = self._factory()
        self.round_id = (self.round_id or 0) + 1
        return self.round

    def _method(self, round_: GameRound | None, action: Action) -> Callable[..., Any]:
        """The round's method of ``action`` (refused: no round, or not one of its actions)."""
        if round_ is None:
            raise ProcedureError("no round in progress: start one first")
        method: Callable[..., Any] | None = getattr(round_, action.name, None)
        if method is None or not callable(method):
            raise ProcedureError(f"the round has no action {action.name!r}")
        return method

    def can(self, action: Action) -> bool:
        if self.round is None:
            return False
        verify = getattr(self.round, f"verify_{action.name}", None)
        if verify is None:
            return callable(getattr(self.round, action.name, None))
        try:
            verify(**action.arguments())
        except ProcedureError:
            return False
        return True

    def perform(self, action: Action) -> Record:
        record: Record = self._method(self.round, action)(**action.arguments())
        if self.round is not None and self.round.is_complete:
            self.round = None
        return record

    def preview(self, action: Action) -> GameRound:
        """The round as it would be after ``action``, not performed."""
        planned = deepcopy(self.round)
        self._method(planned, action)(**action.arguments())
        assert planned is not None
        return planned

    def supervise(self, action: Action, *, supervisor: str, pin: str) -> Record:
        raise ProcedureError(NO_SUPERVISORS)

    def void_round(self, reason: str, *, supervisor: str, pin: str) -> Record | None:
        raise ProcedureError(NO_SUPERVISORS)

    def tick_payment(self, order: int, done: bool = True) -> None:
        """Nothing to journal: the screen keeps the ticks."""

    def record_device_event(self, device: str, event: str, **detail: JSONValue) -> None:
        """Nothing to audit: a preview keeps no record."""

    def meters(self) -> Sequence[Meter]:
        """No progressive meters: a preview keeps none."""
        return ()

    def sign_in(self, user_id: str, pin: str) -> object:
        self.dealer = user_id
        return user_id

    def change_own_pin(self, user_id: str, current_pin: str, new_pin: str) -> object:
        return user_id  # (no accounts here: every PIN is the person's own)

    def sign_out(self) -> None:
        self.dealer = None

    def create_first_supervisor(self, user_id: str, name: str, pin: str) -> object:
        return user_id
