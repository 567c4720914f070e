"""The dealer's keys: one table, read by the quick card (``docs/guide/quick-card.md``'s Keys
section is this table written out, checked by a test so the card never drifts from the screens)
and checked against every key the screens bind.

A row names the key as the guides do (a letter in backticks, `Enter`, `Space`, `Esc`; keys
with no single name — a position's digit, the arrows, Tab — in words) and what it presses, the
buttons in **bold** exactly as the screens write them. Run ``python -m dealer_station.ui.keys``
to write the table into the quick card after changing it.
"""

from __future__ import annotations

import sys
from pathlib import Path

__all__ = ["BEGIN", "END", "KEY_TABLE", "markdown", "with_table"]

#: The keys and what each does, in the order the card lists them.
KEY_TABLE: tuple[tuple[str, str], ...] = (
    ("`Enter`", "the dark green button (the next action); a form's OK; in a wager's box, "
                "**PLACE WAGERS**"),
    ("1 to 7", "wagers taken: that position (a tap on the felt), then type its wager in "
               "dollars · Pai Gow, a hand exposed: that card (1 leftmost)"),
    ("← →", "wagers taken: the position to the left or right"),
    ("Tab", "in a form or the wager entry: the next box (outlined yellow)"),
    ("`Esc`", "leave the wager's box (nothing placed); **CANCEL** a form"),
    ("`S`", "**START ROUND** · show a position · **SHUFFLED** · Pai Gow **ALL PAID** · "
            "**RNG WAGERS SETTLED** · **THREE-CARD BONUS SETTLED**"),
    ("`L`", "**NO MORE BETS · LOCKOUT** (Pai Gow: **NO MORE BETS**)"),
    ("`D`", "**DISPENSE** · **DISPENSE STACK 1 OF 7** · **CARD DEALT** · **BANK DECLINED** · "
            "**CUT DECLINED** (**CUT DECLINED…**)"),
    ("`R`", "**LET IT RIDE** · Pai Gow **REDEAL** · **WAGERS RETURNED** · Pai Gow "
            "**RNG WAGER…** (wagers taken)"),
    ("`T`", "**TAKE BACK** · **TURN CARD**"),
    ("`C`", "**LOSING WAGERS COLLECTED** · **CARDS COLLECTED** · **CUT TAKEN** "
            "(**CUT TAKEN…**) · **RECOUNT…**"),
    ("`P`", "Let It Ride **ALL PAID**"),
    ("`G`", "**RUN THE RNG**"),
    ("`A`", "**ALL HAVE SET** · Let It Ride **SECOND POSITION…** (wagers taken: one player, "
            "two adjacent positions)"),
    ("`E`", "Pai Gow **SET HAND**: the cards picked as the low hand, entered as set"),
    ("`H`", "**HOUSE WAY** · **DEALER'S HAND SET BY HOUSE WAY** · "
            "**CO-BANK SET BY HOUSE WAY**"),
    ("`B`", "**BANKS**: the player offered the bank takes it"),
    ("`K`", "**CO-BANKS…**: the dealer banks with the player offered the bank"),
    ("`W`", "the dealer's wager placed (the button says how much)"),
    ("`O`", "**LESS…** (the dealer's wager) · **OTHER COUNT…** (the lights)"),
    ("`N`", "**COUNT STUB…**"),
    ("`U`", "**SURRENDER…**"),
    ("`Y`", "Pai Gow **SEATING…**: a player sits down, leaves, moves, plays a second area "
            "(in its form: S, L, M, A)"),
    ("`J`", "**JACKPOT RECORD COMPLETE**"),
    ("`Space`", "tick off the next line collected or paid (or tap the line)"),
)

BEGIN = "<!-- the keys: written from dealer_station/ui/keys.py, do not edit here -->"
END = "<!-- end of the keys -->"


def markdown() -> str:
    """The key table as the quick card shows it.

    >>> markdown().splitlines()[:2]
    ['| Key | Does |', '|---|---|']
    """
    rows = [f"| {key} | {does} |" for key, does in KEY_TABLE]
    return "\n".join(["| Key | Does |", "|---|---|", *rows])


def with_table(text: str) -> str:
    """``text`` (the quick card) with the table between :data:`BEGIN` and :data:`END` written
    from :data:`KEY_TABLE`.

    >>> with_table(f"a\\n{BEGIN}\\nold\\n{END}\\nb").splitlines()[2]
    '| Key | Does |'
    """
    head, found, rest = text.partition(BEGIN)
    if not found or END not in rest:
        raise ValueError("the quick card has no key table markers")
    _old, _end, tail = rest.partition(END)
    # the blank line ends the table: the marker read as one more (empty) row otherwise
    return f"{head}{BEGIN}\n{markdown()}\n\n{END}{tail}"


def main() -> int:
    """Write the table into the quick card of this checkout."""
    from dealer_station.guide import guide_path

    path = Path(guide_path("quick-card"))
    path.write_text(with_table(path.read_text(encoding="utf-8")), encoding="utf-8")
    print(path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
