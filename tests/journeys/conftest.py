"""Journey tests: the real window on a real X server, driven by mouse and keyboard.

A session fixture starts one Xvfb server per screen size (1280×800, the default window, and
1920×1080) on a display it picks itself (``-displayfd``). Each journey starts ``dealer-station``
in its own process with a fresh data directory, the shipped configuration and the simulated
table (:class:`journey_person.Station`).

Without Xvfb or xdotool the journeys are skipped with the reason — except under ``CI=true``,
where they must run, and fail when they cannot.

Screenshots of each step go to ``$JOURNEY_SCREENSHOTS/<journey>/`` (default: a temporary
directory); ``JOURNEY_SCREENSHOTS=docs/journeys`` redraws the committed ones, and the index
``docs/journeys/README.md`` with them.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from journey_person import Shots, Station, XServer, missing_tools

ROOT = Path(__file__).resolve().parents[2]


def _need_tools() -> None:
    missing = missing_tools()
    if not missing:
        return
    reason = (f"journey tests need {' and '.join(missing)} (apt-get install xvfb xdotool; "
              ".ci/run installs them)")
    if os.environ.get("CI", "").lower() == "true":
        pytest.fail(f"CI=true: {reason}", pytrace=False)
    pytest.skip(reason)


@pytest.fixture(scope="session")
def x_servers() -> Iterator[dict[tuple[int, int], XServer]]:
    """Xvfb servers by screen size, started when first asked for."""
    servers: dict[tuple[int, int], XServer] = {}
    yield servers
    for server in servers.values():
        server.stop()


def _server(servers: dict[tuple[int, int], XServer], size: tuple[int, int]) -> XServer:
    _need_tools()
    if size not in servers:
        servers[size] = XServer(*size)
    return servers[size]


@pytest.fixture(scope="session")
def shots_directory(tmp_path_factory: pytest.TempPathFactory) -> Path:
    chosen = os.environ.get("JOURNEY_SCREENSHOTS")
    if chosen:
        path = Path(chosen)
        return path if path.is_absolute() else ROOT / path
    return tmp_path_factory.mktemp("journey-screenshots")


StationFactory = Callable[..., Station]


@pytest.fixture
def open_station(request: pytest.FixtureRequest, x_servers: dict[tuple[int, int], XServer],
                 shots_directory: Path, tmp_path: Path) -> Iterator[StationFactory]:
    """``open_station(journey, size=(1280, 800), args=())``: ``dealer-station`` started on a
    screen of ``size`` with a fresh data directory; stopped at the end of the test."""
    started: list[Station] = []

    def open_(journey: str, size: tuple[int, int] = (1280, 800),
              args: tuple[str, ...] = ()) -> Station:
        server = _server(x_servers, size)
        doc = (request.node.function.__doc__ or "").strip()
        shots = Shots(shots_directory, journey, " ".join(doc.split("\n\n")[0].split()))
        station = Station(server, tmp_path / "data", shots, args).start()
        started.append(station)
        return station

    yield open_
    for station in started:
        station.stop()
    if os.environ.get("JOURNEY_SCREENSHOTS"):
        from journey_index import write_index

        write_index(shots_directory)
