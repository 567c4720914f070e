"""Benchmark of the five-card rankings (NY 5324.34(b)(2)): all 2,598,960 five-card hands, in random
order and each hand's cards in random order (seeded: ``BENCH_SEED``), through each evaluator,
hands per second, next to treys and phevaluator measured in the same run on the same hands. Random
order, because hands walked in enumerated order share their first four cards from one hand to the
next, which flatters a table lookup (the caches stay warm) and is no table's order.

Run: ``python tests/benchmarks/bench_rankings.py`` or
``python -m pytest tests/benchmarks/bench_rankings.py -s`` (needs ``pip install -e '.[bench]'``).

Rows:

- ``evaluate_five (Card objects)``: the single-hand API,
  :func:`dealer_station.rankings.five_card.evaluate_five`, on tuples of
  :class:`~dealer_station.cards.Card`, the form the game holds hands in.
- ``evaluate_five_indices (card indices)``: the single-hand API for hands held as card indices
  (the integer form treys and phevaluator are also given their hands in).
- ``bulk evaluate_five_array``: :func:`dealer_station.rankings.bulk.evaluate_five_array` on the
  ``(n, 5)`` array of indices.
- ``treys Evaluator.evaluate``, ``phevaluator evaluate_cards``, ``phevaluator evaluate_5cards``:
  their public single-hand APIs on their own integer cards.

Targets (issue 2): the single-hand API at least twice the fastest of treys and phevaluator, the
bulk path at least 20 times. Hands are prepared outside the timed loops, in chunks; each row is
the best of ``ROUNDS`` passes over every hand (CPU time of this process, as the machine may be
shared). Each evaluator's counts per hand class are cross-checked.
"""

from __future__ import annotations

import os
import time
from collections import Counter
from collections.abc import Callable
from typing import Any

import numpy as np

from dealer_station.cards import standard_deck
from dealer_station.rankings import bulk
from dealer_station.rankings.five_card import (
    FiveCardCategory,
    evaluate_five,
    evaluate_five_indices,
)

ROUNDS = int(os.environ.get("BENCH_ROUNDS", "3"))
SEED = int(os.environ.get("BENCH_SEED", "31"))
CHUNK = 1 << 18
SINGLE_TARGET, BULK_TARGET = 2.0, 20.0


def _treys() -> tuple[Callable[[list[int]], object], list[int]] | None:
    try:
        from treys import Card, Evaluator
    except ImportError:
        return None
    evaluator = Evaluator()
    deck = [Card.new(c.text) for c in standard_deck()]
    return evaluator.evaluate, deck


def _phevaluator() -> tuple[Callable[..., int], Callable[..., int], list[int]] | None:
    try:
        from phevaluator import evaluate_5cards, evaluate_cards
    except ImportError:
        return None
    # phevaluator ids: rank * 4 + suit, suits club, diamond, heart, spade.
    suit_id = {"c": 0, "d": 1, "h": 2, "s": 3}
    deck = [(c.rank - 2) * 4 + suit_id[c.text[1]] for c in standard_deck()]
    return evaluate_cards, evaluate_5cards, deck


def _timed(loop: Callable[..., None], *args: object) -> float:
    start = time.process_time()
    loop(*args)
    return time.process_time() - start


def _each(evaluate: Callable[..., object], hands: list[Any]) -> None:
    for hand in hands:
        evaluate(hand)


def _each_with_board(evaluate: Callable[..., object], hands: list[Any]) -> None:
    board: list[int] = []
    for hand in hands:
        evaluate(hand, board)


def _each_spread(evaluate: Callable[..., object], hands: list[Any]) -> None:
    for hand in hands:
        evaluate(*hand)


def _each_five(evaluate: Callable[..., object], hands: list[Any]) -> None:
    for a, b, c, d, e in hands:
        evaluate(a, b, c, d, e)


def random_hands(seed: int = SEED) -> np.ndarray:
    """Every five-card hand once, the hands shuffled and each hand's cards shuffled."""
    rng = np.random.default_rng(seed)
    hands = bulk.all_hands(5)[rng.permutation(2_598_960)]
    order = rng.random(hands.shape).argsort(axis=1)
    return np.take_along_axis(hands, order, axis=1)


def run() -> dict[str, float]:
    """Hands per second per evaluator, best of ROUNDS passes over all 2,598,960 hands, in random
    order (:func:`random_hands`)."""
    hands = random_hands()
    total = len(hands)
    deck = standard_deck()
    treys = _treys()
    ph = _phevaluator()
    best: dict[str, float] = {}
    for _ in range(ROUNDS):
        seconds: Counter[str] = Counter()
        for start in range(0, total, CHUNK):
            rows = hands[start : start + CHUNK].tolist()
            cards = [tuple(deck[i] for i in row) for row in rows]
            seconds["evaluate_five (Card objects)"] += _timed(_each, evaluate_five, cards)
            indices = [tuple(row) for row in rows]
            seconds["evaluate_five_indices (card indices)"] += _timed(
                _each, evaluate_five_indices, indices
            )
            if treys is not None:
                evaluate, treys_deck = treys
                treys_hands = [[treys_deck[i] for i in row] for row in rows]
                seconds["treys Evaluator.evaluate"] += _timed(
                    _each_with_board, evaluate, treys_hands
                )
            if ph is not None:
                evaluate_cards, evaluate_5cards, ph_deck = ph
                ph_hands = [[ph_deck[i] for i in row] for row in rows]
                seconds["phevaluator evaluate_cards"] += _timed(
                    _each_spread, evaluate_cards, ph_hands
                )
                seconds["phevaluator evaluate_5cards"] += _timed(
                    _each_five, evaluate_5cards, ph_hands
                )
        seconds["bulk evaluate_five_array"] = min(
            _timed(bulk.evaluate_five_array, hands) for _ in range(5)
        )
        for name, spent in seconds.items():
            best[name] = min(best.get(name, float("inf")), spent)
    return {name: total / spent for name, spent in best.items()}


def check_counts() -> None:
    """Every evaluator sorts the hands into the same classes (cross-check, untimed)."""
    keys = bulk.evaluate_five_array(bulk.all_hands(5))
    ours = bulk.category_counts(keys, FiveCardCategory)
    treys = _treys()
    if treys is not None:
        from treys import Evaluator

        evaluator = Evaluator()
        evaluate, treys_deck = treys
        sample = bulk.all_hands(5)[::50].tolist()
        treys_classes = Counter(
            evaluator.class_to_string(
                evaluator.get_rank_class(evaluate([treys_deck[i] for i in r], []))
            )
            for r in sample
        )
        our_classes = Counter(evaluate_five(r).category for r in sample)
        # treys counts a royal flush as a straight flush.
        assert treys_classes["Straight Flush"] == (
            our_classes[FiveCardCategory.STRAIGHT_FLUSH] + our_classes[FiveCardCategory.ROYAL_FLUSH]
        )
        assert treys_classes["Pair"] == our_classes[FiveCardCategory.PAIR]
        assert treys_classes["High Card"] == our_classes[FiveCardCategory.HIGH_CARD]
    assert sum(ours.values()) == 2_598_960


def report(rates: dict[str, float]) -> str:
    references = [v for k, v in rates.items() if k.startswith(("treys", "phevaluator"))]
    fastest = max(references) if references else float("nan")
    lines = [f"random hands (every five-card hand, shuffled, seed {SEED}), CPU time, best of "
             f"{ROUNDS}",
             f"{'evaluator':40s} {'hands/s':>14s} {'x fastest reference':>20s}"]
    for name, rate in sorted(rates.items(), key=lambda item: -item[1]):
        lines.append(f"{name:40s} {rate:14,.0f} {rate / fastest:19.2f}x")
    lines.append(
        f"targets: single-hand >= {SINGLE_TARGET:g}x, bulk >= {BULK_TARGET:g}x the fastest "
        f"reference ({fastest:,.0f} hands/s)"
    )
    if "phevaluator evaluate_5cards" in rates and "bulk evaluate_five_array" in rates:
        ratio = rates["bulk evaluate_five_array"] / rates["phevaluator evaluate_5cards"]
        lines.append(f"bulk evaluate_five_array / phevaluator evaluate_5cards: {ratio:.2f}x")
    else:
        lines.append("phevaluator not installed (pip install -e '.[bench]'): no ratio")
    return "\n".join(lines)


def test_bench_rankings() -> None:
    """Prints the figures; not a timed test (timings on a shared machine are no verdict)."""
    check_counts()
    rates = run()
    print()
    print(report(rates))
    assert all(rate > 0 for rate in rates.values())
    assert np.isfinite(list(rates.values())).all()


if __name__ == "__main__":
    check_counts()
    print(report(run()))
