"""Issue 16: a jackpot slip sent to a network ESC/POS receipt printer through python-escpos
(``[devices] printer url = "tcp://…"``), against a printer served on the loopback address: the
status asked first, the slip's bytes received with the cut; an offline printer and one out of
paper refused with the words, the record kept."""

from __future__ import annotations

import socket
import threading
from collections.abc import Iterator

import pytest

from dealer_station.slips import PrinterFault, SlipPrinter, slip_lines
from dealer_station.store.meters import Jackpot

ONLINE, OFFLINE = b"\x12", b"\x1a"  # bit 3: offline
PAPER, NO_PAPER = b"\x12", b"\x72"  # bits 5 and 6: paper end


class LoopbackPrinter:
    """A one-connection-at-a-time ESC/POS printer on 127.0.0.1 answering DLE EOT 1 and 4."""

    def __init__(self, online: bytes = ONLINE, paper: bytes = PAPER) -> None:
        self.online, self.paper = online, paper
        self.received = bytearray()
        self.server = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        self.server.bind(("127.0.0.1", 0))
        self.server.listen(1)
        self.server.settimeout(5)
        self.port = self.server.getsockname()[1]
        self.thread = threading.Thread(target=self._serve, daemon=True)
        self.thread.start()

    def _serve(self) -> None:
        try:
            connection, _ = self.server.accept()
        except OSError:
            return
        with connection:
            connection.settimeout(5)
            while True:
                try:
                    data = connection.recv(4096)
                except OSError:
                    return
                if not data:
                    return
                self.received += data
                if data.endswith(b"\x10\x04\x01"):
                    connection.sendall(self.online)
                elif data.endswith(b"\x10\x04\x04"):
                    connection.sendall(self.paper)

    def close(self) -> None:
        self.server.close()
        self.thread.join(5)


@pytest.fixture
def record() -> Jackpot:
    return Jackpot(4, "pai_gow_progressive", 12, "5", "royal_flush", 10_000, 90_021, 80_021,
                   "D1", "S2", "2026-11-30T16:00:00.000000Z")


@pytest.fixture
def printer() -> Iterator[LoopbackPrinter]:
    served = LoopbackPrinter()
    yield served
    served.close()


def test_a_slip_reaches_a_network_printer(printer: LoopbackPrinter, record: Jackpot) -> None:
    SlipPrinter(f"tcp://127.0.0.1:{printer.port}").print_lines(
        slip_lines(record, table="PG-1", copy=True))
    printer.thread.join(5)
    data = bytes(printer.received)
    assert data.startswith(b"\x10\x04\x01") and b"\x10\x04\x04" in data
    assert b"JACKPOT RECORD No. 000004" in data and b"*** COPY ***" in data
    assert b"Amount paid        $100.00" in data
    assert data.index(b"\x1dV") > data.index(b"Amount paid")  # GS V: cut after the slip


@pytest.mark.parametrize(("online", "paper", "words"), [
    (OFFLINE, PAPER, "is offline"),
    (ONLINE, NO_PAPER, "has no paper"),
])
def test_an_offline_or_empty_printer_is_refused_in_words(online: bytes, paper: bytes,
                                                         words: str, record: Jackpot) -> None:
    served = LoopbackPrinter(online, paper)
    try:
        with pytest.raises(PrinterFault, match=words):
            SlipPrinter(f"tcp://127.0.0.1:{served.port}").print_lines(
                slip_lines(record, table="PG-1", copy=False))
        served.thread.join(5)
        assert b"JACKPOT RECORD" not in bytes(served.received)  # nothing printed
    finally:
        served.close()


def test_no_printer_listening_is_a_fault_not_a_crash(record: Jackpot) -> None:
    spare = socket.socket()
    spare.bind(("127.0.0.1", 0))
    port = spare.getsockname()[1]
    spare.close()
    with pytest.raises(PrinterFault, match="did not print"):
        SlipPrinter(f"tcp://127.0.0.1:{port}").print_lines(
            slip_lines(record, table="PG-1", copy=False))
