"""Paying and collecting the pai gow poker wagers, the vigorish, and the bank's settlement through
the centre of the table.

House-banked (5324.41(g)(4)-(8)): losing wagers are collected and pushes returned as the hands are
exposed from the dealer's far right counter-clockwise; then winning wagers are paid 1:1 in the same
order, less the 5% vigorish rounded up to the next 25 cents.

Player-banked (5324.41(h)(11)-(14)): the dealer's wager against the bank is decided first; losing
wagers (the dealer's too) go to the centre; winning wagers (the dealer's first) are paid from the
centre; a shortfall is collected from the bank (co-banking: half from the co-bank, half from the
chip tray); a surplus pays 5% vigorish and the rest goes to the bank (co-banking: half first goes
to the chip tray, the vigorish is on the co-bank's half). Winning players pay the vigorish to the
dealer ((h)(14)).

>>> from dealer_station.games.pai_gow.config import default_config
>>> s = settle_house_banked([Result(6, 2500, Outcome.WIN), Result(2, 1000, Outcome.LOSE)],
...                         default_config())
>>> [(p.position, p.outcome, p.amount, p.vigorish) for p in s.payments]
[(2, 'collect', 0, 0), (6, 'pay', 2500, 125)]
>>> s.net
{2: -1000, 6: 2375, 'house': -1375}
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from dealer_station.games.pai_gow.banking import co_bank_halves
from dealer_station.games.pai_gow.config import PaiGowConfig
from dealer_station.games.pai_gow.setting import Outcome
from dealer_station.money import Cents, format_cents
from dealer_station.procedure import Payment

__all__ = [
    "BankSettlement",
    "Result",
    "Settlement",
    "settle_house_banked",
    "settle_player_banked",
]

PAI_GOW = "pai_gow"


@dataclass(frozen=True, slots=True)
class Result:
    """One pai gow poker wager's result: its position, stake and outcome; ``hand`` describes the
    setting for the payment line."""

    position: int
    stake: Cents
    outcome: Outcome
    hand: str | None = None
    note: str = ""


@dataclass(frozen=True, slots=True)
class BankSettlement:
    """The centre of the table when a player banks (5324.41(h)(12)-(13)). ``center``: the losing
    wagers collected into it; ``winners``: the winning wagers paid from it; ``shortfall``: what
    was missing (``from_bank`` + ``from_tray``); ``surplus``: what was left (``to_tray`` +
    ``vigorish`` + ``to_bank``)."""

    bank: int
    stake: Cents
    co_bank: bool
    center: Cents
    winners: Cents
    shortfall: Cents = 0
    from_bank: Cents = 0
    from_tray: Cents = 0
    surplus: Cents = 0
    to_tray: Cents = 0
    vigorish: Cents = 0
    to_bank: Cents = 0

    @property
    def bank_net(self) -> Cents:
        return self.to_bank - self.from_bank

    def to_json(self) -> dict[str, Any]:
        return {name: getattr(self, name) for name in self.__slots__}


@dataclass(frozen=True, slots=True)
class Settlement:
    """The lines of the pai gow poker wagers in the dealer's order (``order`` numbered from 1; the
    round renumbers them among its other lines) and each party's net result in cents: positions
    by number, ``"bank"`` and ``"house"`` (the chip tray). The nets sum to zero."""

    payments: tuple[Payment, ...]
    net: Mapping[int | str, Cents]
    bank: BankSettlement | None = None
    vigorish: Cents = 0
    extra: Mapping[str, Any] = field(default_factory=dict)


def _vig_line(order: int, r: Result, config: PaiGowConfig, clause: str) -> Payment:
    vig = config.vigorish_for(r.stake)
    return Payment(
        order=order,
        position=r.position,
        wager=PAI_GOW,
        outcome="pay",
        stake=r.stake,
        amount=r.stake,
        vigorish=vig,
        hand=r.hand,
        clause=clause,
        note=f"paid 1:1 less {format_cents(vig)} vigorish (5% rounded up)" + _suffix(r.note),
    )


def _suffix(note: str) -> str:
    return f"; {note}" if note else ""


def _exposure_line(order: int, r: Result, clause_lose: str, clause_push: str) -> Payment:
    if r.outcome is Outcome.LOSE:
        return Payment(order, r.position, PAI_GOW, "collect", r.stake, hand=r.hand,
                       clause=clause_lose, note=r.note)
    return Payment(order, r.position, PAI_GOW, "push", r.stake, hand=r.hand,
                   clause=clause_push, note=r.note)


def settle_house_banked(results: Sequence[Result], config: PaiGowConfig) -> Settlement:
    """Settle against the dealer: ``results`` in exposure order (far right first)."""
    lines: list[Payment] = []
    net: dict[int | str, Cents] = {}
    for r in results:
        if r.outcome is not Outcome.WIN:
            lines.append(_exposure_line(len(lines) + 1, r, "5324.41(g)(5)", "5324.41(g)(6)"))
            net[r.position] = net.get(r.position, 0) - (
                r.stake if r.outcome is Outcome.LOSE else 0
            )
    vig_total = 0
    for r in results:
        if r.outcome is Outcome.WIN:
            line = _vig_line(len(lines) + 1, r, config, "5324.41(g)(8)")
            lines.append(line)
            vig_total += line.vigorish
            net[r.position] = net.get(r.position, 0) + r.stake - line.vigorish
    net["house"] = -sum(v for v in net.values())
    return Settlement(tuple(lines), net, None, vig_total)


def settle_player_banked(
    results: Sequence[Result],
    config: PaiGowConfig,
    *,
    bank: int,
    bank_stake: Cents,
    co_bank: bool,
    dealer: Result | None = None,
    surrendered: Cents = 0,
) -> Settlement:
    """Settle against a player bank (or co-bank): ``results`` in exposure order, ``dealer`` the
    dealer's wager against the bank (position ignored), decided first ((h)(11));
    ``surrendered``: wagers surrendered against the bank, already collected into the centre
    (their players' nets are booked at the surrender)."""
    lines: list[Payment] = []
    net: dict[int | str, Cents] = {"bank": 0, "house": 0}
    center = surrendered
    if dealer is not None and dealer.outcome is not Outcome.WIN:
        moved = dealer.outcome is Outcome.LOSE
        lines.append(Payment(
            len(lines) + 1, "dealer", "dealer_wager", "collect" if moved else "push",
            dealer.stake, hand=dealer.hand, clause="5324.41(h)(11)",
            note="moved to the centre of the table" if moved else "returned to the chip tray",
        ))
        if moved:
            center += dealer.stake
            net["house"] -= dealer.stake
    for r in results:
        if r.outcome is not Outcome.WIN:
            lines.append(_exposure_line(len(lines) + 1, r, "5324.41(h)(12)", "5324.41(h)(12)"))
            if r.outcome is Outcome.LOSE:
                center += r.stake
                net[r.position] = net.get(r.position, 0) - r.stake
            else:
                net.setdefault(r.position, 0)
    winners = 0
    if dealer is not None and dealer.outcome is Outcome.WIN:
        lines.append(Payment(
            len(lines) + 1, "dealer", "dealer_wager", "pay", dealer.stake, dealer.stake,
            hand=dealer.hand, clause="5324.41(h)(12)",
            note="paid from the centre; the wager and the win go to the chip tray",
        ))
        winners += dealer.stake
        net["house"] += dealer.stake
    vig_total = 0
    for r in results:
        if r.outcome is Outcome.WIN:
            line = _vig_line(len(lines) + 1, r, config, "5324.41(h)(14)")
            lines.append(line)
            winners += r.stake
            vig_total += line.vigorish
            net[r.position] = net.get(r.position, 0) + r.stake - line.vigorish
            net["house"] += line.vigorish
    settlement = BankSettlement(bank, bank_stake, co_bank, center, winners)
    if winners > center:
        shortfall = winners - center
        from_bank, from_tray = co_bank_halves(shortfall) if co_bank else (shortfall, 0)
        settlement = replace(settlement, shortfall=shortfall, from_bank=from_bank,
                                  from_tray=from_tray)
        lines.append(Payment(
            len(lines) + 1, "bank", "bank", "collect", bank_stake, from_bank,
            clause="5324.41(h)(13)" if co_bank else "5324.41(h)(12)",
            note=(f"shortfall {format_cents(shortfall)}: " + (
                f"half ({format_cents(from_bank)}) from the co-bank, "
                f"{format_cents(from_tray)} from the chip tray" if co_bank
                else "collected from the bank")),
        ))
        net["bank"] -= from_bank
        net["house"] -= from_tray
    else:
        surplus = center - winners
        to_tray = co_bank_halves(surplus)[1] if co_bank else 0
        remaining = surplus - to_tray
        vig = min(config.vigorish_for(remaining), remaining)
        settlement = replace(settlement, surplus=surplus, to_tray=to_tray, vigorish=vig,
                                  to_bank=remaining - vig)
        lines.append(Payment(
            len(lines) + 1, "bank", "bank", "pay" if surplus else "push", bank_stake,
            remaining, vigorish=vig,
            clause="5324.41(h)(13)" if co_bank else "5324.41(h)(12)",
            note=(f"surplus {format_cents(surplus)}"
                  + (f": half ({format_cents(to_tray)}) to the chip tray" if co_bank else "")
                  + f"; {format_cents(vig)} vigorish; {format_cents(remaining - vig)} to the "
                  + ("co-bank" if co_bank else "bank")),
        ))
        net["bank"] += remaining - vig
        net["house"] += to_tray + vig
        vig_total += vig
    return Settlement(tuple(lines), net, settlement, vig_total)
