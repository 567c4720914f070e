"""Diagnostic logging for the whole application, configured once.

structlog renders to the console (coloured, readable) when developing and as JSON lines in
production (one object per line, for the casino's log collector). Context that every line should
carry — the ``table``, the ``round`` and the ``device`` — is bound with :func:`bind` (context
variables, so it follows the thread or task that bound it).

These are *diagnostics*: they may be rotated, filtered or lost. The regulatory record is the
hash-chained audit log in :mod:`dealer_station.audit`, which never goes through here.

The mode comes from the argument, else the ``DEALER_STATION_LOG`` environment variable
(``development`` or ``production``), else ``development`` when stderr is a terminal and
``production`` otherwise.

>>> import io, json
>>> out = io.StringIO()
>>> configure("production", stream=out, force=True)
'production'
>>> with bound(table="T1", round=7):
...     get_logger("doctest").info("round_started", game="let_it_ride")
>>> line = json.loads(out.getvalue())
>>> line["event"], line["table"], line["round"], line["game"], line["level"]
('round_started', 'T1', 7, 'let_it_ride', 'info')
"""

from __future__ import annotations

import logging
import os
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Protocol, TextIO

import structlog

__all__ = ["LOG_NAME", "MODES", "Log", "bind", "bound", "configure", "get_logger",
           "to_file", "unbind"]

MODES = ("development", "production")
_configured: str | None = None


def _choose_mode(mode: str | None) -> str:
    chosen = mode or os.environ.get("DEALER_STATION_LOG")
    if chosen is None:
        chosen = "development" if sys.stderr.isatty() else "production"
    if chosen not in MODES:
        raise ValueError(f"log mode must be one of {', '.join(MODES)}, not {chosen!r}")
    return chosen


class _StderrLogger:
    """Writes each line to whatever ``sys.stderr`` is at the time (it may be replaced)."""

    def msg(self, message: str) -> None:
        print(message, file=sys.stderr, flush=True)

    debug = info = warning = warn = error = critical = exception = fatal = failure = msg


class _StderrLoggerFactory:
    def __call__(self, *args: Any) -> _StderrLogger:
        return _StderrLogger()


class _CurrentStderr:
    """A stream that writes to whatever ``sys.stderr`` is at the time."""

    def write(self, text: str) -> int:
        return sys.stderr.write(text)

    def flush(self) -> None:
        sys.stderr.flush()


class _StdlibHandler(logging.StreamHandler):  # type: ignore[type-arg]
    """The handler :func:`configure` puts on the standard library's root logger."""


def _route_stdlib(renderer: Any, stream: TextIO | None) -> None:
    """Lines logged through the standard library (the device drivers: faults skipped, links
    down, callbacks failing) come out in the same form as structlog's, with the bound context,
    instead of as bare text in the middle of the JSON lines."""
    shared: list[Any] = [
        structlog.contextvars.merge_contextvars,
        structlog.stdlib.add_log_level,
        structlog.stdlib.add_logger_name,
        structlog.processors.TimeStamper(fmt="iso", utc=True),
    ]
    handler = _StdlibHandler(stream if stream is not None else _CurrentStderr())
    handler.setFormatter(structlog.stdlib.ProcessorFormatter(
        foreign_pre_chain=shared,
        processors=[structlog.stdlib.ProcessorFormatter.remove_processors_meta,
                    structlog.processors.format_exc_info, renderer],
    ))
    root = logging.getLogger()
    for old in [h for h in root.handlers if isinstance(h, _StdlibHandler)]:
        root.removeHandler(old)
    root.addHandler(handler)


def configure(mode: str | None = None, *, stream: TextIO | None = None,
              level: int = logging.INFO, force: bool = False) -> str:
    """Configure structlog for the application (once; later calls are no-ops unless ``force``).

    Returns the mode in effect."""
    global _configured
    if _configured is not None and not force:
        return _configured
    chosen = _choose_mode(mode)
    renderer: Any
    if chosen == "development":
        renderer = structlog.dev.ConsoleRenderer(colors=stream is None and sys.stderr.isatty())
    else:
        renderer = structlog.processors.JSONRenderer(sort_keys=True)
    structlog.configure(
        processors=[
            structlog.contextvars.merge_contextvars,
            structlog.processors.add_log_level,
            structlog.processors.TimeStamper(fmt="iso", utc=True),
            structlog.processors.StackInfoRenderer(),
            structlog.processors.format_exc_info,
            renderer,
        ],
        wrapper_class=structlog.make_filtering_bound_logger(level),
        logger_factory=(structlog.PrintLoggerFactory(stream) if stream is not None
                        else _StderrLoggerFactory()),
        cache_logger_on_first_use=False,
    )
    _route_stdlib(renderer, stream)
    _configured = chosen
    return chosen


class Log(Protocol):
    """What the product's code calls on a logger (:func:`get_logger`): an event name and its
    key-value context."""

    def debug(self, event: str, **context: Any) -> object: ...

    def info(self, event: str, **context: Any) -> object: ...

    def warning(self, event: str, **context: Any) -> object: ...

    def error(self, event: str, **context: Any) -> object: ...


def get_logger(name: str | None = None) -> Any:
    """A structlog logger (configuring with the defaults first if nobody has yet)."""
    if _configured is None:
        configure()
    return structlog.get_logger(name) if name else structlog.get_logger()


def bind(**context: Any) -> None:
    """Bind ``table=``, ``round=``, ``device=`` (or any key) to every following log line."""
    structlog.contextvars.bind_contextvars(**context)


#: The diagnostic log's file in the data directory, where the dealer's screen started from a
#: terminal writes its lines (:func:`to_file`).
LOG_NAME = "dealer-station.log"


class _Tee:
    """A stream that appends each line to a file and, when ``echo``, to the current stderr."""

    def __init__(self, path: Path, *, echo: bool) -> None:
        path.parent.mkdir(parents=True, exist_ok=True)
        self.file = path.open("a", encoding="utf-8", buffering=1)
        self.echo = echo

    def write(self, text: str) -> int:
        self.file.write(text)
        if self.echo:
            sys.stderr.write(text)
        return len(text)

    def flush(self) -> None:
        self.file.flush()
        if self.echo:
            sys.stderr.flush()


def to_file(path: Path, *, echo: bool = False, mode: str | None = None) -> Path:
    """Every diagnostic line to ``path`` as JSON lines (``mode`` or ``$DEALER_STATION_LOG``
    else production), and to the terminal too when ``echo`` (``--verbose``): a dealer starting
    the station from a terminal reads there what the station says, not its diagnostics.

    >>> import json, tempfile
    >>> from pathlib import Path
    >>> path = Path(tempfile.mkdtemp()) / LOG_NAME
    >>> to_file(path) == path
    True
    >>> get_logger("doctest").info("station_opened")
    >>> json.loads(path.read_text())["event"]
    'station_opened'
    """
    chosen = mode or os.environ.get("DEALER_STATION_LOG") or "production"
    configure(chosen, stream=_Tee(path, echo=echo), force=True)  # type: ignore[arg-type]
    return path


def unbind(*keys: str) -> None:
    """Remove bound context keys."""
    structlog.contextvars.unbind_contextvars(*keys)


@contextmanager
def bound(**context: Any) -> Iterator[None]:
    """Bind context for the duration of a ``with`` block."""
    tokens = structlog.contextvars.bind_contextvars(**context)
    try:
        yield
    finally:
        structlog.contextvars.reset_contextvars(**tokens)
