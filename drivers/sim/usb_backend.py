"""A pyusb backend whose devices are simulated lines: the driver's real pyusb calls
(``usb.core.find``, ``set_configuration``, endpoint ``write``/``read``, string descriptors)
run against it. Select it with ``?backend=sim`` in a ``usb://`` URL.

Each device has one configuration, one vendor-specific interface and two bulk endpoints
(0x01 OUT, 0x81 IN, 64-byte packets). Unplugging removes it from enumeration and makes its
open handles fail with ENODEV, as libusb does; plugging it back makes it findable again.
"""

from __future__ import annotations

import array
import errno
import itertools
import threading
from collections.abc import Iterator, Mapping
from types import SimpleNamespace
from typing import Any

import usb.backend
import usb.core

from drivers.sim.models.base import DeviceModel
from drivers.sim.server import SimServer
from drivers.sim.wire import SimLine

__all__ = ["SimUsbDevice", "UsbSimBackend", "UsbSimServer", "get_backend"]

EP_OUT = 0x01
EP_IN = 0x81
_addresses = itertools.count(1)


class SimUsbDevice:
    """One simulated USB device: its descriptors, its IN buffer and its line."""

    def __init__(
        self, models: Mapping[int, DeviceModel], vendor_id: int, product_id: int, serial: str
    ) -> None:
        self.vendor_id = vendor_id
        self.product_id = product_id
        self.serial_number = serial
        self.address = next(_addresses)
        self.attached = True
        self.generation = 0
        self._in = bytearray()
        self._ready = threading.Condition()
        self.line = SimLine(models, self._to_host)

    def _to_host(self, data: bytes) -> None:
        with self._ready:
            self._in += data
            self._ready.notify_all()

    def take(self, size: int, timeout: float) -> bytes:
        with self._ready:
            if not self._in:
                self._ready.wait(timeout)
            out = bytes(self._in[:size])
            del self._in[:size]
            return out

    def detach(self) -> None:
        with self._ready:
            self.attached = False
            self.line.faults.unplugged = True
            self._in.clear()
            self._ready.notify_all()

    def attach(self) -> None:
        with self._ready:
            self.generation += 1
            self.attached = True
            self.line.faults.unplugged = False

    def strings(self, index: int) -> str:
        return {1: "Dealer Station Sim", 2: "Table device line", 3: self.serial_number}.get(
            index, ""
        )


def _gone() -> usb.core.USBError:
    return usb.core.USBError("No such device (it may have been disconnected)", errno=errno.ENODEV)


class UsbSimBackend(usb.backend.IBackend):  # type: ignore[misc]
    """The pyusb backend API (see ``usb.backend.IBackend``) over :class:`SimUsbDevice` s."""

    def __init__(self) -> None:
        self.devices: list[SimUsbDevice] = []
        self._lock = threading.Lock()

    # enumeration and descriptors
    def enumerate_devices(self) -> Iterator[SimUsbDevice]:
        with self._lock:
            found = [d for d in self.devices if d.attached]
        yield from found

    def get_device_descriptor(self, dev: SimUsbDevice) -> Any:
        return SimpleNamespace(
            bLength=18, bDescriptorType=1, bcdUSB=0x0200, bDeviceClass=0, bDeviceSubClass=0,
            bDeviceProtocol=0, bMaxPacketSize0=64, idVendor=dev.vendor_id,
            idProduct=dev.product_id, bcdDevice=0x0100, iManufacturer=1, iProduct=2,
            iSerialNumber=3, bNumConfigurations=1, address=dev.address, bus=1,
            port_number=dev.address, port_numbers=(dev.address,), speed=2,
        )  # fmt: skip

    def get_configuration_descriptor(self, dev: SimUsbDevice, config: int) -> Any:
        return SimpleNamespace(
            bLength=9, bDescriptorType=2, wTotalLength=32, bNumInterfaces=1,
            bConfigurationValue=1, iConfiguration=0, bmAttributes=0x80, bMaxPower=50,
            extra_descriptors=[],
        )  # fmt: skip

    def get_interface_descriptor(self, dev: SimUsbDevice, intf: int, alt: int, config: int) -> Any:
        return SimpleNamespace(
            bLength=9, bDescriptorType=4, bInterfaceNumber=0, bAlternateSetting=0,
            bNumEndpoints=2, bInterfaceClass=0xFF, bInterfaceSubClass=0, bInterfaceProtocol=0,
            iInterface=0, extra_descriptors=[],
        )  # fmt: skip

    def get_endpoint_descriptor(
        self, dev: SimUsbDevice, ep: int, intf: int, alt: int, config: int
    ) -> Any:
        return SimpleNamespace(
            bLength=7, bDescriptorType=5, bEndpointAddress=(EP_OUT, EP_IN)[ep], bmAttributes=2,
            wMaxPacketSize=64, bInterval=0, bRefresh=0, bSynchAddress=0, extra_descriptors=[],
        )  # fmt: skip

    # handles
    def open_device(self, dev: SimUsbDevice) -> tuple[SimUsbDevice, int]:
        if not dev.attached:
            raise _gone()
        return (dev, dev.generation)

    @staticmethod
    def _live(handle: tuple[SimUsbDevice, int]) -> SimUsbDevice:
        dev, generation = handle
        if not dev.attached or dev.generation != generation:
            raise _gone()
        return dev

    def close_device(self, dev_handle: Any) -> None:
        pass

    def set_configuration(self, dev_handle: Any, config_value: int) -> None:
        self._live(dev_handle)

    def get_configuration(self, dev_handle: Any) -> int:
        self._live(dev_handle)
        return 1

    def set_interface_altsetting(self, dev_handle: Any, intf: int, altsetting: int) -> None:
        self._live(dev_handle)

    def claim_interface(self, dev_handle: Any, intf: int) -> None:
        self._live(dev_handle)

    def release_interface(self, dev_handle: Any, intf: int) -> None:
        pass

    def is_kernel_driver_active(self, dev_handle: Any, intf: int) -> bool:
        return False

    def detach_kernel_driver(self, dev_handle: Any, intf: int) -> None:
        pass

    def clear_halt(self, dev_handle: Any, ep: int) -> None:
        self._live(dev_handle)

    def reset_device(self, dev_handle: Any) -> None:
        self._live(dev_handle)

    # transfers
    def bulk_write(self, dev_handle: Any, ep: int, intf: int, data: Any, timeout: int) -> int:
        dev = self._live(dev_handle)
        dev.line.receive(bytes(data))
        return len(data)

    def bulk_read(self, dev_handle: Any, ep: int, intf: int, buff: Any, timeout: int) -> int:
        dev = self._live(dev_handle)
        data = dev.take(len(buff), max(timeout, 1) / 1000)
        self._live(dev_handle)
        if not data:
            raise usb.core.USBTimeoutError("Operation timed out", errno=errno.ETIMEDOUT)
        buff[: len(data)] = array.array("B", data)
        return len(data)

    def ctrl_transfer(
        self, dev_handle: Any, bmRequestType: int, bRequest: int, wValue: int, wIndex: int,
        data: Any, timeout: int,
    ) -> int:  # fmt: skip
        dev = self._live(dev_handle)
        if bRequest != 0x06 or wValue >> 8 != 3:
            raise usb.core.USBError("Pipe error", errno=errno.EPIPE)
        index = wValue & 0xFF
        body = b"\x09\x04" if index == 0 else dev.strings(index).encode("utf-16-le")
        raw = bytes((len(body) + 2, 3)) + body
        size = min(len(raw), len(data))
        data[:size] = array.array("B", raw[:size])
        return size

    # the simulator's side
    def add(self, device: SimUsbDevice) -> None:
        with self._lock:
            self.devices.append(device)

    def remove(self, device: SimUsbDevice) -> None:
        with self._lock:
            if device in self.devices:
                self.devices.remove(device)
        device.detach()


_BACKEND = UsbSimBackend()


def get_backend() -> UsbSimBackend:
    """The process's simulated USB bus."""
    return _BACKEND


class UsbSimServer(SimServer):
    """A simulated line served as a USB device on the simulated bus."""

    kind = "usb"

    def __init__(
        self,
        models: Mapping[int, DeviceModel],
        *,
        vendor_id: int,
        product_id: int,
        serial_number: str,
    ) -> None:
        self.device = SimUsbDevice(models, vendor_id, product_id, serial_number)
        super().__init__(
            f"usb://{vendor_id:04x}:{product_id:04x}?serial={serial_number}&backend=sim",
            self.device.line,
        )
        get_backend().add(self.device)

    def unplug(self) -> None:
        """Pulled out of the port: gone from enumeration, open handles fail with ENODEV."""
        self.device.detach()

    def replug(self) -> None:
        self.device.attach()

    def close(self) -> None:
        get_backend().remove(self.device)
