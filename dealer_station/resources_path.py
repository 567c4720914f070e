"""Where the shipped resources (default configurations, house ways, pay tables' census) live: the
folder a PyInstaller bundle unpacks, the packaged copy of an installed wheel
(``dealer_station/resources``, see setup.py), or the ``resources/`` folder of a checkout.

The packaged copy is looked for before the checkout's folder: beside an installed package the
checkout's place is site-packages itself, where another distribution may have put a
``resources`` folder of its own. A folder counts only when it holds the default configuration."""

from __future__ import annotations

import sys
from pathlib import Path

__all__ = ["resource_path"]

#: A file every resources folder of Dealer Station holds.
_MARKER = "let_it_ride.toml"


def _candidates() -> list[Path]:
    here = Path(__file__).resolve().parent
    bundled = getattr(sys, "_MEIPASS", None)
    return [*([Path(bundled) / "resources"] if bundled else []),
            here / "resources",  # an installed wheel (package data)
            here.parent / "resources"]  # a checkout (also an editable install)


def _root() -> Path:
    for candidate in _candidates():
        if (candidate / _MARKER).is_file():
            return candidate
    raise FileNotFoundError("the resources folder of Dealer Station is missing from this install")


def resource_path(*parts: str) -> Path:
    """The path of a shipped resource, e.g. ``resource_path("let_it_ride.toml")``."""
    return _root().joinpath(*parts)
