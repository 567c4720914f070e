"""What the station's parts share (docs/station.md, "Thread safety and the parts"): one store,
one re-entrant lock, the clock, the log, the configuration as stored, and who and what is at
the table now (the dealer on duty, the open round). The parts (:mod:`.station_people`, ...) each
hold this one object; :class:`dealer_station.station.Station` is the front over them.
"""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any, Concatenate, Generic, ParamSpec, Protocol, TypeVar, overload

from dealer_station import logs
from dealer_station.claims import Approval, LinkedMeter
from dealer_station.procedure import GameRound
from dealer_station.store.database import Store
from dealer_station.store.users import Account
from dealer_station.winners import WinnerIdentification

__all__ = ["Delegated", "Shared", "StationState"]

T = TypeVar("T")
P = ParamSpec("P")
R = TypeVar("R")
Part = TypeVar("Part")


class StationState:
    """The one store and lock of a station, and the table's state the parts share."""

    def __init__(self, store: Store, clock: Callable[[], float] = time.time) -> None:
        self.store = store
        self.clock = clock
        #: Every public method of every part holds it: a device worker thread may record a
        #: device event while the screen performs an action.
        self.lock = threading.RLock()
        self.log: logs.Log = logs.get_logger("dealer_station.station")
        #: The dealer on duty (None: nobody) and their session's number.
        self.dealer: Account | None = None
        self.dealer_session: int | None = None
        self.round: GameRound | None = None
        self.round_id: int | None = None
        #: The id of the table's last finished round (its payments may still be ticked off).
        self.last_round_id: int | None = None
        #: The table's last finished round (the state carried into the next one; None: read
        #: back from the journal when it is needed).
        self.previous: GameRound | None = None
        #: The diagnostic running now (no round starts meanwhile).
        self.diagnostic: str | None = None
        #: Set by the floor link (:mod:`dealer_station.floor.link`) when a floor is configured:
        #: why the progressive wager is locked out now (None: it is not).
        self.progressive_lock: Callable[[], str | None] | None = None
        #: Set by the floor link when the table is a member of a linked pool: its progressive
        #: claims are read and paid from the pool as it stands on the floor (None: from the
        #: table's own meter).
        self.linked_meter: LinkedMeter | None = None
        #: The open round's claims approved on the floor that wait for an earlier hit
        #: ((round, position) -> who approved them), recorded when the floor pays them; and
        #: the round whose claims were last looked for on the floor (after a restart).
        self.awaiting: dict[tuple[int, int], Approval] = {}
        self.awaiting_round: int | None = None
        #: The second validator checked for the approval being made (a payout above the
        #: station's ``second_validator_above``), while it is made.
        self.second_validator: str | None = None
        #: The winner's identification entered for the approval being made (a payout that
        #: reaches the reporting threshold, :mod:`dealer_station.winners`), while it is made.
        self.winner: WinnerIdentification | None = None
        #: The latest configuration as read: (the database's ``data_version`` then, version,
        #: its document's text, its game); see :meth:`_latest`.
        self._latest_read: tuple[int, int, str, str] | None = None
        self._one_reading = 0  # inside one_reading() (nested), and whether it checked
        self._checked = False

    def _latest(self) -> tuple[int, str, str] | None:
        """The latest configuration's version, document text and game, read from the store
        once and again only after it may have changed: after :meth:`forget_configuration`
        (this station stored a version) or when another connection committed
        (``PRAGMA data_version``). Every action reads the game several times: one cheap
        pragma instead of a query and a JSON parse each time."""
        if self._latest_read is not None and self._one_reading and self._checked:
            return self._latest_read[1:]
        seen = int(self.store.pragma("data_version"))
        self._checked = self._one_reading > 0
        if self._latest_read is not None and self._latest_read[0] == seen:
            return self._latest_read[1:]
        rows = self.store.query("SELECT version, document FROM config ORDER BY version DESC "
                                "LIMIT 1")
        if not rows:
            return None
        version, text = int(rows[0][0]), str(rows[0][1])
        self._latest_read = (seen, version, text, str(json.loads(text)["game"]))
        return self._latest_read[1:]

    @contextmanager
    def one_reading(self) -> Iterator[None]:
        """Inside (under :attr:`lock`: one action, one round's start): the configuration is
        checked for a change once, at its first reading, not at each one."""
        with self.lock:
            if not self._one_reading:
                self._checked = False
            self._one_reading += 1
            try:
                yield
            finally:
                self._one_reading -= 1

    def forget_configuration(self) -> None:
        """A configuration version was (or may have been) stored: read it again."""
        self._latest_read = None

    def configuration(self) -> tuple[int, dict[str, Any]] | None:
        """The latest configuration version and its document (None before the first start);
        the document is the caller's own copy."""
        latest = self._latest()
        if latest is None:
            return None
        return latest[0], json.loads(latest[1])

    def current_configuration(self) -> tuple[int, dict[str, Any]]:
        current = self.configuration()
        assert current is not None
        return current

    @property
    def game(self) -> str:
        latest = self._latest()
        assert latest is not None
        return latest[2]

    @property
    def settings(self) -> dict[str, Any]:
        return dict(self.current_configuration()[1]["settings"])

    @property
    def station_settings(self) -> dict[str, Any]:
        return dict(self.current_configuration()[1].get("station", {}))

    @property
    def configuration_version(self) -> int:
        latest = self._latest()
        assert latest is not None
        return latest[0]

    def device_states(self) -> dict[str, str]:
        """Each device's last known state (fault, recovery, ``lockout_on`` ...)."""
        with self.lock:
            return {row[0]: row[1] for row in self.store.query(
                "SELECT device, state FROM device_state ORDER BY device")}

    def actor(self) -> str | None:
        """Who acts at the table now: the dealer on duty's id (None: nobody signed in)."""
        return self.dealer.id if self.dealer else None


class _HasState(Protocol):
    _state: StationState


class Shared(Generic[T]):
    """An attribute of the station's front or of one of its parts that is the shared state's
    (``Shared("round")`` reads and writes ``StationState.round``), so all see one value."""

    def __init__(self, name: str) -> None:
        self._name = name

    @overload
    def __get__(self, holder: None, owner: object = None) -> Shared[T]: ...

    @overload
    def __get__(self, holder: _HasState, owner: object = None) -> T: ...

    def __get__(self, holder: _HasState | None, owner: object = None) -> T | Shared[T]:
        if holder is None:
            return self  # looked up on the class
        value: T = getattr(holder._state, self._name)
        return value

    def __set__(self, holder: _HasState, value: T) -> None:
        setattr(holder._state, self._name, value)


class Delegated(Generic[Part, P, R]):
    """A method of the station's front that is one of its parts' methods: ``create_meter =
    Delegated("_meters", Meters.create_meter)`` makes ``station.create_meter(...)`` call
    ``station._meters.create_meter(...)``, with the part's signature (checked by mypy at every
    call, keyword names included) and its documentation, written once in the part.

    >>> class Part:
    ...     def greet(self, name: str, *, loud: bool = False) -> str:
    ...         "Say hello."
    ...         return f"hello {name}" + ("!" if loud else "")
    >>> class Front:
    ...     def __init__(self) -> None:
    ...         self._part = Part()
    ...     greet = Delegated("_part", Part.greet)
    >>> Front().greet("Sam", loud=True), Front.greet.__doc__
    ('hello Sam!', 'Say hello.')
    """

    def __init__(self, part: str, method: Callable[Concatenate[Part, P], R]) -> None:
        self._part = part
        self._name = method.__name__
        self.__doc__ = method.__doc__

    @overload
    def __get__(self, holder: None, owner: object = None) -> Delegated[Part, P, R]: ...

    @overload
    def __get__(self, holder: object, owner: object = None) -> Callable[P, R]: ...

    def __get__(self, holder: object | None, owner: object = None
                ) -> Delegated[Part, P, R] | Callable[P, R]:
        if holder is None:
            return self  # looked up on the class
        method: Callable[P, R] = getattr(getattr(holder, self._part), self._name)
        return method
