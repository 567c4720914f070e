"""The guides (docs/guide) name only buttons, pages, menu entries and keys the screens have.

What the screens have is read from the screens' own code (every text the widgets and the game
adapters put on screen, every key they bind, each button's key) and from the step panel of
scripted rounds of both games played through the controller; a guide naming a button or key
that is not there (renamed, removed) fails here with the guide, the name and its line."""

from __future__ import annotations

import ast
import os
import re
from collections.abc import Iterator
from functools import cache
from pathlib import Path

import pytest

from dealer_station.guide import GUIDES, guide_path, named_buttons, named_keys

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

UI = Path(__file__).resolve().parents[2] / "dealer_station" / "ui"
#: Qt's names of the keys a guide names in words.
KEY_ATTRIBUTES = {"Key_Escape": "Esc", "Key_Space": "Space", "Key_Return": "Enter"}


def _pattern(node: ast.JoinedStr) -> str:
    """An f-string as a regular expression (each formatted part: any text)."""
    parts = [re.escape(v.value) if isinstance(v, ast.Constant) else ".+" for v in node.values]
    return "".join(parts)


def _trees() -> Iterator[tuple[Path, ast.Module]]:
    for path in sorted(UI.rglob("*.py")):
        yield path, ast.parse(path.read_text(encoding="utf-8"))


def _text_of(node: ast.AST) -> str | None:
    """A literal text or an f-string's pattern; None for anything else."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return re.escape(node.value)
    if isinstance(node, ast.JoinedStr):
        return _pattern(node)
    return None


def _names_a_thing(pattern: str) -> bool:
    """A pattern with three letters of its own (not an f-string of formatted parts only)."""
    return len(re.findall(r"[A-Za-z]", pattern.replace(".+", ""))) >= 3


@cache
def screen_texts() -> tuple[re.Pattern[str], ...]:
    """Every text the screens' code holds, as patterns (each line of a text on its own too)."""
    found: set[str] = set()
    for _path, tree in _trees():
        for node in ast.walk(tree):
            text = _text_of(node)
            if text is not None:
                found.add(text)
                found.update(text.split(re.escape("\n")))
    return tuple(re.compile(text) for text in sorted(found) if _names_a_thing(text))


def _played_buttons() -> set[tuple[str, str]]:
    """(label, key) of every button and menu entry of the step panel in a scripted round of
    each game, played through the controller as the dealer plays it."""
    from dealer_station.preview.controllers import preview_controller, script_for
    from dealer_station.preview.scripts import play_until

    pairs: set[tuple[str, str]] = set()
    for game in ("let_it_ride", "pai_gow"):
        controller = preview_controller(game, devices=False)
        script = script_for(game)
        for _ in range(300):
            view = controller.snapshot().step
            pairs.update((a.label, a.key) for a in (*view.actions, *view.problems))
            if controller.round is not None and controller.round.step.phase == "complete":
                break
            script.play_step(controller)
        play_until(controller, script, "complete")
    return pairs


@cache
def screen_buttons() -> frozenset[tuple[str, str]]:
    """(label pattern, key) of each button with a key: the game adapters' commands
    (``Command(name, LABEL, KEY, ...)``), the panel's own (``ActionView``), the known action
    names (``ACTION_LABELS``) and what scripted rounds show."""
    pairs: set[tuple[str, str]] = set()
    for _path, tree in _trees():
        for node in ast.walk(tree):
            if (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
                    and node.func.id in ("Command", "ActionView") and len(node.args) >= 3):
                label, key = _text_of(node.args[1]), node.args[2]
                if label and isinstance(key, ast.Constant) and isinstance(key.value, str):
                    pairs.add((label, key.value))
    from dealer_station.ui.view import ACTION_LABELS

    pairs.update((re.escape(label), key) for label, key in ACTION_LABELS.values())
    pairs.update((re.escape(label), key) for label, key in _played_buttons())
    return frozenset(pairs)


@cache
def screen_keys() -> frozenset[str]:
    """Every key the screens bind: each button's letter, the keys given to QKeySequence, and
    Enter when the step panel binds Return to the primary action."""
    keys = {key for _label, key in screen_buttons() if key}
    for path, tree in _trees():
        for node in ast.walk(tree):
            if (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
                    and node.func.id == "QKeySequence" and node.args
                    and isinstance(node.args[0], ast.Constant)):
                keys.add(str(node.args[0].value))
            if (path.name == "step_panel.py" and isinstance(node, ast.Constant)
                    and node.value == "Return"):
                keys.add("Enter")
            if isinstance(node, ast.Attribute) and node.attr in KEY_ATTRIBUTES:
                keys.add(KEY_ATTRIBUTES[node.attr])  # a key a widget handles itself
    return frozenset(keys)


def missing_names(text: str) -> list[str]:
    """The buttons and keys ``text`` (a guide) names that the screens do not have."""
    texts = screen_texts()
    missing = [f"button {name!r}" for name in named_buttons(text)
               if not any(pattern.fullmatch(name) for pattern in texts)]
    missing += [f"key {key!r}" for key in named_keys(text) if key not in screen_keys()]
    return missing


def wrong_keys(text: str) -> list[str]:
    """The rows of a guide's key table (``| `K` | **BUTTON** ... |``) naming a button that key
    does not press."""
    pairs = screen_buttons()
    wrong = []
    for line in text.splitlines():
        row = re.match(r"\|\s*`([A-Z0-9])`\s*\|(.*)\|\s*$", line)
        if not row:
            continue
        key, rest = row.groups()
        for name in re.findall(r"\*\*(.+?)\*\*", rest):
            if not any(k == key and re.fullmatch(label, name) for label, k in pairs):
                wrong.append(f"`{key}` does not press {name!r}")
    return wrong


@pytest.mark.parametrize("guide", GUIDES)
def test_a_guide_names_only_buttons_and_keys_the_screens_have(guide: str) -> None:
    text = guide_path(guide).read_text(encoding="utf-8")
    assert named_buttons(text), f"{guide}: names no button at all (the marking is lost?)"
    assert missing_names(text) == [], f"docs/guide/{guide}.md names what no screen has"


@pytest.mark.parametrize("guide", ["dealer", "quick-card"])
def test_the_key_tables_say_what_each_key_presses(guide: str) -> None:
    text = guide_path(guide).read_text(encoding="utf-8")
    assert wrong_keys(text) == []


def test_a_renamed_button_or_an_unbound_key_is_caught() -> None:
    text = "Press **START ROUND** (`S`), then **BEGIN DEALING** (`Q`); **HELP** opens this."
    assert missing_names(text) == ["button 'BEGIN DEALING'", "key 'Q'"]
    assert wrong_keys("| `T` | **LET IT RIDE** |\n| `R` | **LET IT RIDE** |") == [
        "`T` does not press 'LET IT RIDE'"]


def test_a_button_with_a_number_matches_its_pattern() -> None:
    assert missing_names("**DISPENSE STACK 3 OF 7**, **SHOW POSITION 4**") == []
    assert missing_names("**DISPENSE STACK 3 OF**") == ["button 'DISPENSE STACK 3 OF'"]


def test_the_guides_screenshots_exist() -> None:
    for guide in GUIDES:
        path = guide_path(guide)
        for image in re.findall(r"!\[[^]]*\]\(([^)]+)\)", path.read_text(encoding="utf-8")):
            assert (path.parent / image).is_file(), f"{guide}: {image} is missing"
