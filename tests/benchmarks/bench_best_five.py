"""Benchmark of the Pai Gow best five of seven cards with the joker (5324.41(c)(1)-(4), issue
17): hands per second of the single-hand table lookup
(:data:`dealer_station.rankings.best_five.best_five_key`) next to phevaluator's
``evaluate_7cards`` (52 cards, no joker: a different problem, the bar to aim at) and the
single-hand evaluator it replaces in hot paths
(:func:`dealer_station.rankings.seven_card.best_five`), measured in the same run.

Run: ``python tests/benchmarks/bench_best_five.py`` (needs ``pip install -e '.[bench]'``).
Target: at least 1,000,000 hands a second with the joker, one hand per call. Hands are random
seven-card hands from the 53-card deck (52-card deck for phevaluator), prepared outside the timed
loops as card indices; each figure is the best of ``BENCH_ROUNDS`` passes, CPU time of this
process (the machine may be shared). The lookup tables are built before timing (their build
time is shown). Every hand of the first pass is cross-checked against ``best_five``.
"""

from __future__ import annotations

import os
import random
import time
from collections.abc import Callable, Sequence

from dealer_station.cards import Card, pai_gow_deck, standard_deck
from dealer_station.rankings.best_five import best_five_hand, best_five_key, build_tables
from dealer_station.rankings.seven_card import best_five

ROUNDS = int(os.environ.get("BENCH_ROUNDS", "5"))
HANDS = int(os.environ.get("BENCH_HANDS", "500000"))
SLOW_HANDS = 20_000  # the replaced evaluator is slow: a smaller sample
TARGET = 1_000_000


def _timed(loop: Callable[[], None]) -> float:
    start = time.process_time()
    loop()
    return time.process_time() - start


def _rates(loops: dict[str, tuple[int, Callable[[], None]]]) -> list[tuple[str, float]]:
    """Hands per second of each loop: the rounds interleave the evaluators (the load of a
    shared machine changes from second to second), each keeps its best pass."""
    best = {name: float("inf") for name in loops}
    for _ in range(ROUNDS):
        for name, (_count, loop) in loops.items():
            best[name] = min(best[name], _timed(loop))
    return [(name, loops[name][0] / best[name]) for name in loops]


def _each(evaluate: Callable[[Sequence[int]], object],
          hands: Sequence[tuple[int, ...]]) -> Callable[[], None]:
    def loop() -> None:
        for hand in hands:
            evaluate(hand)

    return loop


def _replaced(hands: Sequence[list[Card]]) -> Callable[[], None]:
    def loop() -> None:
        for hand in hands:
            best_five(hand)

    return loop


def _phevaluator(hands: Sequence[tuple[int, ...]]) -> Callable[[], None] | None:
    try:
        from phevaluator import evaluate_7cards
    except ImportError:
        return None
    suit_id = {"c": 0, "d": 1, "h": 2, "s": 3}  # phevaluator ids: rank * 4 + suit
    ids = [(c.rank - 2) * 4 + suit_id[c.text[1]] for c in standard_deck()]
    spread = [tuple(ids[i] for i in hand) for hand in hands]

    def loop() -> None:
        evaluate = evaluate_7cards
        for a, b, c, d, e, f, g in spread:
            evaluate(a, b, c, d, e, f, g)

    return loop


def run() -> list[tuple[str, float]]:
    rng = random.Random(17)
    started = time.process_time()
    build_tables()
    built = time.process_time() - started
    deck = list(pai_gow_deck())
    hands = [tuple(c.index for c in rng.sample(deck, 7)) for _ in range(HANDS)]
    with_joker = sum(52 in hand for hand in hands)
    plain = [tuple(rng.sample(range(52), 7)) for _ in range(HANDS)]
    cards = [[deck[i] for i in hand] for hand in hands[:SLOW_HANDS]]
    for hand, seven in zip(hands[:SLOW_HANDS], cards, strict=True):  # cross-check, untimed
        assert best_five_key(hand) == best_five(seven).key, seven
    loops = {
        "best_five_key (53 cards, joker)": (HANDS, _each(best_five_key, hands)),
        "best_five_hand (HighHand, joker)": (HANDS, _each(best_five_hand, hands)),
        "best_five_key (52 cards, no joker)": (HANDS, _each(best_five_key, plain)),
    }
    ph = _phevaluator(plain)
    if ph is not None:
        loops["phevaluator evaluate_7cards (52 cards)"] = (HANDS, ph)
    loops["seven_card.best_five (replaced, joker)"] = (SLOW_HANDS, _replaced(cards))
    rows = _rates(loops)
    print(f"tables built in {built:.2f} s CPU; {HANDS:,} hands ({with_joker:,} with the joker), "
          f"best of {ROUNDS} passes, CPU time")
    return rows


def report(rows: list[tuple[str, float]]) -> str:
    lines = [f"{'evaluator':42s} {'hands/s':>12s}"]
    lines += [f"{name:42s} {rate:12,.0f}" for name, rate in rows]
    lines.append(f"target: best_five_key >= {TARGET:,} hands/s with the joker, one hand a call")
    return "\n".join(lines)


def test_bench_best_five() -> None:
    """Prints the figures; not a timed test."""
    print()
    print(report(run()))


if __name__ == "__main__":
    print(report(run()))
