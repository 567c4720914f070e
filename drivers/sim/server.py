"""What every served simulated line is (a leaf of ``drivers.sim``): :class:`SimServer`, its
``url`` for the configuration and its ``line`` for the back door. The ways of serving a line
(``drivers.sim.serve``: pseudo-terminal, in process, TCP; ``drivers.sim.usb_backend``: USB) each
derive from it, so neither imports the other for it.
"""

from __future__ import annotations

from drivers.sim.models.base import DeviceModel
from drivers.sim.wire import SimLine

__all__ = ["SimServer"]


class SimServer:
    """A simulated line being served."""

    kind = "abstract"

    def __init__(self, url: str, line: SimLine) -> None:
        self.url = url
        self.line = line

    @property
    def models(self) -> dict[int, DeviceModel]:
        return self.line.models

    def unplug(self) -> None:
        """The cable is pulled: nothing goes in or out."""
        self.line.faults.unplugged = True

    def replug(self) -> None:
        self.line.faults.unplugged = False

    def close(self) -> None:
        """Stop serving (idempotent)."""
