"""Installer tests: the first-start dialog draws offscreen; importing :mod:`dealer_station.ui`
first applies the PySide6 ``None`` reference-count workaround before any widget exists."""

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

import dealer_station.ui  # noqa: F401  (the workaround)
