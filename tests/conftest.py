"""Shared test setup: Qt draws offscreen unless a display is asked for."""

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
