"""A private PostgreSQL server for the floor tests and benchmarks: ``initdb`` and ``pg_ctl``
of the Debian ``postgresql`` package into a temporary directory, listening on 127.0.0.1 at a
free port (trust authentication, nothing else can reach it). Run as the ``postgres`` account
when the tests run as root (``initdb`` refuses root). Never a mock.
"""

from __future__ import annotations

import contextlib
import glob
import os
import shutil
import socket
import subprocess
import tempfile
import time
from pathlib import Path

__all__ = ["PostgresServer", "find_binaries"]


def find_binaries() -> Path | None:
    """The directory of ``initdb``/``pg_ctl`` (the newest installed version), or None."""
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"))
    if found:
        return Path(found[-1]).parent
    initdb = shutil.which("initdb")
    return Path(initdb).parent if initdb else None


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


class PostgresServer:
    """One private server: :meth:`start`, :meth:`kill` (immediate stop, as a crash),
    :meth:`stop`; :attr:`url` of its ``floor`` database."""

    def __init__(self, binaries: Path) -> None:
        self.binaries = binaries
        self.root = Path(tempfile.mkdtemp(prefix="floor-pg-"))
        self.data = self.root / "data"
        self.port = _free_port()
        self._user = "postgres" if os.geteuid() == 0 else None
        if self._user:
            shutil.chown(self.root, self._user)
        self._run("initdb", "-D", str(self.data), "-A", "trust", "-U", "postgres",
                  "--no-sync", "-E", "UTF8")

    @property
    def admin_url(self) -> str:
        return f"postgresql://postgres@127.0.0.1:{self.port}/postgres"

    def url(self, database: str = "floor") -> str:
        return f"postgresql://postgres@127.0.0.1:{self.port}/{database}"

    def _run(self, program: str, *arguments: str) -> None:
        command = [str(self.binaries / program), *arguments]
        if self._user:
            command = ["runuser", "-u", self._user, "--", *command]
        subprocess.run(command, check=True, capture_output=True, timeout=120, cwd=self.root)

    def start(self) -> None:
        options = (f"-p {self.port} -k {self.root} -c listen_addresses=127.0.0.1 "
                   "-c fsync=off -c max_connections=200")
        self._run("pg_ctl", "-D", str(self.data), "-o", options, "-l",
                  str(self.root / "server.log"), "-w", "-t", "60", "start")

    def running(self) -> bool:
        command = [str(self.binaries / "pg_ctl"), "-D", str(self.data), "status"]
        if self._user:
            command = ["runuser", "-u", self._user, "--", *command]
        return subprocess.run(command, capture_output=True, timeout=30).returncode == 0

    def kill(self) -> None:
        """Stop at once, as a crash (``pg_ctl stop -m immediate``)."""
        self._run("pg_ctl", "-D", str(self.data), "-m", "immediate", "-w", "stop")

    def stop(self) -> None:
        self._run("pg_ctl", "-D", str(self.data), "-m", "fast", "-w", "stop")

    def create_database(self, name: str = "floor") -> str:
        import psycopg

        with psycopg.connect(self.admin_url, autocommit=True) as connection:
            connection.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
            connection.execute(f'CREATE DATABASE "{name}"')
        return self.url(name)

    def remove(self) -> None:
        with contextlib.suppress(subprocess.CalledProcessError):
            self.stop()
        shutil.rmtree(self.root, ignore_errors=True)

    def wait_down(self, timeout: float = 10.0) -> None:
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            with socket.socket() as probe:
                if probe.connect_ex(("127.0.0.1", self.port)) != 0:
                    return
            time.sleep(0.05)
