"""The running station's control socket: ``dealer-station users …`` while the dealer's screen
holds the table, carried out *by* the running station.

The dealer's screen holds the table's store (one station per table: a second process cannot
open it). So that accounts can still be managed from a terminal while the table is open, the
running station listens on a Unix socket, ``control.sock`` in the table's data directory,
created owner-only (mode 0600, and the peer's user id must be the station's own). The command
line sends one request (one JSON line: the ``users`` action, ids and PINs) and the station
performs it like any other account change — the acting supervisor's PIN and role checked, the
change audited — and answers with one JSON line: ``{"ok": true, "message": ...}`` or
``{"ok": false, "error": ...}``. When no station is running (no socket, or nobody listening)
the command line opens the store itself, as before.
"""

from __future__ import annotations

import contextlib
import json
import os
import socket
import struct
import threading
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

from dealer_station import logs
from dealer_station.procedure import ProcedureError

__all__ = ["SOCKET_NAME", "ControlServer", "StationNotRunning", "request", "socket_path"]

SOCKET_NAME = "control.sock"
#: The longest request accepted (a users request is a few hundred bytes).
MAX_REQUEST = 64 * 1024

Handler = Callable[[Mapping[str, Any]], dict[str, Any]]


class StationNotRunning(ConnectionError):
    """No station answers on the table's control socket."""


def socket_path(directory: str | os.PathLike[str]) -> Path:
    return Path(directory) / SOCKET_NAME


def _peer_uid(connection: socket.socket) -> int | None:
    """The user id of the process at the other end (Linux ``SO_PEERCRED``)."""
    option = getattr(socket, "SO_PEERCRED", None)
    if option is None:
        return None
    raw = connection.getsockopt(socket.SOL_SOCKET, option, struct.calcsize("3i"))
    _pid, uid, _gid = struct.unpack("3i", raw)
    return int(uid)


def _read_line(connection: socket.socket) -> bytes:
    data = b""
    while b"\n" not in data:
        chunk = connection.recv(4096)
        if not chunk:
            break
        data += chunk
        if len(data) > MAX_REQUEST:
            raise ValueError(f"request longer than {MAX_REQUEST} bytes")
    return data.split(b"\n", 1)[0]


class ControlServer:
    """Serves ``handlers[command](request)`` on the table's control socket, one connection at
    a time, on a daemon thread. Start with :meth:`start`, stop with :meth:`close`."""

    def __init__(self, directory: str | os.PathLike[str],
                 handlers: Mapping[str, Handler]) -> None:
        self.path = socket_path(directory)
        self.handlers = dict(handlers)
        self._socket: socket.socket | None = None
        self._thread: threading.Thread | None = None
        self._stopping = threading.Event()
        self._log = logs.get_logger("dealer_station.control")

    def start(self) -> ControlServer:
        """Listen (a socket left by a station that crashed is replaced: the caller holds the
        table's lock, so no other station listens here)."""
        with contextlib.suppress(FileNotFoundError):
            self.path.unlink()
        listener = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        old = os.umask(0o177)
        try:
            listener.bind(str(self.path))
        finally:
            os.umask(old)
        os.chmod(self.path, 0o600)
        listener.listen(4)
        listener.settimeout(0.5)
        self._socket = listener
        self._thread = threading.Thread(target=self._serve, name="control-socket", daemon=True)
        self._thread.start()
        return self

    def _serve(self) -> None:
        assert self._socket is not None
        while not self._stopping.is_set():
            try:
                connection, _ = self._socket.accept()
            except TimeoutError:
                continue
            except OSError:
                return
            with connection:
                connection.settimeout(30.0)
                try:
                    answer = self._answer(connection)
                    connection.sendall(json.dumps(answer).encode() + b"\n")
                except OSError as error:
                    self._log.warning("control_request_failed", error=str(error))

    def _answer(self, connection: socket.socket) -> dict[str, Any]:
        uid = _peer_uid(connection)
        if uid is not None and uid != os.getuid():
            return {"ok": False, "error": "refused: the control socket answers only the "
                                          "station's own user"}
        try:
            message = json.loads(_read_line(connection) or b"null")
            if not isinstance(message, dict):
                raise ValueError("a request is one JSON object on one line")
            command = message.get("command")
            handler = self.handlers.get(command) if isinstance(command, str) else None
            if handler is None:
                raise ValueError(f"unknown command {command!r}")
            return {"ok": True, **handler(message)}
        except (ProcedureError, ValueError, RecursionError) as error:
            reason = error.reason if isinstance(error, ProcedureError) else str(error)
            return {"ok": False, "error": reason}
        except Exception as error:  # the station keeps running; the caller gets the reason
            self._log.exception("control_request_error")
            return {"ok": False, "error": f"the station could not do it: {error}"}

    def close(self) -> None:
        self._stopping.set()
        if self._socket is not None:
            self._socket.close()
        if self._thread is not None:
            self._thread.join(timeout=5.0)
        with contextlib.suppress(FileNotFoundError):
            self.path.unlink()


def request(directory: str | os.PathLike[str], message: Mapping[str, Any], *,
            timeout: float = 60.0) -> dict[str, Any]:
    """Send ``message`` to the station running on the table in ``directory`` and return its
    answer. Raises :class:`StationNotRunning` when no station listens there."""
    path = socket_path(directory)
    client = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    client.settimeout(timeout)
    with client:
        try:
            client.connect(str(path))
        except (FileNotFoundError, ConnectionRefusedError) as error:
            raise StationNotRunning(f"no station is running at {path}") from error
        client.sendall(json.dumps(dict(message)).encode() + b"\n")
        line = _read_line(client)
    if not line:
        raise StationNotRunning(f"the station at {path} closed without answering")
    answer = json.loads(line)
    if not isinstance(answer, dict):
        raise ValueError("the station's answer is not a JSON object")
    return answer
