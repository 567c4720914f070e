"""``dealer-station paytable``: the exact theoretical return of every wager of a game under the
casino's pay tables, as a table or as JSON."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable, Sequence
from pathlib import Path

from dealer_station.analysis.census_report import CensusSection
from dealer_station.analysis.progress import ProgressBar
from dealer_station.analysis.report import Analysis, WagerReport
from dealer_station.analysis.runner import (
    FORTUNE_TABLES,
    INSURANCE_TABLES,
    SEVEN_CARD_TABLES,
    THREE_CARD_TABLES,
    analyse_let_it_ride,
    analyse_pai_gow,
)
from dealer_station.games.let_it_ride.config import load_config
from dealer_station.games.pai_gow.wagers.config import load_bonus_config
from dealer_station.inputs import SQLITE_MAX, bounded_int

NAME = "paytable"
HELP = "theoretical return of every wager's pay table, exact by enumeration"
DESCRIPTION = """\
Print, for every wager of the game, each paying hand's number of combinations, its probability,
what it pays, and the wager's expected return and house edge, computed exactly by enumerating
every deal (Let It Ride: the base game under the strategy that maximises the player's return at
each decision, the $1 bonus, the three-card bonus; Pai Gow: all 154,143,080 seven-card hands of
the 53-card deck for the fortune, envy, insurance, seven-card, imperial and progressive wagers, the
three-card bonus over all three-card hands). The house-way player against the house-way dealer is
simulated (--trials) and printed with its 95% confidence interval. Without a table option every
table of the regulation is analysed. A progress bar runs on stderr.
"""


def _letters(allowed: Sequence[str]) -> Callable[[str], str]:
    def parse(text: str) -> str:
        letter = text.strip().upper()
        if letter not in allowed:
            raise argparse.ArgumentTypeError(
                f"{text!r} is not one of {', '.join(allowed)}"
            )
        return letter

    return parse


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--game", required=True, choices=("let-it-ride", "pai-gow"))
    parser.add_argument(
        "--three-card-table",
        type=_letters(THREE_CARD_TABLES),
        metavar="A..F",
        help="Let It Ride three-card bonus pay table A-F, 5324.34(f)(4) (default: all)",
    )
    parser.add_argument(
        "--fortune-table",
        type=_letters(FORTUNE_TABLES),
        metavar="A..C",
        help="fortune bonus and envy table A-C, 5324.41(m)(1)-(2) (default: all)",
    )
    parser.add_argument(
        "--insurance-table",
        type=_letters(INSURANCE_TABLES),
        metavar="A..E",
        help="insurance table A-E, 5324.41(m)(3) (default: all)",
    )
    parser.add_argument(
        "--seven-card-table",
        type=_letters(SEVEN_CARD_TABLES),
        metavar="A|B",
        help="seven-card bonus table A or B, 5324.41(o)(2) (default: both)",
    )
    parser.add_argument(
        "--royal-match",
        type=_letters(("KQ", "AK")),
        metavar="KQ|AK",
        help="royal match pre-selected by the casino, 5324.41(c)(6)(ii): KQ (a) or AK (b) "
        "(default KQ)",
    )
    parser.add_argument(
        "--house-way",
        metavar="NAME",
        help="house way for the simulation (default: standard)",
    )
    parser.add_argument(
        "--pay-tables",
        metavar="PATH",
        help="analyse the tables a configuration file sets (a Let It Ride table configuration, or "
        "a Pai Gow bonus configuration), higher figures included, instead of the regulation's "
        "minimum tables chosen by letter",
    )
    parser.add_argument(
        "--trials",
        type=bounded_int(0, 100_000_000),
        help="Pai Gow rounds simulated, house way against house way (0: none; default 100000)",
    )
    parser.add_argument("--seed", type=bounded_int(0, SQLITE_MAX),
                        help="simulation seed (default 1)")
    parser.add_argument(
        "--workers", type=bounded_int(1, 256), default=None,
        help="processes to use (default: every CPU)"
    )
    parser.add_argument("--json", action="store_true", help="print JSON instead of tables")
    parser.add_argument("--quiet", action="store_true", help="no progress bar")


def run(args: argparse.Namespace) -> int:
    progress = ProgressBar(sys.stderr, enabled=not args.quiet)
    letters = ("three_card_table", "fortune_table", "insurance_table", "seven_card_table")
    if args.pay_tables is not None:  # the file names its letters and its royal match
        _refuse(args, (*letters, "royal_match"), "--pay-tables")
    if args.game == "let-it-ride":
        pai_gow_only = (*letters[1:], "royal_match", "house_way", "trials", "seed")
        _refuse(args, pai_gow_only, "--game let-it-ride")
        tables = (args.three_card_table,) if args.three_card_table else THREE_CARD_TABLES
        lir_config = load_config(args.pay_tables) if args.pay_tables else None
        analysis = analyse_let_it_ride(tables, progress, lir_config)
    else:
        _refuse(args, letters[:1], "--game pai-gow")
        bonus_config = load_bonus_config(Path(args.pay_tables)) if args.pay_tables else None
        trials = 100_000 if args.trials is None else args.trials
        if trials < 0:
            raise ValueError("--trials cannot be negative")
        analysis = analyse_pai_gow(
            fortune_tables=(args.fortune_table,) if args.fortune_table else FORTUNE_TABLES,
            insurance_tables=(args.insurance_table,) if args.insurance_table else INSURANCE_TABLES,
            seven_card_tables=(
                (args.seven_card_table,) if args.seven_card_table else SEVEN_CARD_TABLES
            ),
            royal_match=args.royal_match or "KQ",
            house_way=args.house_way or "standard",
            trials=trials,
            seed=1 if args.seed is None else args.seed,
            workers=args.workers,
            progress=progress,
            config=bonus_config,
            census_report=True,
        )
    if args.json:
        json.dump(analysis.to_json(), sys.stdout, indent=2)
        sys.stdout.write("\n")
    else:
        sys.stdout.write(render(analysis))
    return 0


def _refuse(args: argparse.Namespace, names: Sequence[str], context: str) -> None:
    for name in names:
        if getattr(args, name) is not None:
            option = "--" + name.replace("_", "-")
            raise ValueError(f"{option} does not apply with {context}")


def render(analysis: Analysis) -> str:
    """The analysis as plain-text tables, one per wager."""
    out = [f"{analysis.game}: theoretical returns\n"]
    if analysis.census:
        out.append(_render_census(analysis.census))
    for wager in analysis.wagers:
        out.append(_render_wager(wager))
    timings = ", ".join(f"{name} {seconds:.2f} s" for name, seconds in analysis.seconds.items())
    out.append(f"wall time: {timings}\n")
    return "\n".join(out)


def _table_text(rows: Sequence[tuple[str, ...]]) -> list[str]:
    widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]))]
    text = []
    for row in rows:
        cells = [row[0].ljust(widths[0])]
        cells += [cell.rjust(width) for cell, width in zip(row[1:], widths[1:], strict=True)]
        text.append("  ".join(cells))
    return text


def _render_census(sections: Sequence[CensusSection]) -> str:
    """The seven-card census: every category's count and probability, per joker reading."""
    title = f"seven-card census: all {sections[0].total:,} seven-card hands"
    text = [title, "-" * len(title)]
    for section in sections:
        text.append(f"{section.reading}:")
        rows = [("category", "hands", "probability")]
        rows += [(f"  {line.label}", f"{line.count:,}", f"{line.probability:.10f}")
                 for line in section.lines]
        text += _table_text(rows)
        text.append(f"  total {sum(line.count for line in section.lines):,}")
    return "\n".join(text) + "\n"


def _render_wager(wager: WagerReport) -> str:
    title = wager.wager.replace("_", " ")
    simulated = wager.simulated
    if wager.table:
        title += f", {'house way' if simulated else 'pay table'} {wager.table}"
    if wager.paid_by:
        title += " (not a wager of the player)"
    last = "payout" if wager.paid_by else "return"
    header: tuple[str, ...] = ("hand", wager.counted, "probability", "pays", last)
    if simulated:
        header += ("95% interval",)
    rows = [header]
    for line in wager.lines:
        row: tuple[str, ...] = (
            line.name,
            f"{line.combinations:,}",
            f"{line.probability:.10f}",
            line.pays,
            f"{line.contribution:+.6f}",
        )
        if simulated:
            row += (f"{line.extra['ci95_low']:.4f} - {line.extra['ci95_high']:.4f}",)
        rows.append(row)
    text = [title, "-" * len(title), *_table_text(rows)]
    text.append(f"total {wager.counted} {wager.total_combinations:,}")
    if wager.paid_by:
        text.append(f"expected payout per hand {wager.expected_return:.6f}")
        text.append(f"paid by {wager.paid_by}")
    else:
        text.append(
            f"expected return {wager.expected_return:+.6f}   house edge {wager.house_edge:.4%}"
        )
    for name, value in wager.figures.items():
        shown = f"{value:,}" if isinstance(value, int) else f"{value:.6g}"
        text.append(f"{name.replace('_', ' ')}: {shown}")
    for note in wager.notes:
        text.append(f"note: {note}")
    if wager.strategy_summary or wager.strategy:
        text.append("strategy (computed, by rank pattern):")
        text += [f"  {line}" for line in wager.strategy_summary or wager.strategy]
    return "\n".join(text) + "\n"
