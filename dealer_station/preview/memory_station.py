"""A station without a journal or people, for previews, the screenshot command and tests."""

from __future__ import annotations

from collections.abc import Callable
from copy import deepcopy
from typing import Any

from dealer_station.procedure import ProcedureError, Record

__all__ = ["MemoryStation"]


class MemoryStation:
    """A station without a journal or people, for previews and the screenshot command: performs
    actions on rounds made by ``factory`` directly. The application uses the durable
    :class:`dealer_station.station.Station`."""

    def __init__(self, factory: Callable[[], Any]) -> None:
        self._factory = factory
        self.round: Any = None
        self.round_id: int | None = None
        self.dealer: Any = "preview"
        self.needs_first_supervisor = False

    def start_round(self) -> Any:
        if self.round is not None:
            raise ProcedureError("a round is in progress")
        self.round = self._factory()
        self.round_id = (self.round_id or 0) + 1
        return self.round

    def can(self, action: str, **arguments: Any) -> bool:
        verify = getattr(self.round, f"verify_{action}", None)
        if verify is None:
            return callable(getattr(self.round, action, None))
        try:
            verify(**arguments)
        except ProcedureError:
            return False
        return True

    def perform(self, action: str, **arguments: Any) -> Record:
        if self.round is None:
            raise ProcedureError("no round in progress: start one first")
        if action.startswith("_") or not callable(getattr(self.round, action, None)):
            raise ProcedureError(f"the round has no action {action!r}")
        record: Record = getattr(self.round, action)(**arguments)
        if self.round.is_complete:
            self.round = None
        return record

    def sign_in(self, user_id: str, pin: str) -> Any:
        self.dealer = user_id
        return user_id

    def sign_out(self) -> None:
        self.dealer = None

    def create_first_supervisor(self, user_id: str, name: str, pin: str) -> Any:
        return user_id

    def preview(self, action: str, **arguments: Any) -> Any:
        """The round as it would be after ``action``, not performed."""
        if self.round is None:
            raise ProcedureError("no round in progress: start one first")
        planned = deepcopy(self.round)
        getattr(planned, action)(**arguments)
        return planned
