"""GUI tests: Qt draws offscreen; importing :mod:`dealer_station.ui` first applies the PySide6
6.12 / Python 3.11 ``None`` reference-count workaround before any widget exists."""

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

import dealer_station.ui  # noqa: F401  (the workaround)
