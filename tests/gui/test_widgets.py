"""The dealer's screen widgets on their own: step panel, payments, health, card entry, felt."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPointF, Qt
from PySide6.QtWidgets import QLabel

from dealer_station.cards import parse_card, parse_cards
from dealer_station.hardware import LOCKOUT_ON, SHOE_RESET, Hardware, shoe_dispense
from dealer_station.procedure import Payment, Step
from dealer_station.ui.card_entry import LowHandPicker, ManualCardEntry
from dealer_station.ui.controller import blocking_fault
from dealer_station.ui.felt import FeltView
from dealer_station.ui.health import HealthStrip
from dealer_station.ui.payments import PaymentPanel
from dealer_station.ui.step_panel import StepPanel
from dealer_station.ui.view import (
    ActionView,
    DeviceHealth,
    HealthState,
    SeatView,
    TableView,
    payment_lines,
    step_view,
)

DECISION = Step("bet_one", "Ask position 2: withdraw bet one or let it ride?",
                ("decide_bet_one",), (1, 2, 3), (LOCKOUT_ON,), "decision", "5324.34(e)(2)",
                "Turn the first community card")
BUTTONS = (ActionView("ride", "LET IT RIDE", "R", primary=True),
           ActionView("take_back", "TAKE BACK", "T"))


def test_step_panel_shows_instruction_order_and_next_5324_34_e_2(qtbot):
    """The step panel shows the instruction large, the positions in order with those done
    ticked, what comes next and the clause (5324.34(e)(2))."""
    panel = StepPanel()
    qtbot.addWidget(panel)
    panel.set_view(step_view(DECISION, buttons=BUTTONS, done=[1]))
    assert panel.instruction.text() == DECISION.instruction
    assert panel.order.text() == "Order: 1 ✓ → 2 → 3"
    assert panel.next.text() == "Next: Turn the first community card"
    assert "5324.34(e)(2)" in panel.clause.text()
    assert panel.button("ride").objectName() == "primary"
    assert panel.button("take_back").objectName() == "secondary"


def test_a_step_without_a_clause_gives_its_rule_line_s_room_to_the_notes(qtbot):
    """Between rounds (no clause) the empty "Rule:" line was laid out all the same: a blank
    line's room taken from the notes, which then scrolled with room left on the panel."""
    panel = StepPanel()
    qtbot.addWidget(panel)
    panel.resize(540, 359)
    panel.show()
    panel.set_view(step_view(Step("between_rounds", "Start the next round: open the betting",
                                  ("start_round",)), notes=("A note. " * 40,)))
    assert not panel.clause.isVisible()
    panel.set_view(step_view(DECISION, buttons=BUTTONS))
    assert panel.clause.isVisible()


def test_step_panel_buttons_and_keys_trigger_actions(qtbot):
    panel = StepPanel()
    qtbot.addWidget(panel)
    panel.show()
    panel.set_view(step_view(DECISION, buttons=BUTTONS))
    with qtbot.waitSignal(panel.action_triggered) as blocker:
        qtbot.mouseClick(panel.button("take_back"), Qt.MouseButton.LeftButton)
    assert blocker.args == ["take_back"]
    with qtbot.waitActive(panel):
        panel.activateWindow()
    with qtbot.waitSignal(panel.action_triggered) as blocker:
        qtbot.keyClick(panel, Qt.Key.Key_R)
    assert blocker.args == ["ride"]
    # a second key while the first one's action is on its way to the station is dropped
    with qtbot.assertNotEmitted(panel.action_triggered, wait=100):
        qtbot.keyClick(panel, Qt.Key.Key_Return)
    panel.snapshot_arrived()  # the station answered: the next key is taken
    with qtbot.waitSignal(panel.action_triggered) as blocker:
        qtbot.keyClick(panel, Qt.Key.Key_Return)
    assert blocker.args == ["ride"]


def test_a_device_fault_that_matters_stops_the_step(qtbot):
    """A lockout fault during a step that needs the lockout disables its buttons and says what
    to do; a fault of a device the step does not use does not."""
    health = {"lockout": DeviceHealth("lockout", HealthState.FAULT, "jam")}
    fault = blocking_fault(DECISION.hardware, health)
    assert fault is not None and "Lockout controller" in fault and "technician" in fault
    assert blocking_fault((shoe_dispense(3),), health) is None
    panel = StepPanel()
    qtbot.addWidget(panel)
    panel.set_view(step_view(DECISION, buttons=BUTTONS, blocked=fault))
    assert not panel.button("ride").isEnabled()
    assert not panel.blocked.isHidden()
    with qtbot.assertNotEmitted(panel.action_triggered):
        panel._trigger("ride")


def test_a_device_not_answering_makes_the_step_wait():
    health = {"shoe": DeviceHealth("shoe", HealthState.NOT_ANSWERING, "/dev/pts/4: no answer "
                                   "from device 1 to command 0x04 after 4 attempts")}
    message = blocking_fault((shoe_dispense(3),), health)
    assert message == ("Shoe: no answer — check that its cable is plugged in and it is switched "
                       "on; nothing is lost. This step waits: do not deal or pay until its "
                       "light is green again.")


def test_payment_panel_lists_payments_in_order_with_vigorish_5324_41_g_8(qtbot):
    """Each payment in the regulated order with amount and vigorish (5324.41(g)(8)), ticked off
    one by one."""
    payments = [
        Payment(2, 3, "pai_gow", "pay", 2500, 2500, vigorish=125, clause="5324.41(g)(8)"),
        Payment(1, 6, "pai_gow", "collect", 1000),
        Payment(3, 2, "pai_gow", "push", 500),
    ]
    panel = PaymentPanel()
    qtbot.addWidget(panel)
    panel.set_lines(payment_lines(payments))
    assert [line.order for line in panel.lines] == [1, 2, 3]
    assert [line.verb for line in panel.lines] == ["COLLECT", "PAY", "PUSH"]
    assert panel.lines[1].vigorish == "$25.00 won less $1.25 vigorish"
    assert panel.lines[1].amount == "$23.75"  # what the dealer hands over
    with qtbot.waitSignal(panel.ticked) as blocker:
        assert panel.tick_next() == 1
    assert blocker.args == [1, True]
    panel.tick_next()
    assert not panel.all_ticked()
    panel.tick_next()
    assert panel.all_ticked() and panel.tick_next() is None


def test_health_strip_shows_every_state(qtbot):
    strip = HealthStrip()
    qtbot.addWidget(strip)
    strip.set_health([DeviceHealth("shoe", HealthState.CONNECTED, label="Shoe"),
                      DeviceHealth("lockout", HealthState.FAULT, "jam", label="Lockout"),
                      DeviceHealth("acceptors", HealthState.NOT_ANSWERING, label="Acceptors")])
    assert strip.item_text() == ["Shoe", "Lockout — jam", "Acceptors — no answer"]
    assert [item.lines for item in strip.items] == [
        ("Shoe",), ("Lockout", "jam"), ("Acceptors", "no answer")]  # the status under the name


def test_manual_card_entry_refuses_duplicates_and_cards_on_the_table(qtbot):
    entry = ManualCardEntry()
    qtbot.addWidget(entry)
    entry.start(3, "ENTER THE STACK", unavailable=[parse_card("As")])
    entry.choose_rank(parse_card("As").rank)
    entry.choose_suit(parse_card("As").suit)
    assert entry.cards == () and "already on the table" in entry.message.text()
    for text in ("Kd", "Kd", "2c", "Th"):
        card = parse_card(text)
        entry.choose_rank(card.rank)
        entry.choose_suit(card.suit)
    assert [c.text for c in entry.cards] == ["Kd", "2c", "Th"]
    with qtbot.waitSignal(entry.cards_entered) as blocker:
        qtbot.mouseClick(entry.enter, Qt.MouseButton.LeftButton)
    assert [c.text for c in blocker.args[0]] == ["Kd", "2c", "Th"]


def _judge(seven, low):
    from dealer_station.games.pai_gow.setting import player_setting

    return player_setting(seven, low).foul


def _started_picker(qtbot) -> LowHandPicker:
    """The low hand picker shown for position 3's "As Kd 9h 7c 5s 3d 2c" (nothing tapped)."""
    pytest.importorskip("dealer_station.rankings.pai_gow")
    picker = LowHandPicker()
    qtbot.addWidget(picker)
    picker.resize(500, 260)
    picker.start(3, parse_cards("As Kd 9h 7c 5s 3d 2c", count=7), _judge)
    return picker


def test_low_hand_picker_flags_a_foul_at_once_5324_41_g_5_iii(qtbot):
    """Tapping two cards that outrank the high hand shows the foul before the dealer confirms
    (5324.41(g)(5)(iii)); a legal setting shows legal."""
    picker = _started_picker(qtbot)
    picker.toggle(0)  # one card low, as it stands: the foul of (g)(5)(iv), said so
    assert picker.is_foul and "(g)(5)(iv)" in picker.verdict.text()
    assert "second card" in picker.verdict.text()
    picker.toggle(1)
    assert picker.is_foul and "FOUL" in picker.verdict.text()
    picker.toggle(0)  # untap the ace
    picker.toggle(2)  # K 9 low: legal
    assert not picker.is_foul and "legal" in picker.verdict.text()
    with qtbot.waitSignal(picker.setting_chosen) as blocker:
        qtbot.mouseClick(picker.set_button, Qt.MouseButton.LeftButton)
    assert [c.text for c in blocker.args[0]] == ["Kd", "9h"]


def test_a_third_card_tapped_is_a_third_card_low_recorded_as_the_foul_5324_41_g_5_iv(qtbot):
    """5324.41(g)(5)(iv): a low hand of other than two cards fouls. A third card tapped stays
    picked with the first two (it dropped the first, so three cards low could not be
    recorded); the verdict names the foul and its clause and SET HAND sends all three."""
    picker = _started_picker(qtbot)
    for index in (2, 3, 4):
        picker.toggle(index)
    assert [c.text for c in picker.low_hand] == ["9h", "7c", "5s"]
    assert picker.foul_reason == "the low hand has 3 cards, not two [5324.41(g)(5)(iv)]"
    assert "FOUL" in picker.verdict.text() and "(g)(5)(iv)" in picker.verdict.text()
    assert picker.set_button.text() == "SET FOULED HAND" and picker.set_button.isEnabled()
    with qtbot.waitSignal(picker.setting_chosen) as blocker:
        qtbot.mouseClick(picker.set_button, Qt.MouseButton.LeftButton)
    assert [c.text for c in blocker.args[0]] == ["9h", "7c", "5s"]
    picker.toggle(3)  # untapped: back to two, a legal setting
    assert not picker.is_foul and [c.text for c in picker.low_hand] == ["9h", "5s"]


def test_no_card_low_is_recorded_only_when_asked_twice_5324_41_g_5_iv(qtbot):
    """A player who set no card low (all seven high) fouls too ((g)(5)(iv)): SET HAND with
    nothing picked asks first (a press before any tap records nothing), then records it."""
    pytest.importorskip("dealer_station.rankings.pai_gow")
    picker = LowHandPicker()
    qtbot.addWidget(picker)
    picker.start(2, parse_cards("As Kd 9h 7c 5s 3d 2c", count=7), _judge)
    emitted: list[tuple] = []
    picker.setting_chosen.connect(emitted.append)
    picker.submit()
    assert emitted == [] and "SET HAND again" in picker.verdict.text()
    picker.toggle(1)
    picker.toggle(1)  # a tap in between: asked again
    picker.submit()
    assert emitted == []
    picker.submit()
    assert emitted == [()]


def test_a_bank_set_wrongly_is_shown_as_the_re_set_of_5324_41_q_not_a_foul(qtbot):
    """5324.41(q): a bank that set its hands wrongly keeps its wager; the dealer re-sets them by
    the house way. The picker says so (no FOUL, no SET FOULED HAND) and offers no HOUSE WAY
    of its own: the bank set its own hands."""
    pytest.importorskip("dealer_station.rankings.pai_gow")
    picker = LowHandPicker()
    qtbot.addWidget(picker)
    picker.resize(500, 260)
    picker.start(6, parse_cards("As Kd 9h 7c 5s 3d 2c", count=7), _judge, bank=True)
    assert picker.house_way.isHidden()
    picker.toggle(0)
    picker.toggle(1)  # A K low outranks the high hand
    words = picker.verdict.text()
    assert "FOUL" not in words and picker.set_button.text() == "SET HAND"
    assert "house way" in words and "keeps its wager" in words and "5324.41(q)" in words
    assert "the bank set low" in picker.title.text()


def test_felt_places_position_one_on_the_dealers_left_and_reports_taps(qtbot):
    seats = tuple(SeatView(str(p), str(p), cards=(None, None, None)) for p in range(1, 8))
    felt = FeltView()
    qtbot.addWidget(felt)
    felt.resize(900, 700)
    felt.set_view(TableView("let_it_ride", "LET IT RIDE", seats))
    left, right = felt.seat_rect("1"), felt.seat_rect("7")
    assert left.center().x() < felt.seat_rect("4").center().x() < right.center().x()
    assert felt.seat_rect("4").center().y() < left.center().y()  # the arc: 4 farthest away
    with qtbot.waitSignal(felt.seat_clicked) as blocker:
        qtbot.mouseClick(felt, Qt.MouseButton.LeftButton,
                         pos=felt.seat_rect("3").center().toPoint())
    assert blocker.args == ["3"]
    assert QPointF  # the felt draws in floating point


def test_face_down_cards_draw_no_face(qtbot):
    """A face-down card is drawn as a back: the painter is given None, never the card."""
    from PySide6.QtCore import QRectF
    from PySide6.QtGui import QImage, QPainter

    from dealer_station.ui.card_art import paint_card

    def draw(card):
        image = QImage(70, 98, QImage.Format.Format_ARGB32)
        image.fill(0)
        painter = QPainter(image)
        paint_card(painter, QRectF(1, 1, 68, 96), card)
        painter.end()
        return image

    back, ace, king = draw(None), draw(parse_card("As")), draw(parse_card("Kh"))
    assert back != ace and ace != king
    assert draw(None) == back


def test_a_misread_stack_is_entered_by_hand_5324_34_d_2():
    """The reading shoe misreads a card of a (d)(2) stack: the screen asks for the stack by hand,
    the cards entered become the round's stack (despite the shoe's latched misread fault, which
    is then reset), and the next stack is read again."""
    from dealer_station.preview.screenshot import preview_controller
    from dealer_station.preview.scripts import LetItRideScript, play_until, stack_event

    controller = preview_controller("let_it_ride", devices=False)
    from dealer_station.ui.view import DeviceHealth, HealthState

    controller.set_health([DeviceHealth("shoe", HealthState.CONNECTED)])
    script = LetItRideScript()
    play_until(controller, script, "dealing")
    first = script.stacks()[0]
    controller.device_event(stack_event((first[0], None, first[2])))
    # the shoe latches its misread fault: the stack is still entered, then the fault is reset
    controller.set_health([DeviceHealth("shoe", HealthState.FAULT, "misread")])
    driven: list[Hardware] = []
    controller._hardware = driven.append
    snapshot = controller.snapshot()
    assert snapshot.entry is not None and snapshot.entry.kind == "cards"
    assert snapshot.entry.count == 3 and "top card first" in snapshot.entry.title
    assert controller.enter_cards(first) is not None
    assert controller.round.cards(1) == first
    assert SHOE_RESET in driven
    controller.set_health([DeviceHealth("shoe", HealthState.CONNECTED)])
    assert controller.snapshot().entry is None  # the reader again
    controller.device_event(stack_event(script.stacks()[1]))
    assert controller.round.cards(2) == script.stacks()[1]


def test_hole_cards_stay_face_down_until_shown_5324_34_e_6():
    """The shoe read every card, the round knows them; the felt shows none of a position's cards
    before its hand is shown at the showdown (5324.34(e)(6)), the community cards only as turned."""
    from dealer_station.preview.screenshot import preview_controller
    from dealer_station.preview.scripts import LetItRideScript

    controller = preview_controller("let_it_ride", devices=False)
    script = LetItRideScript()
    seen_shown: set[str] = set()
    for _ in range(60):
        round_ = controller.round
        table = controller.snapshot().table
        if round_ is not None and round_.step.phase != "betting":
            shown = {str(p) for p in round_.results}
            for seat in table.seats:
                if seat.key in shown:
                    assert all(c is not None for c in seat.cards)
                    seen_shown.add(seat.key)
                else:
                    assert all(c is None for c in seat.cards), (round_.step.phase, seat)
            assert sum(c is not None for c in table.community) == round_.community_turned
        if round_ is None and seen_shown:
            break
        script.play_step(controller)
    assert seen_shown == {str(p) for p in script.wagers}


def test_pai_gow_stacks_entered_by_hand_without_a_reading_shoe_5324_41_f():
    """No reading shoe: the seven stacks of (f) are entered by hand one by one (top card first)
    and become the round's deal once the seventh is in; a card already entered is refused."""
    from dealer_station.preview.screenshot import preview_controller
    from dealer_station.preview.scripts import PaiGowScript, play_until

    controller = preview_controller("pai_gow", devices=False)
    script = PaiGowScript(device_cards=False)
    play_until(controller, script, "deal")
    deck = script.deck()
    for index in range(7):
        entry = controller.snapshot().entry
        assert entry is not None and entry.kind == "cards" and entry.count == 7
        assert entry.title.startswith(f"ENTER STACK {index + 1} OF 7")
        assert set(entry.unavailable) == set(deck[: 7 * index])
        controller.enter_cards(tuple(deck[7 * index: 7 * index + 7]))
    assert controller.round.step.phase == "setting"
    assert controller.round.history[-1].action == "deal"
    assert controller.round.history[-1].arguments["cards"] == [c.text for c in deck[:49]]


def test_manual_dealing_cards_entered_when_exposed_5324_34_d_1():
    """A table dealing by hand ((d)(1)): each card dealt is confirmed with CARD DEALT; the
    community cards and each hand are entered by hand as they are turned ((e)(3), (e)(6))."""
    from dealer_station.cards import parse_cards
    from dealer_station.preview.screenshot import preview_controller
    from dealer_station.preview.scripts import tick_all

    controller = preview_controller("let_it_ride", devices=False,
                                    overrides={"table": {"dealing": "manual"}})
    hands = {3: parse_cards("Ts Tc 4d"), 6: parse_cards("2c 6h 8s")}
    assert controller.start_round()
    for position in hands:
        controller.place(position, {"base": 1000})
    controller.command("no_more_bets")
    dealt = 0
    while controller.round.step.phase == "dealing":
        assert controller.snapshot().step.actions[0].name == "dealt"
        assert controller.command("dealt") is not None
        dealt += 1
    assert dealt == 3 * (len(hands) + 1)
    for phase in ("bet_one", "bet_two"):
        while controller.round.step.phase == phase:
            controller.command("ride")
        entry = controller.snapshot().entry
        assert entry is not None and entry.kind == "cards" and entry.count == 1
        card = parse_cards("Qh" if phase == "bet_one" else "7s")
        assert controller.enter_cards(card) is not None
    while controller.round.step.phase == "showdown":
        position = controller.round.step.positions[0]
        entry = controller.snapshot().entry
        assert entry is not None and entry.count == 3 and entry.position == str(position)
        assert controller.snapshot().table.seat(position).cards == (None, None, None)
        assert controller.enter_cards(hands[position]) is not None
        assert controller.snapshot().table.seat(position).cards == hands[position]
    tick_all(controller)
    controller.command("collected")
    tick_all(controller)
    controller.command("paid")
    controller.command("cards_collected")
    snapshot = controller.snapshot()
    assert snapshot.complete and snapshot.step.phase == "between_rounds"
    assert {line.position for line in snapshot.payments if line.verb == "PAY"} == {"pos 3"}


def test_a_payment_line_says_its_vigorish_once_5324_41_g_8(qtbot):
    """A winning Pai Gow line's amount is what the dealer hands over, net of the vigorish, and
    the words under it say how, once: "$100.00 won less $5.00 vigorish" (the settlement's
    own "paid 1:1 less $5.00 vigorish" is not repeated); the rest of its note stays."""
    said = Payment(1, 5, "pai_gow", "pay", 10_000, 10_000, vigorish=500,
                   note="paid 1:1 less $5.00 vigorish (5% rounded up); set by the house way")
    bare = Payment(2, 3, "pai_gow", "pay", 2500, 2500, vigorish=125)
    panel = PaymentPanel()
    qtbot.addWidget(panel)
    panel.set_lines(payment_lines([said, bare]))
    texts = [label.text() for label in panel.findChildren(QLabel)]
    assert "$95.00" in texts and "$23.75" in texts, texts
    first = next(t for t in texts if t.startswith("$100.00 won"))
    assert first == ("$100.00 won less $5.00 vigorish — pai gow · set by the house way"), first
    assert "$25.00 won less $1.25 vigorish — pai gow" in texts
