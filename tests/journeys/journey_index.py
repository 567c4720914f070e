"""The index of the journeys' screenshots, ``docs/journeys/README.md``: each journey's title and
its steps in order, each with its caption and picture (from the ``steps.json`` each journey
writes next to its screenshots)."""

from __future__ import annotations

import json
from pathlib import Path

HEADER = """# Journeys, step by step

Screenshots taken by the journey tests (`tests/journeys/`) while they play the real window on a
real X server (Xvfb) with the mouse and the keyboard only (`xdotool`), on the simulated table
exactly as shipped: a fresh data directory, the shipped configuration, random decks, faults only
through the simulated-table panel. Each journey's screenshots are in its own folder, numbered in
the order of the steps.

Redraw them (about five minutes; needs `xvfb` and `xdotool`):

```sh
JOURNEY_SCREENSHOTS=docs/journeys .venv/bin/python -m pytest -q tests/journeys
```

The decks are random, so the cards differ from one run to the next; the steps do not.
"""


def write_index(directory: Path) -> Path:
    """Write ``directory/README.md`` from every ``directory/*/steps.json``."""
    parts = [HEADER]
    journeys = sorted(p for p in directory.glob("*/steps.json"))
    parts.append("## Journeys\n")
    for path in journeys:
        document = json.loads(path.read_text())
        name = path.parent.name
        parts.append(f"- [{document.get('title') or name}](#{name})")
    for path in journeys:
        document = json.loads(path.read_text())
        name = path.parent.name
        parts.append(f'\n<a id="{name}"></a>\n\n## {document.get("title") or name}\n')
        for number, step in enumerate(document["steps"], 1):
            parts.append(f"{number}. {step['caption']}\n\n"
                         f"   ![{step['name']}]({name}/{step['file']})\n")
    index = directory / "README.md"
    index.write_text("\n".join(parts))
    return index
