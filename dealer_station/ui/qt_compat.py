"""Work around a reference-counting defect of PySide6 6.12 on Python 3.11.

PySide6 6.12 returns ``None`` from every C++ ``void`` method without taking a new reference
(harmless from Python 3.12 on, where ``None`` is immortal). On Python 3.11 each such call
(``painter.save()``, ``path.moveTo()``, ...) drops one reference to ``None`` until the interpreter
aborts with "Fatal Python error: none_dealloc" — within seconds of painting a table.

:func:`protect_none` measures whether the installed PySide6 has the defect and, only then, gives
``None`` a reference count it can never lose (what Python 3.12 makes of it anyway). It runs when
:mod:`dealer_station.ui` is imported, before any widget exists.
"""

from __future__ import annotations

import ctypes
import sys

__all__ = ["protect_none", "pyside_drops_none"]

_IMMORTAL = 1 << 60


def pyside_drops_none() -> bool:
    """True when a PySide6 ``void`` method call loses a reference to ``None``."""
    if sys.version_info >= (3, 12):
        return False
    from PySide6.QtCore import QPointF
    from PySide6.QtGui import QPainterPath

    path = QPainterPath()
    before = sys.getrefcount(None)
    for _ in range(100):
        path.moveTo(QPointF(1.0, 2.0))
    return sys.getrefcount(None) <= before - 50


def protect_none() -> bool:
    """Make ``None`` immortal when the installed PySide6 needs it; returns whether it did.

    >>> protect_none() in (True, False)
    True
    >>> sys.getrefcount(None) > 0
    True
    """
    if not pyside_drops_none():
        return False
    # CPython's object header starts with ob_refcnt (Py_ssize_t); None lives as long as the
    # interpreter, so a count it cannot reach zero from is exactly Python 3.12's immortality.
    ctypes.c_ssize_t.from_address(id(None)).value = _IMMORTAL
    return True
