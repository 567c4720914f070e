"""No import cycle among the modules of ``dealer_station`` and ``drivers`` (issue 15), read from
the source (AST; ``if TYPE_CHECKING`` imports aside): none at all among the imports run when a
module is imported, and none but the known ones when the imports inside functions count too (a
function-local import hides a cycle from Python, not from the next engineer). A new cycle fails
here; a known one that is gone must leave the list."""

from collections.abc import Mapping, Set
from pathlib import Path

from module_imports import imported_modules, project_modules, unexplained_local_imports

#: The cycles left, each closed only through an import inside a function (type-checking imports
#: do not count: they never run). Issue 15 removed the last of them (the Pai Gow round's document
#: reader and its optional wagers' round: one reader per game now); a cycle that has to stay for a
#: while goes here with the reason.
KNOWN_CYCLES: set[frozenset[str]] = set()


def cycles(graph: Mapping[str, Set[str]]) -> set[frozenset[str]]:
    """The strongly connected groups of more than one module (Tarjan, iterative)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: set[frozenset[str]] = set()
    for root in sorted(graph):
        if root in index:
            continue
        work = [(root, iter(sorted(graph[root])))]
        index[root] = low[root] = len(index)
        stack.append(root)
        on_stack.add(root)
        while work:
            node, targets = work[-1]
            for target in targets:
                if target not in index:
                    index[target] = low[target] = len(index)
                    stack.append(target)
                    on_stack.add(target)
                    work.append((target, iter(sorted(graph[target]))))
                    break
                if target in on_stack:
                    low[node] = min(low[node], index[target])
            else:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[node])
                if low[node] == index[node]:
                    group = set()
                    while True:
                        member = stack.pop()
                        on_stack.discard(member)
                        group.add(member)
                        if member == node:
                            break
                    if len(group) > 1:
                        found.add(frozenset(group))
    return found


def import_graph(*, module_level: bool) -> dict[str, set[str]]:
    return {name: imported_modules(name, path, module_level=module_level)
            for name, path in project_modules().items()}


def test_cycles_are_found() -> None:
    """The detector itself: a two-module loop and a three-module loop, a tail left out."""
    graph = {"a": {"b"}, "b": {"a", "c"}, "c": {"d"}, "d": {"e"}, "e": {"c"}, "f": {"a"}}
    assert cycles(graph) == {frozenset("ab"), frozenset("cde")}


def test_no_import_cycle_among_the_imports_run_at_import() -> None:
    graph = import_graph(module_level=True)
    assert "dealer_station.ui.view" in graph["dealer_station.ui.devices"]  # the walk sees imports
    assert cycles(graph) == set()


def test_no_new_import_cycle_through_function_local_imports() -> None:
    found = cycles(import_graph(module_level=False))
    assert {", ".join(sorted(group)) for group in found - KNOWN_CYCLES} == set(), "new cycles"
    assert {", ".join(sorted(group)) for group in KNOWN_CYCLES - found} == set(), (
        "cycles gone: take them off KNOWN_CYCLES")


def test_the_screens_table_configuration_and_device_names_are_leaves() -> None:
    """The cycles issue 15 removed: the configuration page read the table configuration through
    ui/app.py, and ui/devices.py read the device names from ui/controller.py."""
    graph = import_graph(module_level=False)
    assert "dealer_station.ui.app" not in graph["dealer_station.ui.supervisor.configuration"]
    assert "dealer_station.ui.controller" not in graph["dealer_station.ui.devices"]
    assert not {name for name in graph["dealer_station.table_config"]
                if name.startswith("dealer_station.ui")}


def test_claims_find_the_game_hooks_in_the_registry_not_the_station() -> None:
    """The claims ↔ station cycle issue 15 removed: the station reads a claim, and a claim looked
    up the game's hooks in the station; the games' registry is a leaf both import."""
    graph = import_graph(module_level=False)
    assert "dealer_station.claims" in graph["dealer_station.station"]  # the walk sees it
    assert "dealer_station.station" not in graph["dealer_station.claims"]
    assert not {name for name in graph["dealer_station.games.registry"]
                if name in {"dealer_station.station", "dealer_station.claims"}}


def test_nothing_under_drivers_imports_the_rules_core() -> None:
    """``drivers/`` is below ``dealer_station``: the devices know cards by their wire codes
    (``drivers.protocol.card_codes``) and the rules core turns a code into its card, so no
    module of ``drivers`` imports ``dealer_station`` — not inside a function, not even for type
    checking (issue 15)."""
    upward = {
        name: sorted(target for target in imported_modules(name, path, module_level=False,
                                                           type_checking=True)
                     if target.split(".")[0] == "dealer_station")
        for name, path in project_modules().items() if name.split(".")[0] == "drivers"
    }
    assert "drivers.sim.models.shoe" in upward  # the walk sees the drivers' modules
    assert {name: found for name, found in upward.items() if found} == {}


def test_the_drivers_rule_sees_an_import_of_the_rules_core(tmp_path: Path) -> None:
    """The walk the rule above relies on finds ``dealer_station`` imports wherever they hide: at
    the top, inside a function, under ``if TYPE_CHECKING``."""
    source = tmp_path / "module.py"
    source.write_text("from typing import TYPE_CHECKING\n"
                      "if TYPE_CHECKING:\n    from dealer_station.cards import Card\n"
                      "def f():\n    import dealer_station.station\n", encoding="utf-8")
    found = imported_modules("drivers.example", source, module_level=False, type_checking=True)
    assert found == {"dealer_station.cards", "dealer_station.station"}
    assert imported_modules("drivers.example", source, module_level=False) == {
        "dealer_station.station"}


def test_the_meter_rules_and_the_simulated_server_are_leaves() -> None:
    """The cycles issue 15 removed with a leaf each: the bonus configuration and the progressive
    used one (k)(5) rule of the other (now both in wagers/meter_rules.py), and the simulated
    devices' serve.py and the USB back end shared SimServer (now drivers/sim/server.py)."""
    graph = import_graph(module_level=False)
    config, progressive = ("dealer_station.games.pai_gow.wagers.config",
                           "dealer_station.games.pai_gow.wagers.progressive")
    rules = "dealer_station.games.pai_gow.wagers.meter_rules"
    assert rules in graph[config] and rules in graph[progressive]
    assert progressive not in graph[config] and config not in graph[progressive]
    assert not {name for name in graph[rules] if name.startswith("dealer_station.games")}
    assert "drivers.sim.server" in graph["drivers.sim.usb_backend"]
    assert "drivers.sim.serve" not in graph["drivers.sim.usb_backend"]
    assert not {"drivers.sim.serve", "drivers.sim.usb_backend"} & graph["drivers.sim.server"]


def test_the_pai_gow_round_reads_its_optional_wagers_only_for_types() -> None:
    """The cycle issue 15 removed from Pai Gow: the round and its optional wagers each read the
    other's document. Now one reader (games/pai_gow/document.py) reads every Pai Gow round, the
    optional wagers' part imports the round, and the round names the part for its types only."""
    graph = import_graph(module_level=False)
    part = "dealer_station.games.pai_gow.wagers.part"
    assert "dealer_station.games.pai_gow.round" in graph[part]  # the walk sees the import
    assert part not in graph["dealer_station.games.pai_gow.round"]
    assert "dealer_station.games.pai_gow.document" not in graph[part]
    assert not [name for name in graph
                if name.startswith("dealer_station.games.pai_gow") and name.endswith("bonus_round")]


def test_every_function_local_import_outside_the_screens_says_why_it_is_deferred() -> None:
    """Issue 15: an import inside a function hides a dependency, so outside ``ui/`` one is left
    only where a heavy import (Qt, numpy, psycopg, cryptography, pyusb, the station for a
    command) is deferred on purpose, and a comment says so; every other import is at the top."""
    found = {name: lines for name, path in project_modules().items()
             if not name.startswith("dealer_station.ui")
             and (lines := unexplained_local_imports(path))}
    assert "dealer_station.commands.floor" in project_modules()  # the walk sees the modules
    assert found == {}


def test_the_deferral_rule_sees_an_unexplained_local_import(tmp_path: Path) -> None:
    """The walk the rule above relies on: an import in a function (or a method, or a branch of
    it) without the comment is reported; with it, or under ``if TYPE_CHECKING``, it is not."""
    source = tmp_path / "module.py"
    source.write_text("import os\nfrom typing import TYPE_CHECKING\n"
                      "if TYPE_CHECKING:\n    from x import y\n"
                      "def f():\n    import json\n\n    import time\n"
                      "def g():\n    # deferred on purpose: heavy\n    import numpy\n"
                      "    import numpy.typing\n"
                      "class C:\n    def m(self):\n        if os:\n            import csv\n",
                      encoding="utf-8")
    assert unexplained_local_imports(source) == [6, 8, 16]


def test_nothing_outside_the_screens_and_the_previews_imports_the_screens() -> None:
    """``dealer_station.ui`` loads Qt as it is imported, so the rules core, the store and the
    command line import nothing of it (the previews draw screens, and do). The meters' view data
    that ``dealer-station meters`` prints is ``dealer_station/meter_views.py`` for that reason:
    it was under ui/, and `dealer-station meters` loaded PySide6."""
    graph = import_graph(module_level=False)
    assert "dealer_station.meter_views" in graph["dealer_station.commands.meters"]
    found = {name: sorted(t for t in targets if t.startswith("dealer_station.ui"))
             for name, targets in graph.items()
             if not name.startswith(("dealer_station.ui", "dealer_station.preview"))}
    allowed = {"dealer_station.commands._default": ["dealer_station.ui.app"],
               "dealer_station.commands.guide": ["dealer_station.ui.help"],
               "dealer_station.commands.pit": ["dealer_station.ui.pit"],
               # sim --transport usb: the dealer's screen on the simulated USB bus (in-process)
               "dealer_station.commands.sim": ["dealer_station.ui.app"]}
    assert {name: targets for name, targets in found.items() if targets} == allowed
