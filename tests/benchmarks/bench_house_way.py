"""Benchmark of the house way (9 NYCRR 5324.41(h)(5), (q)): settings per second over random
seven-card hands from the 53-card deck, the product's per-hand ``HouseWay.set_hand`` (the call the
station makes) and its bulk ``house_way_bulk.low_hands`` (numpy, for simulations) against
``house_way.c`` beside this file (the same standard house way in plain C, built with gcc), on the
same hands in the same run. The benchmark first checks that C, per-hand and bulk set every hand
the same way (the same low hand, hence the same high hand).

Run: ``python tests/benchmarks/bench_house_way.py`` or
``python -m pytest tests/benchmarks/bench_house_way.py -s``. Targets: at least 0.5x the C figure
warm, 0.3x cold. Figures, CPU time (the machine may be shared), rounds interleaved (C, warm, cold,
C, ...), min/median/max over the rounds:

* warm: a house way that has set 200,000 other random hands first (a table's steady state: its
  per-pattern plans mostly made), then the benchmark's hands;
* repeat: the same hands set a second time (every plan made);
* cold: a fresh Python process, the first call on an empty cache (imports and reading the house
  way not counted).

The same three for the bulk call (``bulk ...``), given the hands as one array of card indices.
"""

from __future__ import annotations

import random
import statistics
import subprocess
import sys
import time
from pathlib import Path

import numpy as np
import peers

from dealer_station.cards import Card, pai_gow_deck
from dealer_station.games.pai_gow.house_way import HouseWay, load_house_way
from dealer_station.games.pai_gow.house_way_bulk import low_hands

HANDS = 100_000
WARM_UP = 200_000
ROUNDS = 5
C_REPEATS = 5
WARM_TARGET, COLD_TARGET = 0.5, 0.3

_COLD_CHILD = r"""
import sys, time
import numpy as np
from dealer_station.cards import pai_gow_deck
from dealer_station.games.pai_gow.house_way import load_house_way
from dealer_station.games.pai_gow.house_way_bulk import low_hands
deck = pai_gow_deck()
data = open(sys.argv[1], "rb").read()
way = load_house_way()
if sys.argv[2] == "bulk":
    hands = np.frombuffer(data, dtype=np.uint8).reshape(-1, 7)
    cpu = time.process_time()
    low_hands(hands, way)
else:
    hands = [tuple(deck[i] for i in data[k:k + 7]) for k in range(0, len(data), 7)]
    cpu = time.process_time()
    for seven in hands:
        way.set_hand(seven)
print(len(hands) / (time.process_time() - cpu))
"""


def hands(count: int, seed: int) -> list[tuple[Card, ...]]:
    rng = random.Random(seed)
    deck = list(pai_gow_deck())
    return [tuple(rng.sample(deck, 7)) for _ in range(count)]


def fresh_house_way() -> HouseWay:
    """The shipped standard house way read anew: its plan cache is empty."""
    load_house_way.cache_clear()
    return load_house_way()


def per_second(way: HouseWay, way_hands: list[tuple[Card, ...]]) -> float:
    """Settings per second of CPU over ``way_hands``."""
    cpu = time.process_time()
    for seven in way_hands:
        way.set_hand(seven)
    return len(way_hands) / (time.process_time() - cpu)


def low_masks(way: HouseWay, way_hands: list[tuple[Card, ...]]) -> bytes:
    """Each hand's low hand as bits of its cards' places in the hand (as ``house_way.c``)."""
    out = bytearray()
    for seven in way_hands:
        _, low = way.set_hand(seven)
        out.append(sum(1 << i for i, card in enumerate(seven) if card in low))
    return bytes(out)


def run_c(program: Path, hands_file: Path, out_file: Path) -> float:
    done = subprocess.run([str(program), str(hands_file), str(out_file), str(C_REPEATS)],
                          capture_output=True, text=True, check=True)
    words = done.stdout.split()
    return int(words[1]) / float(words[3])


def bulk_per_second(way: HouseWay, array: np.ndarray) -> float:
    cpu = time.process_time()
    low_hands(array, way)
    return len(array) / (time.process_time() - cpu)


def run_cold(hands_file: Path, call: str) -> float:
    done = subprocess.run([sys.executable, "-c", _COLD_CHILD, str(hands_file), call],
                          capture_output=True, text=True, check=True)
    return float(done.stdout.split()[-1])


def _spread(values: list[float], unit: str = "") -> str:
    return (f"{min(values):,.0f}/{statistics.median(values):,.0f}/{max(values):,.0f}{unit}"
            if unit else f"{min(values):.2f}/{statistics.median(values):.2f}/{max(values):.2f}")


def run() -> dict[str, list[float]]:
    bench = hands(HANDS, 1)
    figures: dict[str, list[float]] = {
        "c": [], "warm": [], "repeat": [], "cold": [],
        "bulk warm": [], "bulk repeat": [], "bulk cold": []}
    array = np.array([[card.index for card in seven] for seven in bench], dtype=np.uint8)
    with peers.scratch() as scratch:
        directory = Path(scratch)
        hands_file, out_file = directory / "hands.bin", directory / "low.bin"
        hands_file.write_bytes(bytes(card.index for seven in bench for card in seven))
        program = peers.build_c("house_way.c", directory)
        if program is not None:
            run_c(program, hands_file, out_file)
            per_hand = low_masks(fresh_house_way(), bench)
            bulk = bytes(low_hands(array, fresh_house_way()).tolist())
            differ = [k for k, (c, p, b) in enumerate(zip(
                out_file.read_bytes(), per_hand, bulk, strict=True)) if not c == p == b]
            print(f"C, per-hand and bulk settings agree on {HANDS - len(differ):,d} of "
                  f"{HANDS:,d} hands")
            if differ:
                raise AssertionError(f"the C house way sets {len(differ)} hands otherwise, "
                                     f"the first {[str(c) for c in bench[differ[0]]]}")
        warm_up = hands(WARM_UP, 2)
        warm_up_array = np.array([[c.index for c in seven] for seven in warm_up], dtype=np.uint8)
        for _ in range(ROUNDS):
            if program is not None:
                figures["c"].append(run_c(program, hands_file, out_file))
            way = fresh_house_way()
            for seven in warm_up:
                way.set_hand(seven)
            figures["warm"].append(per_second(way, bench))
            figures["repeat"].append(per_second(way, bench))
            figures["cold"].append(run_cold(hands_file, "per-hand"))
            way = fresh_house_way()
            low_hands(warm_up_array, way)
            figures["bulk warm"].append(bulk_per_second(way, array))
            figures["bulk repeat"].append(bulk_per_second(way, array))
            figures["bulk cold"].append(run_cold(hands_file, "bulk"))
    return figures


def report(figures: dict[str, list[float]]) -> list[str]:
    lines = [f"house way settings per second, {HANDS:,d} random 53-card hands "
             f"(CPU; min/median/max over {ROUNDS} interleaved rounds; the machine may be shared)"]
    for name, values in figures.items():
        if not values:
            lines.append(f"  {name:<11} (not measured: gcc not found)")
            continue
        line = f"  {name:<11} {_spread(values, ' /s')}"
        if name != "c" and figures["c"]:
            ratios = [v / c for v, c in zip(values, figures["c"], strict=True)]
            line += f"   {_spread(ratios)}x C"
            target = COLD_TARGET if name.endswith("cold") else WARM_TARGET
            met = statistics.median(ratios) >= target
            line += f"  (target {target}x: {'met' if met else 'NOT met'})"
        lines.append(line)
    return lines


def test_house_way_settings_per_second() -> None:
    """Prints the figures; not a timed test (timings on a shared machine are no verdict)."""
    figures = run()
    print("\n" + "\n".join(report(figures)))
    assert all(v > 0 for values in figures.values() for v in values)


if __name__ == "__main__":
    print("\n".join(report(run())))
