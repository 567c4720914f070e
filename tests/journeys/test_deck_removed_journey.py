"""Journey: a Pai Gow table dealing stacks of three then four from the shoe, configured as its
file's own comments say (the shipped `resources/pai_gow.toml` with `method = "three_then_four"`
and the three-card and seven-card bonuses offered, `dealer-station --config table.toml`): the
dealer's stub count is wrong, the deck is removed from the table and stays removed until a
replacement deck is counted whole at the next round's shuffle (5324.41(n)(7)(ii)-(n)(8))."""

from __future__ import annotations

import re

from journey_person import Screen
from journey_steps import (
    history,
    open_pai_gow_round,
    play_on,
    press_and_follow,
    shipped_table_file,
    step_of,
    table_with_a_dealer,
    wait_step,
)

NOTICE = re.compile(r"^Next: Remove the deck from the table: the stub has 38 cards, 39 expected")


def _as_its_comments_say(text: str) -> str:
    """The shipped Pai Gow configuration, changed only where its comments say."""
    text = text.replace('method = "automated_shoe"', 'method = "three_then_four"', 1)
    text = re.sub(r"(?m)^offered = \[\]", 'offered = ["three_card_bonus", "seven_card_bonus"]',
                  text, count=1)
    assert 'method = "three_then_four"' in text and '"seven_card_bonus"]' in text
    return text


def _type_count(station, count: int) -> None:
    """The count typed into the form's box (the first box of the lower panel)."""
    def box(screen: Screen):
        fields = [t for t in screen.visible() if t.kind == "field" and t.enabled]
        return fields[0] if fields else None

    found = box(station.wait(box, "the count's box"))
    station.click(found)
    station.key("ctrl+a")
    station.type(str(count))


def test_a_wrong_stub_count_removes_the_deck_until_a_replacement_is_counted_5324_41_n_8(
        open_station, tmp_path):
    """A wrong stub count removes the deck until a replacement deck is counted whole

    A table dealing stacks of three then four from the shoe (its configuration file changed
    as its comments say). After the four more cards the dealer counts the stub: 38 where 39
    are left (position 2 and the dealer dealt). The step says the deck is removed, no second
    count is offered, and the notice stays to the end of the round. The next round's shuffle
    step says the deck is removed and asks for the replacement deck's count before the
    shuffle: 53 counted, SHUFFLED, the wagers."""
    table = shipped_table_file(tmp_path, "pai_gow", _as_its_comments_say)
    station = open_station("deck-removed", args=("--config", str(table)))
    table_with_a_dealer(station)
    step = open_pai_gow_round(station, {2: 25})
    step = press_and_follow(station, re.compile(r"^NO MORE BETS", re.I))
    step = play_on(station, step, shots="Pai Gow", until=lambda s: s.phase == "SETTING")
    station.press("COUNT STUB…")
    station.wait_for("STUB COUNTED FACE DOWN ON THE LAYOUT")
    _type_count(station, 38)
    station.shot("stub-typed", "COUNT STUB…: 38 cards typed, 39 expected")
    station.press("RECORD THE STUB COUNT")
    screen = station.wait_for(NOTICE)
    assert not screen.reachable("COUNT STUB…"), "a second count is offered"
    station.shot("deck-removed", "The deck is removed from the table: said under the step, no "
                                 "second count offered")
    seen: list[str] = []

    def still_said(step_now) -> None:
        if step_now.phase not in ("SETTING", "BETWEEN ROUNDS"):
            assert station.look().shows(NOTICE), f"the notice is gone at {step_now.phase}"

    end = play_on(station, step_of(station.look()), shots="Pai Gow", each_step=still_said,
                  seen=seen)
    assert end.phase == "BETWEEN ROUNDS", end

    step = press_and_follow(station, "START ROUND")
    step = wait_step(station, "SHUFFLE")
    assert step.instruction.startswith("Remove the deck from the table (the stub has 38 cards, "
                                       "39 expected); count the replacement deck"), step
    assert "SHUFFLED" not in step.actions, step
    station.wait_for("THE REPLACEMENT DECK COUNTED FACE DOWN")
    station.shot("replacement-asked", f"The next round's shuffle: {step.instruction}")
    _type_count(station, 53)
    station.press("RECORD THE COUNT")
    step = step_of(station.wait(lambda s: "SHUFFLED" in step_of(s).actions,
                                "SHUFFLED offered once the replacement deck is counted"))
    station.shot("replacement-counted", "53 counted: the replacement deck is in; SHUFFLED")
    step = press_and_follow(station, "SHUFFLED")
    assert step.phase == "BETTING", step
    listed = history(station.data_dir, "show", "2")
    assert re.search(r"count.stub", listed, re.I), listed
