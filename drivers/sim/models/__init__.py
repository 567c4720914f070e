"""Simulated devices' state machines, one per family, independent of any wire."""

from drivers.sim.models.acceptor import AcceptorModel
from drivers.sim.models.base import DeviceModel, Refused
from drivers.sim.models.lockout import LockoutModel
from drivers.sim.models.shoe import ShoeModel

__all__ = ["AcceptorModel", "DeviceModel", "LockoutModel", "Refused", "ShoeModel"]
