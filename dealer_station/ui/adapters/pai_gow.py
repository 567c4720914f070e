"""The dealer's screen for Pai Gow Poker (9 NYCRR 5324.41): what the felt shows of a
:class:`~dealer_station.games.pai_gow.round.PaiGowRound`, the buttons of each step and the round
action each performs.

Hole cards: a position's seven cards are drawn face down until its hand is set (the dealer sees
the cards to record the two of the low hand, (g)(1)); the dealer's hand until it is turned over and
set by the house way ((g)(2)). The automated shoe's seven-card stacks ((f)(3)) are gathered as they
arrive and given to the round as one deal once every stack is out.
"""

from __future__ import annotations

import secrets
from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from dealer_station.cards import Card, parse_cards
from dealer_station.games.pai_gow.actions import (
    AcceptBank,
    AcceptorLit,
    ApproveProgressive,
    CallSupervisor,
    CompleteJackpotRecord,
    ConfirmLightCount,
    CountStub,
    Cut,
    Deal,
    DealFourCardStacks,
    DeclineBank,
    DetermineStartingPosition,
    NoMoreBets,
    PlaceBonusWager,
    PlaceDealerWager,
    PlaceWager,
    PlayerLeaves,
    PlayerMoves,
    PlayersHaveSet,
    PlayerSits,
    ProgressiveChipRemoved,
    Redeal,
    RejectProgressive,
    ResolveHalt,
    ResolveLightMismatch,
    SetBankHand,
    SetCoBankHand,
    SetDealerHand,
    SetHand,
    SetHandHouseWay,
    Settle,
    SettleRngWagers,
    SettleThreeCardBonus,
    Shuffle,
    ShufflerReport,
    Surrender,
    WithdrawWager,
)
from dealer_station.games.pai_gow.collection import kept_after_settlement
from dealer_station.games.pai_gow.config import (
    DealingMethod,
    PaiGowConfig,
    StartingPosition,
    config_from_mapping,
)
from dealer_station.games.pai_gow.dealing import deck_order
from dealer_station.games.pai_gow.phases import EXPOSED_CARD, EXPOSED_CARD_CLAUSE
from dealer_station.games.pai_gow.positions import DEALER, PLAYER_POSITIONS
from dealer_station.games.pai_gow.round import PaiGowRound
from dealer_station.games.pai_gow.setting import player_setting
from dealer_station.games.pai_gow.station_round import next_table_context, split_settings
from dealer_station.games.pai_gow.wagers.config import Completion
from dealer_station.games.pai_gow.wagers.families import BonusWager
from dealer_station.games.pai_gow.wagers.lockout import ProgressiveLockout
from dealer_station.hardware import (
    SHOE_RESET,
    SHOE_SHUFFLE,
    Hardware,
    HardwareKind,
    acceptor_lights,
    shoe_dispense,
)
from dealer_station.money import format_cents
from dealer_station.plural import counted
from dealer_station.procedure import GameRound, HaltResolution, Record
from dealer_station.ui.adapters.base import (
    ActionCall,
    Command,
    DeviceState,
    EntryRequest,
    GameAdapter,
    void_commands,
)
from dealer_station.ui.adapters.common import (
    note_device_event,
    note_unread_stack,
    seat_light,
    settled_states,
    stack_cards,
    wager_views,
)
from dealer_station.ui.adapters.pai_gow_rng import (
    NUMBERS,
    odds_words,
    rng_actions,
    rng_chips,
    rng_form,
    rng_form_action,
    rng_on,
    start_words,
)
from dealer_station.ui.view import FormField, HealthState, SeatView, TableView
from drivers.events import DeviceEvent, EventKind

__all__ = ["PaiGowAdapter", "core", "core_round", "foul_judge"]

#: Stacks the shoe delivers for a seven-card deal: the six positions and the dealer.
STACKS = 7
#: The most chips (dollars) the co-bank form takes for the bank's betting area at once.
CO_BANK_CHIPS_MAX = 100_000
#: The setting steps' primary: the cards picked in the lower panel, as the player (or the bank)
#: set them, entered (the window sends them; any count, a foul recorded as one).
SET_HAND = Command("set_hand", "SET HAND", "E", submits_entry=True)
AREAS = ("pai_gow", "progressive", "fortune", "envy", "insurance", "three_card_bonus",
         "seven_card_bonus", "imperial")


def redeal_steps(stacks: int | None, *, by_shoe: bool, total: int = 7) -> str:
    """What the dealer does for a redeal before the first stack of the new deal: the cards
    dealt gathered face down, unseen, and the deck reshuffled ((f)(3), (n)).

    >>> redeal_steps(2, by_shoe=True).split("; ")[0]
    'REDEAL: gather the 2 stacks dealt, face down and unseen'
    >>> redeal_steps(0, by_shoe=False).split("; ")[1]
    'reshuffle the whole deck. Then DISPENSE STACK 1 OF 7.'
    """
    cards = (f"the {stacks} stack{'s' if stacks != 1 else ''} dealt" if stacks
             else "every card dealt")
    shuffle = ("put them with the rest of the deck in the shoe, which reshuffles it (wait for "
               "the shoe)" if by_shoe else "reshuffle the whole deck")
    return (f"REDEAL: gather {cards}, face down and unseen; {shuffle}. Then DISPENSE STACK 1 "
            f"OF {total}.")


def core(round_: object) -> PaiGowRound:
    """The station's round as what it is: a Pai Gow round (one class, with or without the
    optional wagers); the controller holds any game's adapter, so this stays checked at run
    time too."""
    if not isinstance(round_, PaiGowRound):
        raise TypeError(f"a Pai Gow table holds a Pai Gow round, not {type(round_).__name__}")
    return round_


def _lockout(round_: PaiGowRound) -> ProgressiveLockout:
    """The progressive lockout of a round whose step is about it (the progressive offered)."""
    wagers = core(round_).optional
    assert wagers is not None, "a lockout step comes only with the optional wagers"
    return wagers.lockout


def table_config(settings: Mapping[str, Any]) -> PaiGowConfig:
    """The table's own configuration in the station's settings, read as the game's round
    factory reads it (the optional wagers' ``[bonus_wagers]`` and the round context aside): a
    configuration the start accepts is never refused by the screen."""
    return config_from_mapping(split_settings(settings)[0])


def core_round(settings: Mapping[str, Any]) -> PaiGowRound:
    """A Pai Gow round of the core game from the station's settings (no bonus wagers)."""
    return PaiGowRound(table_config(settings))


def foul_judge(wheel_lowest: bool = False) -> Any:
    """The low-hand picker's judge: the reason a setting fouls (5324.41(g)(5)(iii)-(iv))."""

    def judge(seven: Sequence[Card], low: Sequence[Card]) -> str | None:
        return player_setting(seven, low, wheel_lowest=wheel_lowest).foul

    return judge


class PaiGowAdapter(GameAdapter[PaiGowRound]):
    """Adapter of the Pai Gow round for the dealer's screen."""

    game = "pai_gow"

    def __init__(self, settings: Mapping[str, Any]) -> None:
        # the table's own settings: the optional wagers' terms (``bonus_wagers``, stored with a
        # configuration offering them) are the round's to read
        self.config = table_config(settings)
        self.judge = foul_judge(self.config.wheel_lowest)
        #: The position tapped on the felt, as the controller last asked for the entry.
        self._selected: str | None = None
        #: The places the CARD EXPOSED form last offered (a position with a wager and a stack).
        self._exposable_now: frozenset[str] = frozenset()

    # ---------------------------------------------------------------- the felt
    def empty_table(self, devices: DeviceState) -> TableView:
        waiting = devices.chips_before_the_round  # no wager yet: RETURN unless one comes
        seats = [SeatView(str(p), str(p), active=False,
                          light=seat_light(devices, str(p), False, p in waiting))
                 for p in PLAYER_POSITIONS]
        seats.append(SeatView("dealer", "Dealer", is_dealer=True))
        return TableView(self.game, "PAI GOW POKER", tuple(seats), lockout=devices.lockout)

    @staticmethod
    def _hand(round_: PaiGowRound, position: int) -> tuple[Card, ...]:
        """The seven cards of ``position``; between the stacks of three and the four more
        cards its three ((n)(4)-(6)); none before the deal."""
        table = core(round_)
        try:
            return table.seven_cards(position)
        except KeyError:
            pass
        for record in reversed(table.history):
            stacks = record.effects.get("three_card_stacks") if record.action == "deal" else None
            if isinstance(stacks, dict) and str(position) in stacks:
                return parse_cards(str(stacks[str(position)]))
        return ()

    @staticmethod
    def seat_key(position: int | str) -> str:
        """The felt's key of a round's position: the dealer's (:data:`DEALER`) is "dealer".

        >>> PaiGowAdapter.seat_key(7), PaiGowAdapter.seat_key(3)
        ('dealer', '3')
        """
        return "dealer" if str(position) == str(DEALER) else str(position)

    def table_view(self, bonus_round: PaiGowRound, devices: DeviceState) -> TableView:
        round_ = core(bonus_round)
        document = round_.to_document()
        results: Mapping[str, str] = document.get("results", {})
        states = settled_states(bonus_round.payments)
        wagers = round_.wagers
        sides = round_.side_wagers
        lockout_now = round_.optional.lockout if round_.optional is not None else None
        # lit where the round counts a progressive wager; RETURN where it senses a chip it
        # gives back (no pai gow wager there)
        lit_now = set(lockout_now.lit) if lockout_now is not None else set()
        returns = (set(lockout_now.waiting) | set(lockout_now.returned)
                   if lockout_now is not None else set())
        seats = []
        # stacks out of the shoe (or entered) this deal, face down where they were delivered
        delivered = dict(zip(self.delivered(bonus_round, devices), devices.stacks, strict=False))
        # once settled, only a hand kept for a progressive payout is still on the layout: the
        # rest went with their settlement ((g)(5)-(9)), so the felt no longer draws them
        kept = kept_after_settlement(bonus_round.history)
        rng = rng_chips(round_)
        for p in PLAYER_POSITIONS:
            amounts = {"pai_gow": wagers.get(p, 0), **sides.get(p, {})}
            seven = (*self._hand(round_, p), *delivered.get(p, ()))
            setting = round_.setting(p)
            if setting is None and round_.bank == p:
                setting = round_.bank_hand  # the bank's (or co-bank's) hand, once set
            cards: tuple[Card | None, ...] = (None,) * len(seven)
            low: tuple[Card | None, ...] = ()
            decision = ""
            if setting is not None:
                cards, low = setting.high, setting.low
                decision = "FOUL" if setting.foul else ""
                if round_.bank == p and round_.bank_reset:  # (q): re-set, the wager kept
                    decision = "re-set: house way"
            if p in round_.surrendered:
                decision = "surrendered"
            if kept is not None and p not in kept:
                cards, low = (), ()
            # the marker the dealer places: bank, or co-bank ((h)(3), (h)(5))
            marker = "CO-BANK" if round_.co_bank else "BANK"
            title = f"{p} · {marker}" if round_.bank == p else str(p)
            player = round_.context.player_at(p)
            if player is None and not wagers.get(p):
                title = f"{p} · empty"
            elif player is not None and player != p:  # a newcomer, or a player who moved
                title += f" · player {player}"
            seats.append(SeatView(
                key=str(p), title=title,
                wagers=(*wager_views(p, amounts, AREAS, states), *rng.get(p, ())),
                light=seat_light(devices, str(p), p in lit_now, p in returns),
                cards=cards, low_cards=low, decision=decision,
                result=str(results.get(str(p), "")).replace("_", " "),
                foul=bool(setting and setting.foul),
                active=p in wagers,
            ))
        dealer_cards: tuple[Card | None, ...] = (None,) * (
            len(self._hand(round_, DEALER)) + len(delivered.get(DEALER, ())))
        dealer_low: tuple[Card | None, ...] = ()
        if round_.dealer_hand is not None:
            dealer_cards, dealer_low = round_.dealer_hand.high, round_.dealer_hand.low
        if kept is not None:
            dealer_cards, dealer_low = (), ()
        seats.append(SeatView(
            key="dealer", title="Dealer", cards=dealer_cards, low_cards=dealer_low,
            decision=start_words(round_),
            result="house way" if round_.dealer_hand is not None else "",
            is_dealer=True,
        ))
        lockout = devices.lockout
        lit = round_.optional.lockout.lit if round_.optional is not None else None
        # the count of the open round's lights; once it ended they are out (BETWEEN_ROUNDS)
        note = (f"{counted(len(lit), 'progressive light')} lit"
                if lit and not round_.is_complete else "")
        return TableView(self.game, "PAI GOW POKER", tuple(seats), lockout=lockout,
                         lockout_note=note)

    def said_after(self, record: Record) -> str:
        """A foul entered at exposure, said with its clause as the round goes on ((g)(5)(iii)-
        (iv)); the bank's hands set wrongly, re-set by the house way: what the dealer does with
        the cards ((q))."""
        effects = record.effects
        setting = effects.get("setting")
        if record.action == "set_hand" and isinstance(setting, Mapping) and setting.get("foul"):
            position = record.arguments.get("position")
            return f"Position {position} fouled: {setting['foul']}. The wager loses."
        fixed = effects.get("reset_by_house_way")
        if record.action == "set_bank_hand" and isinstance(fixed, Mapping):
            # why it was wrong the picker said as it was tapped (the record keeps it)
            return (f"Rearrange the bank's cards by the house way: high {fixed['high']}, low "
                    f"{fixed['low']}; its wager is kept (5324.41(q)).")
        return ""

    def done_positions(self, round_: PaiGowRound, devices: DeviceState) -> tuple[int | str, ...]:
        return self.delivered(round_, devices)

    def cards_go_with_ticks(self, round_: PaiGowRound) -> bool:
        """At the settlement each player's cards go with that player's settlement ((g)(5) a
        losing hand at once, (g)(6) a push once returned, (g)(8) a winner once paid), as the
        step says."""
        return round_.step.phase == "settlement"

    def offers_progressive(self) -> bool:
        """With the progressive payout wager offered ((k)(1))."""
        return BonusWager.PROGRESSIVE.value in self.config.side_wagers

    def cards_held(self, planned: PaiGowRound) -> frozenset[str]:
        """A hand whose progressive payout waits for a supervisor's validation stays on the
        layout, its lines ticked or not, until its jackpot record is complete ((g)(9)): the
        settlement (``planned``) names it ``pending_validation``."""
        kept = kept_after_settlement(planned.history)
        return frozenset(str(p) for p in kept or ())

    def sensing(self, round_: PaiGowRound) -> tuple[Hardware, ...]:
        """With the progressive offered, the betting takes the progressive wagers from the
        acceptors ((d)(4)) and the lockout's count compares the chips with their lights
        ((k)(2)): both wait while the acceptor lights are away (the count offered "0 CHIPS =
        0 LIGHTS" with the lights' cable pulled)."""
        wagers = core(round_).optional
        if (wagers is None or not wagers.bonus.offers(BonusWager.PROGRESSIVE)
                or round_.step.phase not in ("betting", "lockout")):
            return ()
        return (acceptor_lights(()),)

    def interrupted_deal(self, round_: PaiGowRound) -> bool:
        """Resumed during the deal ((f)(3)): a redeal is allowed, so stacks were out unseen."""
        return core(round_).can_redeal("resumed")

    @staticmethod
    def plan_action(round_: PaiGowRound) -> ActionCall | None:
        """At settlement, the lines shown are those ``settle`` will make, in the regulated order
        ((g)(4)-(8)): the dealer ticks each off as it is collected or paid, then ALL PAID records
        the settlement (the one rule of both games). The RNG side wagers likewise: the losing
        ones collected, then the winning ones paid, before any card ((j)(2)(iv)-(v))."""
        phase = round_.step.phase
        if phase == "rng_wagers":
            return SettleRngWagers()
        return Settle() if phase == "settlement" else None

    # ---------------------------------------------------------------- the buttons
    def commands(self, round_: PaiGowRound, devices: DeviceState) -> tuple[Command, ...]:
        voided = void_commands(round_)
        if voided is not None:
            return voided
        step = round_.step
        phase = step.phase
        seating = self._seating_command(round_)
        if phase == "shuffle":
            if self._deck_removed(round_):  # the replacement deck counted before the shuffle
                return (self._replacement_command(round_), *seating)
            return (Command("shuffled", "SHUFFLED", "S", Shuffle()), *seating)
        if phase == "cut":
            return (*self._cut_commands(round_), *seating)
        if phase == "betting":
            if "accept_bank" in step.actions:
                offer = step.positions[0]
                answers: tuple[Command, ...] = (
                    Command("decline_bank", "BANK DECLINED", "D", DeclineBank(position=offer),
                            never_primary=True),  # the player's answer: no Enter for it
                    Command("accept_bank", "BANKS", "B", AcceptBank(position=offer)))
                if self.config.co_banking:  # offered to every player alike ((h)(5))
                    answers += (Command("co_bank", "CO-BANKS…", "K", form="co_bank"),)
                return answers
            rng = ((Command("rng_wager", "RNG WAGER…", "R", form="rng_wager"),)
                   if self.config.rng_side_wager else ())
            return (Command("no_more_bets", "NO MORE BETS", "L", NoMoreBets()), *rng, *seating)
        if phase == "dealer_wager":
            amount = core(round_).proposed_dealer_wager
            return (Command("dealer_wager", f"DEALER'S WAGER {format_cents(amount)} PLACED", "W",
                            PlaceDealerWager(amount=amount)),
                    Command("dealer_wager_other", "LESS…", "O",
                            form="dealer_wager"))
        if phase == "starting_position":
            if self.config.starting_position is StartingPosition.RNG:
                return (Command("rng", "RUN THE RNG", "G", DetermineStartingPosition(number=1)),)
            return ()  # the dice: entered in the form below
        if phase == "stub_count" and self._deck_removed(round_) and self._shuffler_counts(
                round_):  # the deal waits for the shuffler's count of a replacement deck
            return (self._replacement_command(round_),)
        if phase == "rng_wagers":
            return (Command("rng_settled", "RNG WAGERS SETTLED", "S", SettleRngWagers(),
                            needs_ticks=("collect", "pay"),
                            ticks_why="the RNG side wagers are settled before any card is "
                                      "dealt"),)
        if phase in ("deal", "four_card_stacks"):
            if devices.redeal_due or devices.deal_refused or self._shoe_faulted(devices):
                # resumed mid-deal (what is out was never recorded), the deal refused, or the
                # shoe faulted with stacks out: the way out is the redeal (the deal otherwise
                # waits for the shoe)
                redeal = self._redeal(round_, devices)
                if redeal:
                    return redeal
            if self._by_shoe(round_, devices) and not devices.misread:
                if not devices.shoe_reads_cards and devices.unread:
                    return ()  # the stack out of a shoe that does not read: typed first
                size = self._stack_size(phase)
                number, total = len(devices.stacks) + 1, self._stacks(round_, phase)
                return (Command("dispense", f"DISPENSE STACK {number} OF {total}", "D",
                                hardware=shoe_dispense(size)),)
            return ()  # dealt from the hand or a manual shoe: entered below
        if phase == "three_card_bonus":
            return (Command("three_card_settled", "THREE-CARD BONUS SETTLED", "S",
                            SettleThreeCardBonus()),)
        stub = self._stub_command(round_)
        if phase == "setting":  # the players set their own hands: nothing of theirs shown
            return (Command("players_have_set", "ALL HAVE SET", "A", PlayersHaveSet()),
                    *self._surrenders(round_, step.positions), *stub)
        if phase == "banker":
            action = step.actions[0]
            waiting = core(round_).exposure_order()
            if action == "set_bank_hand":  # the bank's hands exposed: picked below
                return (SET_HAND, *self._surrenders(round_, waiting), *stub)
            if action == "set_co_bank_hand":
                banker = Command("banker", "CO-BANK SET BY HOUSE WAY", "H", SetCoBankHand())
            else:
                banker = Command("banker", "DEALER'S HAND SET BY HOUSE WAY", "H",
                                 SetDealerHand())
            return (banker,
                    *self._surrenders(round_, waiting), *stub)
        if phase == "exposure":  # each player's hands exposed in turn from the far right
            position = step.positions[0]
            # the player whose hands are about to be exposed may still surrender ((g)(3)); those
            # after them are offered it in their turn, so one button stands here
            return (SET_HAND,
                    Command("house_way", "HOUSE WAY", "H", SetHandHouseWay(position=position)),
                    *self._surrenders(round_, (position,)), *stub)
        if phase == "settlement":  # every line ticked off as it is collected or paid first
            return (Command("settle", "ALL PAID", "S", Settle(), needs_ticks=("collect", "pay")),
                    *stub)
        if phase == "lockout" and "resolve_light_mismatch" in step.actions:
            return (Command("recount", "RECOUNT…", "C", form="light_count"),)
        if phase == "lockout" and "confirm_light_count" in step.actions:
            lit = len(_lockout(round_).lit)
            agreed = (Command("count", f"{lit} CHIP = {lit} LIGHT", "C",
                              ConfirmLightCount(chips=lit)) if lit == 1 else
                      Command("count", f"{lit} CHIPS = {lit} LIGHTS", "C",
                              ConfirmLightCount(chips=lit)))  # "1 CHIPS = 1 LIGHTS": a typo
            return (agreed, Command("other_count", "OTHER COUNT…", "O", form="light_count"))
        if phase == "jackpot_record":
            # the payout from the meter is a payment line like the settlement's: the round
            # ends only once it is ticked off as paid (the one rule of both games, ALL PAID)
            return (Command("jackpot_done", "JACKPOT RECORD COMPLETE", "J",
                            CompleteJackpotRecord(position=int(step.positions[0])),
                            needs_ticks=("collect", "pay"),
                            ticks_why="the jackpot is paid before the round ends"),)
        return ()

    @staticmethod
    def _cut_commands(round_: PaiGowRound) -> tuple[Command, ...]:
        """CUT TAKEN (C) and CUT DECLINED (D) for the player the cut is offered to ((e)(2)); at a
        new game whose first player to the table the station was not told, each asks at which
        position that player sits (the round takes any seated player then, (e)(2)(i))."""
        offer = round_.step.positions[0] if round_.step.positions else None
        if offer is None and core(round_).context.seated:
            return (Command("cut", "CUT TAKEN…", "C", form="cut"),
                    Command("no_cut", "CUT DECLINED…", "D", form="no_cut"))
        return (Command("cut", "CUT TAKEN", "C", Cut(offered_to=offer, accepted=True)),
                Command("no_cut", "CUT DECLINED", "D", Cut(offered_to=offer, accepted=False)))

    @staticmethod
    def _cut_form(round_: PaiGowRound, name: str) -> EntryRequest:
        """Where the first player to the table sits, as the cut is offered to that player."""
        taken = name == "cut"
        # the positions' numbers, as the felt shows them: one row of touch targets
        choices = tuple((str(p), str(p)) for p in core(round_).context.seated)
        return EntryRequest("form", "", "THE CUT · the first player to the table", options={
            "name": name, "cancel": True,
            "submit": "CUT TAKEN BY THIS PLAYER" if taken else "DECLINED: THE DEALER CUTS",
            "fields": (FormField("choice", "position", "The position where the first player to "
                                 "the table sits", choices=choices),),
            "note": "A new game: the cut goes to the first player to the table; declined, the "
                    "dealer cuts (5324.41(e)(1), (e)(2)(i)).",
        })

    def _shuffler_counts(self, round_: PaiGowRound) -> bool:
        """The shuffler counts the deck after each shuffle ((n)(8), ``shuffler_counts_cards``)
        at a table dealing stacks of three then four, where the deck is checked."""
        wagers = core(round_).optional
        return (wagers is not None and wagers.bonus.shuffler_counts_cards
                and self.config.dealing is DealingMethod.THREE_THEN_FOUR)

    @staticmethod
    def _deck_removed(round_: PaiGowRound) -> bool:
        wagers = core(round_).optional
        return wagers is not None and wagers.stub.deck_removed

    @staticmethod
    def _removed_note(round_: PaiGowRound) -> str:
        wagers = core(round_).optional
        problem = wagers.stub.last_problem if wagers is not None else ""
        return (f"The deck is removed from the table ({problem}). The round goes on once the "
                "replacement deck is counted whole; a wrong number of cards takes it off the "
                "table too (5324.41(n)(8)).")

    def _replacement_command(self, round_: PaiGowRound) -> Command:
        """The way to a replacement deck once the deck is removed from the table ((n)(8)): the
        shuffler shuffles it and its count arrives as the shoe reports it, or the dealer counts
        it face down."""
        if self._shuffler_counts(round_):
            return Command("replacement_shuffle", "SHUFFLE THE REPLACEMENT DECK", "S",
                           hardware=SHOE_SHUFFLE, recovery=True)
        return Command("count_stub", "COUNT THE REPLACEMENT DECK…", "N", form="stub_count")

    def _stack_size(self, phase: str) -> int:
        if phase == "four_card_stacks":
            return 4
        return 3 if self.config.dealing is DealingMethod.THREE_THEN_FOUR else 7

    @staticmethod
    def _stacks(round_: PaiGowRound, phase: str) -> int:
        """How many stacks the deal takes: one per position of the step's delivery order —
        seven (every position and the dealer), or with stacks of three then four one per hand
        played ((n)(4), (n)(7)(ii))."""
        return len(round_.step.positions) or STACKS

    def _by_shoe(self, round_: PaiGowRound, devices: DeviceState) -> bool:
        """The step's stacks come out of the automated shoe (the step names a dispense:
        the table deals with the automated shoe, (f)(3), (n)(4), (n)(7)(ii)) and a shoe is
        configured; a deal from the hand or a manual shoe ((f)(1)-(2)) is entered by hand."""
        if round_.step.phase == "four_card_stacks" and self._stub_by_hand(round_):
            return False  # four cards each from the stub by hand, entered as dealt (n)(7)(i)
        dispensed = any(h.kind is HardwareKind.SHOE_DISPENSE for h in round_.step.hardware)
        return dispensed and "shoe" in devices.health

    @staticmethod
    def _shoe_faulted(devices: DeviceState) -> bool:
        """The shoe reports a fault a redeal answers: a jam, misread, duplicate card, wrong
        count (reset once cleared by hand) or an empty shoe (the reshuffle refills it). An open
        door is not one: the step waits until it is closed."""
        shoe = devices.health.get("shoe")
        if shoe is None or shoe.state is not HealthState.FAULT:
            return False
        return "door open" not in shoe.detail

    def _redeal(self, round_: PaiGowRound, devices: DeviceState) -> tuple[Command, ...]:
        """REDEAL while the deal is not recorded yet and something went wrong with it: the
        station restarted mid-deal, the shoe faulted (a jam: cleared by hand, then reset), or the
        dealer starts again after stacks went out. The stacks out are collected unseen, the deck
        reshuffled, and the deal restarts at the starting position (:meth:`PaiGowRound.redeal`)."""
        if round_.step.phase != "deal":
            return ()
        shoe = devices.health.get("shoe")
        # stacks out of a shoe that does not read, their cards not typed yet, are out too
        unread = 0 if devices.shoe_reads_cards else devices.unread
        if not (devices.redeal_due or devices.stacks or unread or self._shoe_faulted(devices)):
            return ()
        if devices.redeal_due:
            reason = "the station restarted during the deal"
        elif devices.deal_refused:
            reason = f"the deal could not be recorded: {devices.deal_refused}"
        elif shoe is not None and self._shoe_faulted(devices):
            reason = f"shoe fault ({shoe.detail or 'fault'}) during the deal"
        else:
            reason = "the dealer restarted the deal"
        stacks = len(devices.stacks) + unread
        # the stacks out as the shoe read them, for the record (after a restart, or a stack
        # not typed yet: not known) (a deal refused holds a card twice: the reason names it,
        # the stacks cannot be listed)
        dealt = None if devices.redeal_due or devices.deal_refused or unread else tuple(
            tuple(card.text for card in stack) for stack in devices.stacks)
        then = (SHOE_RESET, SHOE_SHUFFLE) if "shoe" in devices.health else ()
        return (Command("redeal", "REDEAL", "R",
                        Redeal(reason=reason, stacks=stacks, dealt=dealt),
                        recovery=True, then=then,
                        says=redeal_steps(stacks, by_shoe=bool(then),
                                          total=self._stacks(round_, "deal"))),)

    @staticmethod
    def delivered(round_: PaiGowRound | None, devices: DeviceState) -> tuple[int, ...]:
        """The positions (the dealer is 7) that have received their stack so far this deal:
        the first stacks of the step's delivery order ((f)(3)(iii), (n)(5))."""
        if round_ is None or round_.step.phase not in ("deal", "four_card_stacks"):
            return ()
        return tuple(int(p) for p in round_.step.positions[:len(devices.stacks)])

    @staticmethod
    def _stub_by_hand(round_: PaiGowRound) -> bool:
        wagers = core(round_).optional
        return (wagers is not None
                and wagers.bonus.three_seven_completion is Completion.STUB_BY_HAND)

    # ---------------------------------------------------------------- seating (d)(2), (i)
    @staticmethod
    def _seating_command(round_: PaiGowRound) -> tuple[Command, ...]:
        """SEATING… (key Y) until "no more bets": a player sits down, leaves or moves, or takes
        a second area; the rules that speak of a player follow the player's number."""
        if round_.step.phase not in ("shuffle", "cut", "betting") or round_.is_void:
            return ()
        return (Command("seating", "SEATING…", "Y", form="seating"),)

    def between_rounds(self) -> tuple[Command, ...]:
        return (Command("seating", "SEATING…", "Y", form="seating"),)

    def seated_titles(self, previous: GameRound | None) -> Mapping[str, str]:
        """Between rounds the felt names the player at each position ("3 · player 7",
        "4 · empty"), as the next round starts from them, so the dealer sees whom SEATING…
        changes before the round starts."""
        context = next_table_context(None if previous is None else core(previous))
        titles = {}
        for p in PLAYER_POSITIONS:
            # no change recorded yet: player p at each seated p (TableContext.players)
            player = (context.players.get(p) if context.players
                      else p if p in context.seated else None)
            titles[str(p)] = f"{p} · empty" if player is None else f"{p} · player {player}"
        return titles

    def _seating_form(self, round_: PaiGowRound) -> EntryRequest:
        context = core(round_).context
        changes = [("sits", "SITS DOWN"), ("leaves", "LEAVES"), ("moves", "MOVES")]
        if self.config.two_areas:  # (i)(1): where the facility permits two areas
            changes.append(("second_area", "2ND AREA"))
        at_table = " · ".join(f"{p}: player {n}" for p, n in sorted(context.players.items()))
        return EntryRequest("form", "", "SEATING · who sits where", options={
            "name": "seating", "submit": "RECORD THE SEATING", "cancel": True,
            "fields": (
                FormField("choice", "change", "What the player at the position does",
                          tuple(changes)),
                FormField("number", "position", "Position (1–6)", minimum=1,
                          maximum=len(PLAYER_POSITIONS), default=1),
                FormField("number", "other", "The other position (1–6; 0: none)", minimum=0,
                          maximum=len(PLAYER_POSITIONS), default=0),
            ),
            "note": f"Now {at_table or 'nobody'}. MOVES: to the other position; 2ND AREA: "
                    "the player of the other position, beside it (5324.41(i)).",
        })

    @staticmethod
    def _seating_action(round_: PaiGowRound, values: Mapping[str, Any]) -> ActionCall:
        change = str(values.get("change", ""))
        position = int(values.get("position", 0) or 0)
        other = int(values.get("other", 0) or 0)
        if not change:
            raise ValueError("Choose what changed at the table.")
        if change == "sits":
            return PlayerSits(position=position)
        if change == "leaves":
            return PlayerLeaves(position=position)
        if not other:
            raise ValueError("Enter the other position (moves to, or the player's own area).")
        if change == "moves":
            return PlayerMoves(position=position, to=other)
        player = core(round_).context.player_at(other)
        if player is None:
            raise ValueError(f"No player is seated at position {other}.")
        return PlayerSits(position=position, player=player)

    @staticmethod
    def _stub_command(round_: PaiGowRound) -> tuple[Command, ...]:
        """COUNT STUB… while the stub may be counted this round and has not been
        ((n)(7)(ii)); the step's "next" line prompts it when it is due."""
        wagers = core(round_).optional
        if wagers is None or not wagers.stub.required or wagers.stub_counted:
            return ()
        if not round_.can_count_stub(0):
            return ()
        return (Command("count_stub", "COUNT STUB…", "N", form="stub_count"),)

    # ---------------------------------------------------------------- dealer errors
    def problems(self, round_: PaiGowRound, devices: DeviceState) -> tuple[Command, ...]:
        """The step panel's PROBLEM… menu: during the deal, start it again (REDEAL: the stacks
        out collected unseen, the deck reshuffled); a card exposed, or anything else, halts the
        round for a supervisor, who lets it continue or voids it (5324.41 has no misdeal
        clause: docs/rules-interpretation.md)."""
        found: list[Command] = []
        if not (devices.redeal_due or devices.deal_refused or self._shoe_faulted(devices)):
            found.extend(self._redeal(round_, devices))
        if core(round_).can_call_supervisor("dealer error"):
            if self._exposable(round_, devices):  # a card can be exposed only once dealt
                found.append(Command("exposed_card", "CARD EXPOSED…", "", form="exposed_card"))
            found.append(Command("call_supervisor", "CALL A SUPERVISOR…", "",
                                 form="call_supervisor"))
        return tuple(found)

    def _exposable(self, round_: PaiGowRound, devices: DeviceState) -> tuple[int, ...]:
        """Where a card can have been exposed: a position with a wager and its stack (dealt, or
        out of the shoe this deal; not surrendered, its cards collected unseen), and the
        dealer once the dealer's stack is out ((f): stacks dealt face down)."""
        table = core(round_)
        out = set(self.delivered(round_, devices))
        stacked = [p for p in (*PLAYER_POSITIONS, DEALER) if p in out or self._hand(round_, p)]
        return tuple(p for p in stacked if p == DEALER or (
            p in table.wagers and p not in table.surrendered))

    def _check_exposed_at(self, round_: PaiGowRound, target: str) -> None:
        """Refuse a card "dealt to" a place the form did not offer, with why: surrendered, or
        no stack out yet (the stacks out are the screen's to know); a position with no wager
        the round refuses itself."""
        table = core(round_)
        position = DEALER if target == "dealer" else int(target) if target.isdigit() else 0
        if target in self._exposable_now or (position != DEALER
                                             and position not in table.wagers):
            return
        if position in table.surrendered:
            why = f"Position {target} surrendered: its cards were collected unseen"
        else:
            where = "The dealer has" if position == DEALER else f"Position {target} has"
            why = f"{where} no stack yet: no card was dealt there"
        raise ValueError(f"{why} ({EXPOSED_CARD_CLAUSE}).")

    # ---------------------------------------------------------------- forms
    def form(self, round_: PaiGowRound, name: str, devices: DeviceState) -> EntryRequest | None:
        step = round_.step
        if name in ("exposed_card", "call_supervisor"):
            if not round_.can_call_supervisor("dealer error"):
                return None
            if name == "call_supervisor":
                return EntryRequest("form", "", "CALL A SUPERVISOR · the round halts", options={
                    "name": name, "submit": "HALT AND CALL",
                    "fields": (FormField("text", "reason",
                                         "Why (written in the round's record)"),),
                })
            places = tuple((self.seat_key(p), "DEALER" if p == DEALER else str(p))
                           for p in self._exposable(round_, devices))
            self._exposable_now = frozenset(key for key, _label in places)
            if not places:
                return None
            return EntryRequest("form", "", "CARD EXPOSED · which card, where?", options={
                "name": name, "submit": "HALT AND CALL A SUPERVISOR",
                "fields": (FormField("choice", "target", "Dealt to", places),
                           FormField("card", "card", "The card")),
                "note": "The round halts: a supervisor lets it continue (the card stays where "
                        "it was dealt) or voids it (every wager returned). Only a position with "
                        f"a wager and its stack is listed ({EXPOSED_CARD_CLAUSE}).",
            })
        if name == "surrender":
            return self._surrender_form(round_, core(round_).exposure_order())
        if name in ("cut", "no_cut") and step.phase == "cut" and not step.positions:
            return self._cut_form(round_, name)
        if name == "rng_wager":
            return rng_form(core(round_), self.config, self._selected)
        if name == "seating" and self._seating_command(round_):
            return self._seating_form(round_)
        if name == "light_count" and step.phase == "lockout":
            lit = len(_lockout(round_).lit)
            return EntryRequest("form", "", "PROGRESSIVE CHIPS COUNTED", options={
                "name": name, "submit": "CONFIRM THE COUNT",
                "fields": (FormField("number", "chips",
                                     "Chips from the chip tray return device "
                                     f"({counted(lit, 'light')} lit)", minimum=0,
                                     maximum=len(PLAYER_POSITIONS), default=lit),),
                "note": "A count that differs from the lights blocks the deal until resolved "
                        "(5324.41(k)(2)).",
            })
        if name == "dealer_wager" and step.phase == "dealer_wager":
            most = core(round_).proposed_dealer_wager
            return EntryRequest("form", "", "THE DEALER'S WAGER AGAINST THE BANK", options={
                "name": name, "submit": "DEALER'S WAGER PLACED",
                "fields": (FormField("number", "dollars",
                                     f"Dollars, at most {format_cents(most)} "
                                     f"({self.config.dealer_wager_words}), as the bank "
                                     "directs",
                                     minimum=0, maximum=most // 100, default=most // 100),),
            })
        if name == "co_bank" and "accept_bank" in step.actions and self.config.co_banking:
            offer = core(round_).next_bank_offer()
            return EntryRequest("form", str(offer), f"CO-BANKING · position {offer}", options={
                "name": name, "submit": "CO-BANK: THE HOUSE COVERS HALF",
                "fields": (FormField("number", "dollars", "Chips the bank adds to its betting "
                                     "area now (dollars)", minimum=0, maximum=CO_BANK_CHIPS_MAX,
                                     default=0),),
                "note": "The bank asked the dealer to pay half of every winning wager: the "
                        "co-bank marker goes in front of the player, the dealer sets the bank's "
                        "hand by the house way and places no wager against it (5324.41(h)(5)).",
            })
        if name == "stub_count" and self._deck_removed(round_) and self._shuffler_counts(
                round_):
            return None  # the shuffler counts the replacement deck: nothing to type
        if name == "stub_count" and self._deck_removed(round_) and step.phase in (
                "shuffle", "stub_count") and not self._shuffler_counts(round_):
            # a replacement deck: counted whole, before it is shuffled or dealt ((n)(8))
            return EntryRequest("form", "", "THE REPLACEMENT DECK COUNTED FACE DOWN", options={
                "name": name, "submit": "RECORD THE COUNT", "cancel": False,
                "fields": (FormField("number", "counted", "Cards in the replacement deck "
                                     "(52 and the joker: 53)", minimum=0, maximum=53,
                                     default=0),),
                "note": self._removed_note(round_),
            })
        if name == "stub_count" and step.phase == "stub_count" and self._stub_form_allowed(
                round_):
            # overdue: the sixth round's deal waits; nothing is dealt yet, so the stub is the
            # whole deck, or the shuffler's count after the shuffle ((n)(7)(ii), (n)(8))
            return EntryRequest("form", "", "STUB COUNT OVERDUE · the deal waits", options={
                "name": name, "submit": "RECORD THE COUNT", "cancel": False,
                "fields": (
                    FormField("number", "counted", "Cards in the deck (52 and the joker: 53), "
                              "counted face down on the layout", minimum=0, maximum=53,
                              default=0),
                ),
                "note": "Five rounds without a stub count: count the deck before the deal. A "
                        "wrong number of cards takes the deck off the table (5324.41(n)(8)).",
            })
        if name == "stub_count" and self._stub_form_allowed(round_):
            return EntryRequest("form", "", "STUB COUNTED FACE DOWN ON THE LAYOUT", options={
                "name": name, "submit": "RECORD THE STUB COUNT", "cancel": True,
                "fields": (FormField("number", "counted", "Cards in the stub", minimum=0,
                                     maximum=53, default=0),),
                "note": "A wrong number of cards takes the deck off the table (5324.41(n)(8)).",
            })
        if name == "light_mismatch" and "resolve_light_mismatch" in step.actions:
            lockout = _lockout(round_)
            lit_now = sorted(lockout.lit)
            unlit = [p for p in sorted(core(round_).wagers) if p not in lit_now]
            assert lockout.mismatch is not None  # the step offers resolve_light_mismatch
            chips, lights = lockout.mismatch
            return EntryRequest("form", "", f"MISMATCH · {counted(chips, 'chip')}, "
                                f"{counted(lights, 'light')}",
                                options={
                "name": name, "submit": "RESOLVE WITH THE REASON", "cancel": False,
                "fields": (
                    FormField("multi", "returned", "Chips returned (their light did not come "
                              "on: not recognised)", tuple((str(p), str(p)) for p in unlit)),
                    FormField("multi", "voided", "Lights voided (no chip: they cannot win)",
                              tuple((str(p), str(p)) for p in lit_now)),
                    FormField("text", "reason", "The reason (written in the round's record)"),
                ),
                "note": "Or RECOUNT the chips.",
            })
        if name == "dice" and step.phase == "starting_position":
            return EntryRequest("form", "", "THE DICE · starting position", options={
                "name": name, "submit": "ANNOUNCE THE TOTAL", "cancel": False,
                "fields": (FormField("dice", "dice", "The three dice (or only the total below)"),
                           FormField("number", "total", "Total of the dice (3–18)", minimum=0,
                                     maximum=18, default=0)),
            })
        return None

    @staticmethod
    def _stub_form_allowed(round_: PaiGowRound) -> bool:
        wagers = core(round_).optional
        if wagers is None:
            return False
        if round_.step.phase == "stub_count":
            return True
        return bool(wagers.stub.required and not wagers.stub_counted
                    and round_.can_count_stub(0))

    def form_action(self, round_: PaiGowRound, name: str,
                    values: Mapping[str, Any]) -> ActionCall:
        if name == "call_supervisor":
            reason = str(values.get("reason", "")).strip()
            if not reason:
                raise ValueError("Write why the supervisor is called.")
            return CallSupervisor(reason=reason)
        if name == "exposed_card":
            target, card = str(values.get("target", "")), str(values.get("card", ""))
            if not target or not card:
                raise ValueError("Choose where the card was dealt and tap the card.")
            self._check_exposed_at(round_, target)
            where = "the dealer" if target == "dealer" else f"position {target}"
            return CallSupervisor(reason=f"{EXPOSED_CARD} {card} dealt to {where}")
        if name in ("cut", "no_cut"):
            if not values.get("position"):
                raise ValueError("Choose where the first player to the table sits.")
            return Cut(offered_to=int(values["position"]), accepted=name == "cut")
        if name == "surrender":
            if not values.get("position"):
                raise ValueError("Choose the position whose player surrenders.")
            return Surrender(position=int(values["position"]))
        if name == "light_count":
            return ConfirmLightCount(chips=int(values["chips"]))
        if name == "rng_wager":
            return rng_form_action(values)
        if name == "seating":
            return self._seating_action(round_, values)
        if name == "dealer_wager":
            return PlaceDealerWager(amount=int(values["dollars"]) * 100)
        if name == "stub_count":  # the dealer's count; the shuffler's comes from the shoe
            return CountStub(counted=int(values["counted"]))
        if name == "co_bank":
            offer = core(round_).next_bank_offer()
            if offer is None:
                raise ValueError("The bank is not offered now.")
            return AcceptBank(position=offer, co_bank=True,
                              chips=int(values.get("dollars", 0)) * 100)
        if name == "light_mismatch":
            reason = str(values.get("reason", "")).strip()
            if not reason:
                raise ValueError("Write the reason the count and the lights differ.")
            return ResolveLightMismatch(
                returned=tuple(int(p) for p in values.get("returned", ())),
                voided=tuple(int(p) for p in values.get("voided", ())), reason=reason)
        if name == "dice":
            dice = [int(d) for d in values.get("dice", ())]
            if dice and all(dice):  # the faces recorded with their total, core or bonus table
                return DetermineStartingPosition(number=sum(dice), dice=tuple(dice))
            if any(dice):
                raise ValueError("Enter all three dice, or only the total.")
            total = int(values.get("total", 0))
            if not 3 <= total <= 18:
                raise ValueError("The dice total 3 to 18.")
            return DetermineStartingPosition(number=total)
        raise ValueError(f"no form {name!r}")

    @staticmethod
    def draw(action: ActionCall) -> ActionCall:
        """Randomness is an input: the RNG number is drawn here, at the press, and recorded."""
        if isinstance(action, DetermineStartingPosition):
            return replace(action, number=secrets.randbelow(7) + 1)
        return action

    # ---------------------------------------------------------------- entry
    @staticmethod
    def _progressive_entry(round_: PaiGowRound, position: str) -> dict[str, Any]:
        """The progressive wager of ``position`` as its acceptor reports it: the denomination
        (0: not offered) and whether the light is lit ((d)(4), (k)(2))."""
        wagers = core(round_).optional
        if wagers is None or not wagers.bonus.offers(BonusWager.PROGRESSIVE):
            return {"progressive": 0}
        bonus = wagers.bonus
        lit = set(wagers.lockout.lit)
        return {"progressive": int(bonus.progressive_denomination),
                "progressive_lit": bool(position) and int(position) in lit}

    def entry(self, round_: PaiGowRound, devices: DeviceState,
              selected: str | None) -> EntryRequest | None:
        self._selected = selected  # the RNG form starts at the position tapped
        step = round_.step
        if step.phase == "halted":
            return EntryRequest("supervisor", "", step.instruction, options={
                "heading": "SUPERVISOR · the round is halted",
                "approve": ("CONTINUE ROUND", ResolveHalt(HaltResolution.CONTINUE)),
                "reject": ("VOID ROUND", ResolveHalt(HaltResolution.VOID_ROUND)),
            })
        if step.phase == "betting":  # wagers are taken while the bank is offered too ((h)(3))
            position = selected if selected and selected.isdigit() else ""
            wagers = core(round_).wagers
            placed = bool(position) and int(position) in wagers
            sides = core(round_).side_wagers.get(int(position), {}) if position else {}
            return EntryRequest("wagers", position, "WAGERS", options={
                "minimum": self.config.minimum_wager, "maximum": self.config.maximum_wager,
                "three_card": "three_card_bonus" in self.config.side_wagers,
                "placed": placed, "amount": wagers.get(int(position), 0) if position else 0,
                "three_card_amount": int(sides.get("three_card_bonus", 0)),
                "single": True,
                **self._rng_entry(round_, position),
                # the progressive wager is the chip its acceptor senses ((d)(4), (k)(2))
                **self._progressive_entry(round_, position),
            })
        if step.phase == "starting_position" and \
                self.config.starting_position is StartingPosition.DICE:
            return self.form(round_, "dice", devices)
        if step.phase == "lockout" and "resolve_light_mismatch" in step.actions:
            return self.form(round_, "light_mismatch", devices)
        if step.phase == "stub_count" or (step.phase == "shuffle" and self._deck_removed(round_)):
            return self.form(round_, "stub_count", devices)  # None: the shuffler counts
        if step.phase == "banker" and step.actions[0] == "set_bank_hand":
            table = core(round_)
            assert table.bank is not None
            return EntryRequest("setting", str(table.bank), f"THE BANK'S HANDS EXPOSED · position "
                                f"{table.bank} (the bank set its own hand)",
                                cards=self._hand(round_, table.bank),
                                options={"judge": self.judge, "bank": True})
        if step.phase == "progressive_validation" and step.positions:
            winner = int(step.positions[0])
            return EntryRequest("supervisor", str(winner),
                                step.instruction.split(" - ", 1)[-1], options={
                                    "approve": ("APPROVE", ApproveProgressive(position=winner)),
                                    "reject": ("REJECT", RejectProgressive(position=winner,
                                                                           reason="")),
                                })
        if step.phase == "exposure" and step.positions:
            setting = int(step.positions[0])
            return EntryRequest("setting", str(setting), f"POSITION {setting} EXPOSED · enter "
                                "the low hand",
                                cards=self._hand(round_, setting),
                                options={"judge": self.judge})
        if step.phase == "deal" and (devices.redeal_due or devices.deal_refused):
            return None  # the stacks out are collected and the deck reshuffled first
        if step.phase in ("deal", "four_card_stacks") and (
                not (devices.shoe_reads_cards and self._by_shoe(round_, devices))
                or devices.misread):
            by_shoe = self._by_shoe(round_, devices)
            if by_shoe and not devices.misread and not devices.unread:
                return None  # a shoe that does not read: DISPENSE first, then its stack
            done = len(devices.stacks)
            size = self._stack_size(step.phase)
            total = self._stacks(round_, step.phase)
            seen = tuple(c for stack in devices.stacks for c in stack)
            whose = int(step.positions[done]) if done < len(step.positions) else None
            name = "THE DEALER" if whose == DEALER else f"POSITION {whose}"
            options: dict[str, Any] = {}
            if any(h.kind is HardwareKind.SHOE_DISPENSE for h in step.hardware):
                title = f"ENTER STACK {done + 1} OF {total} ({name}) · {size} cards, top first"
                if by_shoe:
                    options["step"] = (f"Deliver stack {done + 1} of {total} to {name.lower()}"
                                       f", then type its {size} cards, top card first, and "
                                       "press Enter.")
            else:  # the cards each hand received, whatever order the method dealt them in
                title = f"ENTER THE CARDS OF {name} · hand {done + 1} of {total}"
            return EntryRequest("cards", str(done + 1), title, size,
                                allow_joker=True, unavailable=seen, options=options)
        return None

    @staticmethod
    def _surrenders(round_: PaiGowRound, positions: Sequence[int]) -> tuple[Command, ...]:
        """SURRENDER for the positions whose hands are not exposed yet (5324.41(g)(3)), key U:
        one position's button surrenders it; with several, SURRENDER… asks which."""
        allowed_ = [p for p in positions if core(round_).can_surrender(p)]
        if len(allowed_) == 1:
            return (Command("surrender", f"SURRENDER {allowed_[0]}", "U",
                            Surrender(position=allowed_[0]), never_primary=True),)
        if allowed_:
            return (Command("surrender", "SURRENDER…", "U", form="surrender",
                            never_primary=True),)
        return ()

    @staticmethod
    def _surrender_form(round_: PaiGowRound, positions: Sequence[int]) -> EntryRequest:
        choices = tuple((str(p), f"Position {p}") for p in positions
                        if core(round_).can_surrender(p))
        return EntryRequest("form", "", "SURRENDER", options={
            "name": "surrender", "submit": "SURRENDER: COLLECT THE WAGER",
            "fields": (FormField("choice", "position", "The position whose player surrenders",
                                 choices=choices),),
            "note": "The wager is collected at once and the seven cards collected unseen, "
                    "counted face down (5324.41(g)(3)).",
        })

    def entry_action(self, round_: PaiGowRound, request: EntryRequest,
                     cards: Sequence[Card]) -> ActionCall:
        texts = tuple(c.text for c in cards)
        if request.kind == "setting" and request.options.get("bank"):
            return SetBankHand(low=texts)
        if request.kind == "setting":
            return SetHand(position=int(request.position), low=texts)
        raise ValueError("stacks entered by hand are gathered by the controller")

    def wager_actions(self, round_: PaiGowRound, position: int,
                      amounts: Mapping[str, int]) -> list[ActionCall]:
        if amounts.get("withdraw"):
            return [WithdrawWager(position=position)]
        actions: list[ActionCall] = []
        rng = rng_actions(position, amounts)
        base = int(amounts.get("base", 0))
        if position not in core(round_).wagers and (base or not rng):
            # RNG chips alone, with no pai gow wager: the round refuses them ((j)(2)(i))
            actions.append(PlaceWager(position=position, amount=base))
        three = int(amounts.get("three_card_bonus", 0))
        if three:  # the three-card bonus wager (5324.41(n)(3)), with the pai gow wager
            actions.append(PlaceBonusWager(position=position, wager="three_card_bonus",
                                           amount=three))
        # the RNG side wagers on their numbers, with (after) the pai gow wager ((j)(2)(i))
        actions.extend(rng)
        return actions

    def _rng_entry(self, round_: PaiGowRound, position: str) -> dict[str, Any]:
        """The wager entry's RNG row where the RNG side wager is offered ((j)(1)): the numbers,
        the posted odds and what the position has on each number already."""
        if not self.config.rng_side_wager:
            return {}
        placed = rng_on(core(round_), int(position)) if position else {}
        return {"rng": NUMBERS, "rng_odds": odds_words(self.config),
                "rng_placed": tuple(sorted(placed.items()))}

    # ---------------------------------------------------------------- devices
    def gather(self, round_: PaiGowRound, stack: Sequence[Card],
               devices: DeviceState) -> list[ActionCall]:
        """One stack out of the shoe (or entered by hand): the deal when all are — seven
        stacks of seven, or with stacks of three then four one stack per hand played, the
        stacks of four completing them ((n)(7)(ii))."""
        devices.misread = False
        devices.stacks.append(tuple(stack))
        phase = round_.step.phase
        if len(devices.stacks) < self._stacks(round_, phase):
            return []
        hands = list(devices.stacks)
        devices.stacks.clear()
        devices.offered = list(hands)  # back out if the round refuses them (controller.perform)
        if phase == "deal" and self.config.dealing in (DealingMethod.HAND,
                                                       DealingMethod.MANUAL_SHOE):
            # each hand as it lies on the layout: back to the order the cards left the deck
            start = int(round_.step.positions[0])
            deck = deck_order(dict(zip(round_.step.positions, hands, strict=True)), start,
                              self.config.dealing)
            return [Deal(cards=tuple(c.text for c in deck))]
        cards = tuple(c.text for s in hands for c in s)
        if phase == "four_card_stacks":
            return [DealFourCardStacks(cards=cards)]
        return [Deal(cards=cards)]

    def device_actions(self, round_: PaiGowRound | None, event: DeviceEvent,
                       devices: DeviceState) -> list[ActionCall]:
        note_device_event(event, devices)
        if round_ is None:
            return []
        phase = round_.step.phase
        note_unread_stack(event, devices, phase in ("deal", "four_card_stacks"))
        match event:
            case DeviceEvent(kind=EventKind.CHIP_SENSED, seat=int(seat), late=False) if (
                    round_.can_acceptor_lit(seat)):
                return [AcceptorLit(position=seat)]  # before the wager or after: the round
            case DeviceEvent(kind=EventKind.CHIP_REMOVED, seat=int(seat)) if (
                    round_.can_progressive_chip_removed(seat)):
                return [ProgressiveChipRemoved(position=seat)]
            case DeviceEvent(kind=EventKind.SHUFFLE_COMPLETED, count=int(count)) if (
                    self._shuffler_counts(round_) and round_.can_shuffler_report(count)):
                # the shuffler's own count after its shuffle ((n)(8)): a deck short (or long)
                # leaves the table at once; a whole one replaces a deck removed
                return [ShufflerReport(cards=count)]
            case DeviceEvent(kind=EventKind.LOCKOUT_BUTTON) if (
                    phase == "betting" and round_.can_no_more_bets()):
                return [NoMoreBets()]
            case DeviceEvent(kind=EventKind.STACK_DISPENSED) if (
                    phase in ("deal", "four_card_stacks") and devices.shoe_reads_cards):
                cards = stack_cards(event)
                if cards is not None:
                    return self.gather(round_, cards, devices)
                devices.misread = True  # a card the shoe could not read: enter it by hand
        return []
