"""Issue 19 item 6: the seven-card census a regulator checks. ``dealer-station paytable --game
pai-gow`` gives (JSON and text) the count and probability of every category the census
classifies, two pair, one pair and pai gow included, under each joker reading where they differ
(5324.41(c)(1)-(3) the best five; (c)(7), (m)(3) pai gow with the joker only an ace; (p)(3)(i),
(p)(5) pai gow with the joker completing straights and flushes). The sections are checked
against every hand of a small deck, classified one by one."""

from __future__ import annotations

import json
from collections import Counter
from itertools import combinations

import pytest

from dealer_station.analysis import runner
from dealer_station.analysis.census_report import census_sections
from dealer_station.analysis.pai_gow_census import census
from dealer_station.cards import Card, pai_gow_deck
from dealer_station.cli import main
from dealer_station.rankings.best_five import best_five_key
from dealer_station.rankings.pai_gow import PaiGowCategory

# 3, 5, 7, 9, J, K and the joker: no straight is possible, so the best five is never a straight
# flush and every pai gow reading can differ only by the joker completing a flush.
RANKS = (1, 3, 5, 7, 9, 11)
_HIGH = {14: "ace_high", 13: "king_high", 12: "queen_high", 11: "jack_high", 10: "ten_high",
         9: "nine_high"}
_BEST = {PaiGowCategory.FOUR_OF_A_KIND: "four_of_a_kind", PaiGowCategory.FULL_HOUSE: "full_house",
         PaiGowCategory.FLUSH: "flush", PaiGowCategory.THREE_OF_A_KIND: "three_of_a_kind",
         PaiGowCategory.TWO_PAIR: "two_pair", PaiGowCategory.PAIR: "one_pair",
         PaiGowCategory.HIGH_CARD: "pai_gow"}


def _ace_only(counts: list[int], flush: bool) -> str:
    """The best five, the joker an ace of no suit (no straight is possible with these ranks)."""
    counts = sorted(counts, reverse=True)
    if counts[0] >= 4:
        return "four_of_a_kind"
    if counts[0] == 3 and counts[1] >= 2:
        return "full_house"
    if flush:
        return "flush"
    if counts[0] == 3:
        return "three_of_a_kind"
    if counts[0] == 2:
        return "two_pair" if counts[1] == 2 else "one_pair"
    return "pai_gow"


def _one_by_one(cards: list[Card]) -> tuple[Counter[str], ...]:
    """Every seven of ``cards`` classified one at a time (the joker last in ``cards``)."""
    categories = list(PaiGowCategory)
    indices = [c.index for c in cards]
    rank_bit = [0 if c.is_joker else 1 << int(c.rank) for c in cards]
    suit_code = [0 if c.is_joker else 1 << (4 * (c.index & 3)) for c in cards]
    joker_at = len(cards) - 1
    best: Counter[str] = Counter()
    best_ace: Counter[str] = Counter()
    only_ace: Counter[str] = Counter()
    completes: Counter[str] = Counter()
    for hand in combinations(range(len(cards)), 7):
        strength = best_five_key([indices[i] for i in hand]) >> 20
        category = _BEST[categories[strength]]
        best[category] += 1
        mask = 0
        suits = 0
        ranks: Counter[int] = Counter()
        for i in hand:
            mask |= rank_bit[i]
            suits += suit_code[i]
            ranks[rank_bit[i] or 1 << 14] += 1
        if hand[-1] == joker_at:
            mask |= 1 << 14  # the joker as an ace
        high = _HIGH.get(mask.bit_length() - 1, "")
        flush = any((suits >> (4 * k)) & 0xF >= 5 for k in range(4))
        best_ace[_ace_only(list(ranks.values()), flush)] += 1
        # the joker only an ace: seven different ranks (it pairs an ace), no straight (none
        # here), no five real cards of a suit
        only_ace[high if mask.bit_count() == 7 and not flush else "not_pai_gow"] += 1
        completes[high if category == "pai_gow" else "not_pai_gow"] += 1
    return best, best_ace, only_ace, completes


def test_census_sections_count_every_hand_5324_41_c_1_to_3_c_7_p_5() -> None:
    deck = [c for c in pai_gow_deck() if not c.is_joker and int(c.rank) - 2 in RANKS]
    deck.append(next(c for c in pai_gow_deck() if c.is_joker))
    assert len(deck) == 25
    sections = {s.name: s for s in census_sections(census(RANKS, workers=1),
                                                   every_category_both_readings=True)}
    expected = dict(zip(("best_five", "best_five_joker_only_an_ace", "pai_gow_joker_only_an_ace",
                         "pai_gow_joker_completes"), _one_by_one(deck), strict=True))
    for name, counts in expected.items():
        section = sections[name]
        assert section.total == 480_700
        found = {line.category: line.count for line in section.lines if line.count}
        assert found == dict(counts), name
        assert all(line.probability == line.count / 480_700 for line in section.lines)
    # the readings differ: four suited cards and the joker are a flush only when it completes
    only_ace = sum(line.count for line in sections["pai_gow_joker_only_an_ace"].lines
                   if line.category != "not_pai_gow")
    completes = sum(line.count for line in sections["pai_gow_joker_completes"].lines
                    if line.category != "not_pai_gow")
    assert only_ace > completes > 0


@pytest.fixture
def small_census(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(runner, "census", lambda **_: census(RANKS, workers=1))


def test_paytable_prints_the_census_json_and_text(
        small_census: None, capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["paytable", "--game", "pai-gow", "--trials", "0", "--quiet", "--fortune-table", "A",
            "--insurance-table", "A", "--seven-card-table", "A"]
    assert main([*argv, "--json"]) == 0
    data = json.loads(capsys.readouterr().out)["census"]
    assert data["total"] == 480_700
    names = [s["name"] for s in data["sections"]]
    assert names == ["best_five", "best_five_joker_only_an_ace", "pai_gow_joker_only_an_ace",
                     "pai_gow_joker_completes"]
    best = [line["category"] for line in data["sections"][0]["lines"]]
    assert best == ["five_aces", "natural_royal_flush", "royal_flush_with_joker",
                    "straight_flush_with_no_joker", "straight_flush_with_joker",
                    "four_of_a_kind", "full_house", "flush", "straight", "three_of_a_kind",
                    "two_pair", "one_pair", "pai_gow"]
    for section in data["sections"]:
        assert sum(line["count"] for line in section["lines"]) == 480_700
        assert all(isinstance(line["probability"], float) for line in section["lines"])
    assert main(argv) == 0
    text = capsys.readouterr().out
    assert "seven-card census: all 480,700 seven-card hands" in text
    for words in ("two pair", "one pair", "pai gow (no pair, straight or flush)",
                  "the joker only an ace", "the joker also completing straights and flushes"):
        assert words in text
