"""USB bulk endpoints through pyusb: ``usb://VID:PID`` (hex), optionally ``?serial=S`` to pick
one of several identical devices and ``&backend=sim`` for the simulated bus. The device is
found again by vendor/product id (and serial) every time the line is opened, so one that was
unplugged and plugged back (at a new bus address) is found again."""

from __future__ import annotations

import contextlib
from dataclasses import dataclass
from typing import Any
from urllib.parse import parse_qs, urlsplit

import usb.core
import usb.util

from drivers.transports.base import LinkDown

__all__ = ["UsbAddress", "UsbTransport", "discover", "parse_usb_url"]


@dataclass(frozen=True, slots=True)
class UsbAddress:
    """Where a USB line is: vendor id, product id, optional serial number, backend name."""

    vendor_id: int
    product_id: int
    serial_number: str | None = None
    backend: str | None = None


def parse_usb_url(url: str) -> UsbAddress:
    """Parse ``usb://VID:PID[?serial=S][&backend=sim]``.

    >>> parse_usb_url("usb://1209:5301?serial=A7")
    UsbAddress(vendor_id=4617, product_id=21249, serial_number='A7', backend=None)
    """
    parts = urlsplit(url)
    if parts.scheme != "usb":
        raise ValueError(f"not a usb:// address: {url!r}")
    try:
        vid_text, pid_text = parts.netloc.split(":")
        vid, pid = int(vid_text, 16), int(pid_text, 16)
    except ValueError as error:
        raise ValueError(f"{url!r}: expected usb://VID:PID with hexadecimal ids") from error
    query = parse_qs(parts.query)
    return UsbAddress(vid, pid, query.get("serial", [None])[0], query.get("backend", [None])[0])


def _backend(name: str | None) -> Any:
    if name == "sim":
        # deferred on purpose: the simulated devices load only for a ``backend=sim`` line
        from drivers.sim.usb_backend import get_backend

        return get_backend()
    if name not in (None, "libusb1"):
        raise ValueError(f"unknown USB backend {name!r}")
    return None


def discover(
    vendor_id: int | None = None, product_id: int | None = None, backend: str | None = None
) -> list[tuple[int, int, str | None, int | None, int | None]]:
    """The USB devices present: (vendor id, product id, serial, bus, address)."""
    criteria: dict[str, int] = {}
    if vendor_id is not None:
        criteria["idVendor"] = vendor_id
    if product_id is not None:
        criteria["idProduct"] = product_id
    try:
        devices = list(usb.core.find(find_all=True, backend=_backend(backend), **criteria))
    except (usb.core.NoBackendError, usb.core.USBError) as error:
        raise LinkDown(f"USB: {error}") from error
    found = []
    for dev in devices:
        try:
            serial = dev.serial_number
        except (usb.core.USBError, ValueError):
            serial = None
        found.append((dev.idVendor, dev.idProduct, serial, dev.bus, dev.address))
    return found


class UsbTransport:
    """A line over a pair of bulk endpoints."""

    def __init__(self, url: str, packet_size: int = 512) -> None:
        self.url = url
        self.address = parse_usb_url(url)
        self.packet_size = packet_size
        self._device: Any = None
        self._out: Any = None
        self._in: Any = None

    def open(self) -> None:
        self.close()
        where = self.address
        wanted = where.serial_number

        def matches(dev: Any) -> bool:
            if wanted is None:
                return True
            try:
                return bool(dev.serial_number == wanted)
            except (usb.core.USBError, ValueError):
                return False

        try:
            device = usb.core.find(
                idVendor=where.vendor_id,
                idProduct=where.product_id,
                custom_match=matches,
                backend=_backend(where.backend),
            )
            if device is None:
                raise LinkDown(f"{self.url}: no such USB device present")
            device.set_configuration()
            interface = device.get_active_configuration()[(0, 0)]
            self._out = usb.util.find_descriptor(
                interface,
                custom_match=lambda e: (
                    usb.util.endpoint_direction(e.bEndpointAddress) == usb.util.ENDPOINT_OUT
                ),
            )
            self._in = usb.util.find_descriptor(
                interface,
                custom_match=lambda e: (
                    usb.util.endpoint_direction(e.bEndpointAddress) == usb.util.ENDPOINT_IN
                ),
            )
        except (usb.core.NoBackendError, usb.core.USBError) as error:
            raise LinkDown(f"{self.url}: {error}") from error
        if self._out is None or self._in is None:
            raise LinkDown(f"{self.url}: the device has no bulk IN/OUT endpoint pair")
        self._device = device
        while self.read(0.001):  # drop what a previous session left unread
            pass

    def close(self) -> None:
        device, self._device = self._device, None
        if device is not None:
            with contextlib.suppress(usb.core.USBError):
                usb.util.dispose_resources(device)

    def write(self, data: bytes) -> None:
        if self._device is None:
            raise LinkDown(f"{self.url}: not open")
        try:
            self._out.write(data, timeout=1000)
        except usb.core.USBError as error:
            raise LinkDown(f"{self.url}: {error}") from error

    def read(self, timeout: float) -> bytes:
        if self._device is None:
            raise LinkDown(f"{self.url}: not open")
        try:
            data = self._in.read(self.packet_size, timeout=max(1, int(timeout * 1000)))
        except usb.core.USBTimeoutError:
            return b""
        except usb.core.USBError as error:
            raise LinkDown(f"{self.url}: {error}") from error
        return bytes(data)
