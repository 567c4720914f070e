"""Journey: a shoe that does not read its cards, configured as the README says (the shipped
configuration with ``[devices] shoe_reads_cards = false``, ``dealer-station --config
table.toml``), a round of each game played with the keyboard alone: at each stack D (or Enter)
DISPENSE, then the stack's cards typed as they lie, top card first, and Enter; the next
DISPENSE only once they are in. Let It Ride's stacks of three, then Pai Gow Poker's seven
stacks of seven; the journal holds the cards typed and the shoe has dealt exactly those
stacks."""

from __future__ import annotations

import re
import time

from journey_person import Station
from journey_steps import (
    READING,
    SUPERVISOR,
    back_to_the_table,
    choose_game,
    history,
    key_and_follow,
    key_step,
    shipped_table_file,
    staff_screen,
    step_of,
    table_with_a_dealer,
    wager_by_keys,
    wait_step,
)

from dealer_station.cards import pai_gow_deck, standard_deck
from dealer_station.ui.key_guard import QUIET_SECONDS

TYPE_THE_STACK = re.compile(r"^Deliver .*stack.*, then type its (\d) cards")


def _shoe_that_does_not_read(text: str) -> str:
    """The shipped Let It Ride configuration with the README's line for a shoe that does not
    read."""
    return text + "\n[devices]\nshoe_reads_cards = false\n"


def _cards_left(station: Station) -> int:
    """SIMULATED TABLE: the shoe's cards left, as the panel says; the panel closed."""
    station.press("SIMULATED TABLE")
    screen = station.wait_for(re.compile(r"\d+ cards left"))
    words = next(t.text for t in screen.visible() if re.search(r"\d+ cards left", t.text))
    station.press("CLOSE")
    found = re.search(r"(\d+) cards left", words)
    assert found is not None, words
    return int(found.group(1))


def _one_too_many(station: Station, game: str, stack: list[str], extra: str) -> None:
    """The stack typed with one card more: the entry says how many are needed, ENTER CARDS
    stays off and Enter records nothing; the words cleared again."""
    station.type(" ".join([*stack, extra]))
    count = len(stack)
    said = re.compile(rf"^{count} cards needed, {count + 1} typed")
    screen = station.wait_for(said)
    assert not screen.reachable("ENTER CARDS"), "ENTER CARDS is on with a card too many"
    station.shot(f"one-too-many-{game.lower().replace(' ', '-')}",
                 f"{game}: {count + 1} cards typed for a stack of {count}: said at once, "
                 "ENTER CARDS off")
    before = step_of(station.look())
    station.key("Return")
    time.sleep(READING)
    assert step_of(station.look()).key == before.key, "a card too many was recorded"
    station.key("ctrl+a", "BackSpace")
    station.wait(lambda s: not s.find(said), "the words cleared")


def _by_keys(station: Station, game: str, wagers: dict[int, int],
             deck: list[str]) -> tuple[list[str], list[list[str]]]:
    """The round from BETWEEN ROUNDS to the next by keys only; the steps seen and the stacks
    typed."""
    seen: list[str] = []
    typed: list[list[str]] = []
    step = key_and_follow(station, "s")  # START ROUND
    placed = False
    dispense_key = "d"
    for _ in range(300):
        if not seen or seen[-1] != step.phase:
            seen.append(step.phase)
            station.shot(f"keys-{game.lower().replace(' ', '-')}-"
                         f"{step.phase.lower().replace(' ', '-')}",
                         f"{game} by keys · {step.phase.title()}: {step.instruction}")
        if step.phase == "BETWEEN ROUNDS" and len(seen) > 1:
            return seen, typed
        wanted = TYPE_THE_STACK.match(step.instruction)
        if step.phase == "BETTING" and not placed:
            for position, dollars in wagers.items():
                wager_by_keys(station, position, dollars)
            placed = True
            step = step_of(station.look())
        elif any(a.startswith("DISPENSE") for a in step.actions):
            assert not station.look().find(re.compile(r"^or type the \d cards")), \
                "the card box is offered before the shoe dispensed the stack"
            step = key_and_follow(station, dispense_key)
            dispense_key = "Return" if dispense_key == "d" else "d"  # both keys shown work
        elif wanted:
            count = int(wanted.group(1))
            stack, deck[:] = deck[:count], deck[count:]
            time.sleep(READING)
            if not typed:  # one card too many first: said, and never recordable
                _one_too_many(station, game, stack, deck[0])
            station.type(" ".join(stack))
            if len(typed) < 2:
                station.shot(f"typed-stack-{len(typed) + 1}",
                             f"{game}: the stack dispensed, its {count} cards typed in the "
                             f"card box ({' '.join(stack)}); Enter next")
            typed.append(stack)
            step = key_and_follow(station, "Return")
        else:
            step = key_step(station, step)
    raise AssertionError(f"the round did not end; steps seen: {seen}")


def _recorded(station: Station, round_number: int) -> str:
    return " ".join(history(station.data_dir, "show", str(round_number)).split())


def test_a_round_of_each_game_with_a_shoe_that_does_not_read_by_keys_5324_34_d_2_5324_41_f_3(
        open_station, tmp_path):
    """A shoe that does not read: a round of each game by the keyboard alone

    The table's configuration says the shoe does not read its cards. Let It Ride with wagers
    at positions 3 and 6: at each stack of three the step offers DISPENSE alone (D or Enter);
    once the shoe dispensed it the step says to type its 3 cards and the card box takes them,
    Enter records them; the first stack typed with a card too many is said at once, ENTER
    CARDS off, nothing recorded. Then Pai Gow Poker: seven stacks of seven the same way. The
    journal holds every card typed; the shoe has dealt exactly the stacks typed."""
    table = shipped_table_file(tmp_path, "let_it_ride", _shoe_that_does_not_read)
    station = open_station("non-reading-shoe", args=("--config", str(table)))
    table_with_a_dealer(station)
    deck = [card.text for card in standard_deck()]
    seen, typed = _by_keys(station, "Let It Ride", {3: 25, 6: 10}, list(deck))
    assert {"BETTING", "DEALING", "BET ONE", "BET TWO", "SHOWDOWN"} <= set(seen), seen
    assert typed == [deck[0:3], deck[3:6], deck[6:9]], typed  # positions 3, 6, community
    recorded = _recorded(station, 1)
    for stack in typed:
        assert " ".join(stack) in recorded or ", ".join(stack) in recorded, recorded
    assert _cards_left(station) == 52 - 9

    staff_screen(station, "SUPERVISOR", SUPERVISOR)
    choose_game(station, "Pai Gow Poker")
    back_to_the_table(station)
    wait_step(station, "BETWEEN ROUNDS")
    time.sleep(QUIET_SECONDS + READING)  # keys just after a staff screen closed are held
    deck = [card.text for card in pai_gow_deck()]
    seen, typed = _by_keys(station, "Pai Gow", {2: 25, 5: 100}, list(deck))
    assert {"BETTING", "DEAL", "EXPOSURE", "SETTLEMENT"} <= set(seen), seen
    assert typed == [deck[7 * n:7 * n + 7] for n in range(7)], typed
    assert _cards_left(station) == 53 - 49
    recorded = _recorded(station, 2)
    assert all(card in recorded for card in deck[:49]), recorded
