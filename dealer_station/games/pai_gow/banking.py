"""Player banking and co-banking (5324.41(h)) and what a round must know of the rounds before it.

:class:`TableContext` carries from one round to the next what the rules look back on: whether the
game is just beginning ((h)(2), (e)(2)(i)), whose turn it is to be offered the cut ((e)(2)) and
the bank first ((h)(3)), who banked last ((h)(3)) and each player's wager against the dealer in
the last round no player banked ((h)(4)(i), (h)(7)).

The rules that speak of a player follow the player, not the seat: each player at the table has a
number the station gave them when they sat down (``players``: position -> player number; a
player on two adjacent areas, (i), holds both). Who banked last, the first player to the table
and the last wagers against the dealer are kept by player number. Until the dealer records a
seating change the player at position ``p`` is player ``p`` (so tables that never record one,
and journals written before players were numbered, read as before); new players are numbered
from 7 on, never twice (``next_player``). Seating changes: :mod:`.seating`.

>>> ctx = TableContext(new_game=False, last_unbanked_wagers={3: 2500, 5: 1000})
>>> bank_offers(ctx, [1, 3, 5])
(5, 3, 1)
>>> verify_bank_eligible(ctx, 1, {1: 5000, 3: 2500})
Traceback (most recent call last):
...
dealer_station.procedure.ProcedureError: the player at position 1 (player 1) placed no wager ...
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from dealer_station.games.pai_gow.dealing import rotation_from
from dealer_station.games.pai_gow.positions import DEALER, PLAYER_POSITIONS
from dealer_station.money import Cents, format_cents
from dealer_station.procedure import ProcedureError

__all__ = [
    "FIRST_NEW_PLAYER",
    "TableContext",
    "bank_offers",
    "co_bank_halves",
    "verify_bank_covers",
    "verify_bank_eligible",
]


#: Players 1-6 are the ones at positions 1-6 before any seating change is recorded.
FIRST_NEW_PLAYER = 7


@dataclass(frozen=True, slots=True)
class TableContext:
    """What a round needs from the rounds before it (JSON-serialisable, recorded in the round's
    document so that a round is rebuilt exactly)."""

    new_game: bool = True
    first_to_table: int | None = None
    last_cut_offer: int | None = None
    bank_first_offer: int = 6
    last_bank: int | None = None
    last_unbanked_wagers: Mapping[int, Cents] = field(default_factory=dict)
    seated: tuple[int, ...] = PLAYER_POSITIONS
    #: position -> the number of the player there (empty: player ``p`` at each seated ``p``).
    players: Mapping[int, int] = field(default_factory=dict)
    #: The number the next player to sit down is given (numbers are never given twice).
    next_player: int = FIRST_NEW_PLAYER

    def player_at(self, position: int) -> int | None:
        """The number of the player at ``position``, or None (nobody seated there)."""
        return self.players.get(position)

    def positions_of(self, player: int) -> tuple[int, ...]:
        """The betting areas of player ``player`` (none: not at the table)."""
        return tuple(sorted(p for p, n in self.players.items() if n == player))

    def player_name(self, position: int) -> str:
        """``"position 3 (player 9)"``: how the dealer's messages name the player."""
        return f"position {position} (player {self.player_at(position)})"

    @property
    def house_banks_by_rotation(self) -> bool:
        """The initial offer of the bank has come round to the dealer this round: the bank is
        offered to no player, the house banks ((h)(3): "until it returns to the dealer")."""
        return self.bank_first_offer == DEALER

    def __post_init__(self) -> None:
        if not set(self.seated) <= set(PLAYER_POSITIONS):
            raise ValueError(f"seated positions must be 1-6, not {self.seated!r}")
        if not self.players:
            object.__setattr__(self, "players", {p: p for p in self.seated})
        elif set(self.players) != set(self.seated):
            raise ValueError(f"players {dict(self.players)!r} are not at the seated positions "
                             f"{self.seated!r}")
        numbers = [*self.players.values(), *(v for v in (self.first_to_table, self.last_bank)
                                             if v is not None)]
        if any(isinstance(n, bool) or not isinstance(n, int) or n < 1 for n in numbers):
            raise ValueError(f"a player number is a whole number from 1, not {numbers!r}")
        if self.next_player < FIRST_NEW_PLAYER or any(
                n >= self.next_player for n in self.players.values()):
            raise ValueError(f"next_player {self.next_player!r} is a number already given")
        if self.last_cut_offer is not None and self.last_cut_offer not in PLAYER_POSITIONS:
            raise ValueError(f"last_cut_offer must be a position 1-6, not "
                             f"{self.last_cut_offer!r}")
        if self.bank_first_offer not in (*PLAYER_POSITIONS, DEALER):
            raise ValueError(
                f"bank_first_offer must be 1-6 or the dealer (7), not {self.bank_first_offer!r}"
            )

    def to_json(self) -> dict[str, Any]:
        """The context as JSON; the players only once a seating change was recorded (before
        it the player at ``p`` is player ``p``: documents written before read back the same)."""
        data = self._json()
        if dict(self.players) != {p: p for p in self.seated} or (
                self.next_player != FIRST_NEW_PLAYER):
            data["players"] = {str(p): n for p, n in sorted(self.players.items())}
            data["next_player"] = self.next_player
        return data

    def _json(self) -> dict[str, Any]:
        return {
            "new_game": self.new_game,
            "first_to_table": self.first_to_table,
            "last_cut_offer": self.last_cut_offer,
            "bank_first_offer": self.bank_first_offer,
            "last_bank": self.last_bank,
            "last_unbanked_wagers": {str(p): a for p, a in self.last_unbanked_wagers.items()},
            "seated": list(self.seated),
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> TableContext:
        """
        >>> TableContext.from_json(TableContext(last_bank=2).to_json()) == TableContext(last_bank=2)
        True
        """
        return cls(
            new_game=bool(data.get("new_game", True)),
            first_to_table=data.get("first_to_table"),
            last_cut_offer=data.get("last_cut_offer"),
            bank_first_offer=int(data.get("bank_first_offer", 6)),
            last_bank=data.get("last_bank"),
            last_unbanked_wagers={
                int(p): int(a) for p, a in dict(data.get("last_unbanked_wagers", {})).items()
            },
            seated=tuple(int(p) for p in data.get("seated", PLAYER_POSITIONS)),
            players={int(p): int(n) for p, n in dict(data.get("players", {})).items()},
            next_player=int(data.get("next_player", FIRST_NEW_PLAYER)),
        )

    def next_round(
        self,
        *,
        cut_offered: int | None,
        bank_offered: bool,
        bank: int | None,
        wagers: Mapping[int, Cents],
        offer_returns_to_dealer: bool = True,
    ) -> TableContext:
        """The context of the following round: the first offer of the bank moves one position
        counter-clockwise ((h)(3)); after the far left it returns to the dealer (a round the
        house banks, the bank offered to nobody) and then starts again at the far right, or
        with ``offer_returns_to_dealer`` off goes from the far left straight back to the far
        right. The cut offer
        rotates ((e)(2)(ii)); without a player bank this round's wagers become the last wagers
        against the dealer ((h)(4)(i)).

        The offer to the first player to the table at a new game ((e)(2)(i)) is outside the
        rotation: the round after it offers the cut to the player at the dealer's far right, and
        the rotation goes counter-clockwise from there ((e)(2)(ii)).

        >>> first = TableContext(first_to_table=4, seated=(2, 4, 6))
        >>> after = first.next_round(cut_offered=4, bank_offered=False, bank=None, wagers={})
        >>> after.last_cut_offer is None
        True
        """
        if self.house_banks_by_rotation:
            first = PLAYER_POSITIONS[-1]
        elif not bank_offered:
            first = self.bank_first_offer
        elif self.bank_first_offer > PLAYER_POSITIONS[0]:
            first = self.bank_first_offer - 1
        else:
            first = DEALER if offer_returns_to_dealer else PLAYER_POSITIONS[-1]
        if self.new_game:
            last_cut_offer = None
        else:
            last_cut_offer = cut_offered if cut_offered is not None else self.last_cut_offer
        return replace(
            self,
            new_game=False,
            first_to_table=None,
            last_cut_offer=last_cut_offer,
            bank_first_offer=first,
            last_bank=None if bank is None else self.player_at(bank),
            last_unbanked_wagers=(self._by_player(wagers) if bank is None
                                  else self.last_unbanked_wagers),
        )

    def _by_player(self, wagers: Mapping[int, Cents]) -> dict[int, Cents]:
        totals: dict[int, Cents] = {}
        for position, amount in wagers.items():
            player = self.player_at(position)
            if player is not None:
                totals[player] = totals.get(player, 0) + amount
        return totals

    def last_wager_of(self, position: int) -> Cents:
        """The last wager against the dealer of the player at ``position`` ((h)(4)(i), (h)(7))."""
        player = self.player_at(position)
        return 0 if player is None else self.last_unbanked_wagers.get(player, 0)


def bank_offers(context: TableContext, seated: Iterable[int]) -> tuple[int, ...]:
    """The order the bank is offered in this round: counter-clockwise from this round's first
    offer (the far right at first), every seated player in turn (5324.41(h)(3))."""
    return rotation_from(seated, context.bank_first_offer)


def verify_bank_eligible(
    context: TableContext, position: int, wagers: Mapping[int, Cents]
) -> None:
    """The checks before a player may bank (5324.41(h)(2), (h)(3), (h)(4)(i))."""
    if context.new_game:
        raise ProcedureError(
            "no player may bank the first round of a game (after the shuffle that starts it)",
            "5324.41(h)(2)",
        )
    player = context.player_at(position)
    if player is None:
        raise ProcedureError(f"no player is seated at position {position}", "5324.41(d)(2)")
    if context.last_bank == player:
        raise ProcedureError(
            f"the player at {context.player_name(position)} banked the last round: no player "
            "banks two rounds in a row",
            "5324.41(h)(3)",
        )
    if context.last_wager_of(position) <= 0:
        raise ProcedureError(
            f"the player at {context.player_name(position)} placed no wager against the dealer "
            "in the last round without a player bank",
            "5324.41(h)(4)(i)",
        )
    if wagers.get(position, 0) <= 0:
        raise ProcedureError(
            f"position {position} has no chips on its betting area to bank with", "5324.41(h)(6)"
        )


def verify_bank_covers(
    bank_stake: Cents, wagers: Mapping[int, Cents], bank: int, dealer_wager: Cents = 0
) -> None:
    """The bank's chips on the table must cover every other wager of the round (and the
    dealer's wager against the bank) (5324.41(h)(4)(ii)).

    >>> verify_bank_covers(5000, {1: 2500, 2: 5000, 3: 3000}, bank=2)
    Traceback (most recent call last):
    ...
    dealer_station.procedure.ProcedureError: the bank's $50.00 does not cover the $55.00 ...
    """
    against = sum(a for p, a in wagers.items() if p != bank) + dealer_wager
    if bank_stake < against:
        raise ProcedureError(
            f"the bank's {format_cents(bank_stake)} does not cover the {format_cents(against)} "
            "wagered against it",
            "5324.41(h)(4)(ii)",
        )


def co_bank_halves(amount: Cents) -> tuple[Cents, Cents]:
    """Split an amount between the co-bank and the house (5324.41(h)(13)): ``(co-bank, house)``;
    an odd cent goes to the house.

    >>> co_bank_halves(2500), co_bank_halves(2501)
    ((1250, 1250), (1250, 1251))
    """
    return amount // 2, amount - amount // 2
