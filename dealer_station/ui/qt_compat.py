"""Work around a reference-counting defect of PySide6 6.12 on Python 3.11.

PySide6 6.12 returns ``None`` from every C++ ``void`` method without taking a new reference, and
drops a reference to ``True`` / ``False`` each time a Python-declared signal carries a ``bool``
(harmless from Python 3.12 on, where these objects are immortal). On Python 3.11 each such call
(``painter.save()``, ``path.moveTo()``, ``signal.emit(1, True)``, ...) drops one reference until
the interpreter aborts with "Fatal Python error: none_dealloc" (or ``bool_dealloc``) — within
seconds of painting a table.

:func:`protect_none` measures whether the installed PySide6 has the defect and, only then, gives
``None``, ``True`` and ``False`` a reference count they can never lose (what Python 3.12 makes of
them anyway). It runs when :mod:`dealer_station.ui` is imported, before any widget exists.
"""

from __future__ import annotations

import ctypes
import sys

__all__ = ["protect_none", "pyside_drops_none"]

_IMMORTAL = 1 << 60


def pyside_drops_none() -> bool:
    """True when a PySide6 ``void`` method call loses a reference to ``None``, or a signal
    carrying a ``bool`` loses one to ``True``."""
    if sys.version_info >= (3, 12):
        return False
    # PySide6 imported here, not at the top: dealer_station.ui imports this module to protect
    # None/True/False before anything of PySide6 can drop their references
    from PySide6.QtCore import QPointF
    from PySide6.QtGui import QPainterPath

    path = QPainterPath()
    before = sys.getrefcount(None)
    for _ in range(100):
        path.moveTo(QPointF(1.0, 2.0))
    if sys.getrefcount(None) <= before - 50:
        return True
    from PySide6.QtCore import QObject, Signal

    class _Probe(QObject):
        carried = Signal(bool)

    probe = _Probe()
    probe.carried.connect(lambda _flag: None)
    before = sys.getrefcount(True)
    for _ in range(100):
        probe.carried.emit(True)
    return sys.getrefcount(True) <= before - 50


def protect_none() -> bool:
    """Make ``None``, ``True`` and ``False`` immortal when the installed PySide6 needs it;
    returns whether it did.

    >>> protect_none() in (True, False)
    True
    >>> sys.getrefcount(None) > 0
    True
    """
    if not pyside_drops_none():
        return False
    # CPython's object header starts with ob_refcnt (Py_ssize_t); None lives as long as the
    # interpreter, so a count it cannot reach zero from is exactly Python 3.12's immortality.
    for value in (None, True, False):
        ctypes.c_ssize_t.from_address(id(value)).value = _IMMORTAL
    return True
