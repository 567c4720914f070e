"""Where the shipped resources (default configurations, house ways, card art, theme) live: the
``resources/`` folder of a checkout, the packaged copy of an installed wheel, or the folder a
PyInstaller bundle unpacks."""

from __future__ import annotations

import sys
from pathlib import Path

__all__ = ["resource_path"]


def _root() -> Path:
    bundled = getattr(sys, "_MEIPASS", None)
    candidates = [
        Path(bundled) / "resources" if bundled else None,
        Path(__file__).resolve().parent.parent / "resources",
        Path(__file__).resolve().parent / "resources",
    ]
    for candidate in candidates:
        if candidate is not None and candidate.is_dir():
            return candidate
    raise FileNotFoundError("the resources folder of Dealer Station is missing from this install")


def resource_path(*parts: str) -> Path:
    """The path of a shipped resource, e.g. ``resource_path("let_it_ride.toml")``."""
    return _root().joinpath(*parts)
