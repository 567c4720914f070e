"""``dealer-station settle ROUND.json``: recompute a round's settlement from its document.

The document's ``"game"`` field chooses the game: ``let_it_ride`` or ``pai_gow`` (the game's one
``settle_document``; a Pai Gow round with the optional wagers of 5324.41(k)-(p), whose document
carries a ``"bonus"`` section, with its progressive validations and jackpot records). The
records are replayed on a fresh round made from the document's configuration snapshot, the
settlement is
recomputed and printed as JSON, with whether it matches the payments the document records. Exit
status 0 when it matches, 1 when it does not (the differences are listed), 2 on a bad document.
"""

from __future__ import annotations

import argparse
import importlib
import json
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

from dealer_station.inputs import loads_json

NAME = "settle"
HELP = "recompute a round's settlement from its JSON document (supervisor check)"
DESCRIPTION = __doc__

#: The module providing ``settle_document(doc) -> dict`` for each game.
SETTLERS: Mapping[str, str] = {
    "let_it_ride": "dealer_station.games.let_it_ride",
    "pai_gow": "dealer_station.games.pai_gow",
}
def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("document", metavar="ROUND.json", help="a round document")
    parser.add_argument("--compact", action="store_true", help="print the JSON on one line")


def settler_for(game: object) -> Callable[[Mapping[str, Any]], dict[str, Any]]:
    """The ``settle_document`` function for ``game``, imported only when needed.

    >>> settler_for("let_it_ride").__name__
    'settle_document'
    >>> settler_for("baccarat")
    Traceback (most recent call last):
    ...
    ValueError: unknown game 'baccarat' in the round document: expected let_it_ride or pai_gow
    """
    module_name = SETTLERS.get(game) if isinstance(game, str) else None
    if module_name is None:
        raise ValueError(
            f"unknown game {game!r} in the round document: expected {' or '.join(SETTLERS)}")
    try:
        module = importlib.import_module(module_name)
    except ImportError as error:
        raise ValueError(
            f"the {game} settlement is not available in this installation ({error})") from None
    settle = getattr(module, "settle_document", None)
    if not callable(settle):
        raise ValueError(
            f"the {game} settlement is not available in this installation "
            f"({module_name}.settle_document is missing)")
    return settle  # type: ignore[no-any-return]


def run(args: argparse.Namespace) -> int:
    path = Path(args.document)
    try:
        doc = loads_json(path.read_text(encoding="utf-8"), str(path))
    except UnicodeDecodeError as error:
        raise ValueError(f"{path} is not a JSON document: not UTF-8 ({error.reason})") from None
    if not isinstance(doc, dict):
        raise ValueError(f"{path} is not a round document (a JSON object)")
    settle = settler_for(doc.get("game"))
    try:
        result = settle(doc)
    except (KeyError, TypeError, AttributeError, IndexError) as error:
        # A section of the wrong shape (a list for the configuration, null for the payments...):
        # a bad document, reported on one line like any other.
        raise ValueError(f"{path} is not a well-formed round document "
                         f"({type(error).__name__}: {error})") from None
    print(json.dumps(result, indent=None if args.compact else 2))
    return 0 if result.get("matches", True) else 1
