"""The RNG side wager of 5324.41(j) at the dealer's screen: a wager on the number 1 to 7 the
random number generator shows, made with the pai gow poker wager before the RNG is activated
((j)(2)(i)), on one number or several; the losing ones collected, then the winning ones paid
before any card is dealt ((j)(2)(iv)-(v)).

What the screen shows of it: the chips on each number at each position (``rng_3``: the chips on
3), the number the RNG showed beside the starting position it gives, the keyboard's form (the
position, the number and the dollars typed) and the wager entry's amounts (``rng_3`` in cents).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from dealer_station.games.pai_gow.actions import PlaceRngWager
from dealer_station.games.pai_gow.config import PaiGowConfig, StartingPosition
from dealer_station.games.pai_gow.positions import DEALER, PLAYER_POSITIONS
from dealer_station.games.pai_gow.round import PaiGowRound
from dealer_station.ui.adapters.base import EntryRequest
from dealer_station.ui.view import FormField, WagerView

__all__ = ["NUMBERS", "area", "odds_words", "rng_actions", "rng_chips", "rng_form",
           "rng_form_action", "rng_on", "start_words"]

#: The numbers the RNG selects and displays ((j)(1)).
NUMBERS = tuple(range(1, 8))
#: The phases a form opened while the wagers were taken stays on screen: until the RNG runs
#: (a wager sent after "no more bets" is refused with its clause, never lost without a word).
_FORM_PHASES = ("betting", "dealer_wager", "starting_position")


def area(number: int) -> str:
    """The felt's betting area of the chips on ``number``.

    >>> area(3)
    'rng_3'
    """
    return f"rng_{number}"


def odds_words(config: PaiGowConfig) -> str:
    """The posted odds as the layout prints them.

    >>> from dealer_station.games.pai_gow.config import default_config
    >>> odds_words(default_config())
    '6:1'
    """
    odds = config.rng_side_wager_odds
    return f"{odds.numerator}:{odds.denominator}"


def rng_on(round_: PaiGowRound, position: int) -> dict[int, int]:
    """The RNG side wagers of ``position``: number → cents."""
    return {number: amount for (p, number), amount in sorted(round_.rng_wagers.items())
            if p == position}


def _settled(round_: PaiGowRound) -> bool:
    return any(record.action == "settle_rng_wagers" for record in round_.history)


def rng_chips(round_: PaiGowRound) -> dict[int, tuple[WagerView, ...]]:
    """The chips on the numbers at each position, drawn after the position's other wagers:
    placed, then won (the number the RNG showed) or lost once settled ((j)(2)(iii))."""
    settled = _settled(round_)
    chips: dict[int, tuple[WagerView, ...]] = {}
    for position in PLAYER_POSITIONS:
        views = []
        for number, amount in rng_on(round_, position).items():
            state = "placed"
            if settled:
                state = "won" if number == round_.starting_number else "lost"
            views.append(WagerView(area(number), amount, state))
        if views:
            chips[position] = tuple(views)
    return chips


def start_words(round_: PaiGowRound) -> str:
    """The dealer's seat once the starting position is determined: with the RNG, the number it
    showed (the number the RNG side wagers are on) and the position it counts to.

    >>> from dealer_station.games.pai_gow.config import default_config
    >>> table = PaiGowRound(default_config())
    >>> start_words(table)
    ''
    """
    start = round_.start
    if not start:
        return ""
    where = "dealer" if start == DEALER else f"position {start}"
    if round_.config.starting_position is StartingPosition.RNG and round_.starting_number:
        return f"RNG {round_.starting_number} · start: {where}"
    return f"start: {where}"


def rng_form(round_: PaiGowRound, config: PaiGowConfig,
             selected: str | None) -> EntryRequest | None:
    """The keyboard's RNG side wager: the position, the number and the dollars typed, Enter
    places it (until the RNG runs; the round refuses it after "no more bets")."""
    if not config.rng_side_wager or round_.step.phase not in _FORM_PHASES:
        return None
    position = int(selected) if selected and selected.isdigit() else 1
    taken = " · ".join(
        f"{p}: " + ", ".join(f"${amount // 100} on {n}" for n, amount in rng_on(round_, p).items())
        for p in PLAYER_POSITIONS if rng_on(round_, p))
    return EntryRequest("form", "", "RNG SIDE WAGER · on the number the RNG shows", options={
        "name": "rng_wager", "submit": "PLACE THE RNG WAGER", "cancel": True,
        "enter_submits": True,
        "fields": (
            FormField("number", "position", "Position (1–6): a player with a pai gow wager",
                      minimum=0, maximum=9, default=position),
            # 0 to 9 typed, so a number the layout does not have is refused with its clause
            FormField("number", "number", "The number (1–7)", minimum=0, maximum=9,
                      default=1),
            FormField("number", "dollars", "Dollars", minimum=0,
                      maximum=max(config.maximum_wager // 100, 1),
                      default=max(config.minimum_wager // 100, 1)),
        ),
        "note": f"Pays {odds_words(config)}, rounded down to the dollar; a player may bet on "
                "several numbers (5324.41(j)(2)). Tab: next box, Enter: place. "
                + (f"Taken: {taken}." if taken else "None taken yet."),
    })


def rng_form_action(values: Mapping[str, Any]) -> PlaceRngWager:
    """The form's values as the round's action (the round judges position, number and
    amount, each refusal with its clause)."""
    return PlaceRngWager(position=int(values.get("position", 0) or 0),
                         number=int(values.get("number", 0) or 0),
                         amount=int(values.get("dollars", 0) or 0) * 100)


def rng_actions(position: int, amounts: Mapping[str, int]) -> list[PlaceRngWager]:
    """The wager entry's RNG chips (``rng_3``: cents on 3) as the round's actions, the numbers
    in order.

    >>> [(a.number, a.amount) for a in rng_actions(2, {"base": 2500, "rng_5": 500, "rng_1": 100})]
    [(1, 100), (5, 500)]
    """
    found = []
    for key, amount in amounts.items():
        number = key.removeprefix("rng_")
        if key.startswith("rng_") and number.isdigit() and amount:
            found.append(PlaceRngWager(position=position, number=int(number), amount=int(amount)))
    return sorted(found, key=lambda action: action.number)
