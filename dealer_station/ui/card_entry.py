"""Card entry by touch or keyboard: manual entry when the shoe does not read cards (tap a rank,
then a suit; or type the cards, "As Kd Qh 7c 2s JK Th", and press Enter once), and the Pai Gow
player setting (tap the cards of the low hand, or press their digits; a foul is flagged at
once)."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from PySide6.QtCore import QEvent, QObject, QRectF, QSize, Qt, Signal
from PySide6.QtGui import QKeyEvent, QMouseEvent, QPainter, QPaintEvent
from PySide6.QtWidgets import (
    QFrame,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QSizePolicy,
    QVBoxLayout,
    QWidget,
)

from dealer_station.cards import (
    JOKER,
    STANDARD_RANKS,
    SUITS,
    Card,
    CardError,
    Rank,
    Suit,
    parse_card,
)
from dealer_station.plural import counted
from dealer_station.ui.card_art import CARD_ASPECT, SUIT_GLYPHS, paint_card, paint_slot
from dealer_station.ui.messages import MessageLabel
from dealer_station.ui.theme import THEME

__all__ = ["CardRow", "LowHandPicker", "ManualCardEntry", "typed_cards"]


def typed_cards(text: str, count: int, *, allow_joker: bool = False,
                unavailable: frozenset[Card] = frozenset()) -> tuple[Card, ...]:
    """The cards typed as ``text`` ("As Kd 10h jk", spaces or commas between), exactly
    ``count`` of them; raises :class:`CardError` with one line saying what is wrong.

    >>> [c.text for c in typed_cards("As kd 10h", 3)]
    ['As', 'Kd', 'Th']
    >>> typed_cards("As Kd As", 3)
    Traceback (most recent call last):
    ...
    dealer_station.cards.CardError: As is typed twice: check the cards and type them again.
    >>> typed_cards("As Kd", 3)
    Traceback (most recent call last):
    ...
    dealer_station.cards.CardError: 3 cards needed, 2 typed.
    """
    cards: list[Card] = []
    for word in text.replace(",", " ").split():
        try:
            card = parse_card(word)
        except CardError:
            raise CardError(f"{word!r} is not a card: type a rank (2-9, T or 10, J, Q, K, A) "
                            "then a suit (c, d, h, s)" + (", or JK" if allow_joker else "")
                            ) from None
        if card == JOKER and not allow_joker:
            raise CardError("no joker in this deck")
        if card in cards:
            raise CardError(f"{card} is typed twice: check the cards and type them again.")
        if card in unavailable:
            raise CardError(f"{card} is already on the table: check the card and re-enter.")
        cards.append(card)
    if len(cards) != count:
        raise CardError(f"{count} cards needed, {len(cards)} typed.")
    return tuple(cards)

#: Cards to show how they are typed (the placeholder of the typed box).
_EXAMPLE = "As Kd Qh 7c 2s JK Th"

#: Judges a player's setting: (seven cards, the two low-hand cards) → None if legal, else the
#: reason it fouls (supplied by the Pai Gow rules through the adapter).
FoulJudge = Callable[[Sequence[Card], Sequence[Card]], str | None]


class CardRow(QWidget):
    """A row of cards drawn by code; tapping a card emits :attr:`card_tapped` with its index."""

    card_tapped = Signal(int)

    def __init__(self, parent: QWidget | None = None, *, slots: int = 0) -> None:
        super().__init__(parent)
        self._cards: tuple[Card | None, ...] = ()
        self._marked: dict[int, str] = {}
        self._slots = slots
        self.setMinimumHeight(64)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)

    def sizeHint(self) -> QSize:
        return QSize(400, 100)

    def set_cards(self, cards: Sequence[Card | None], marked: dict[int, str] | None = None) -> None:
        self._cards = tuple(cards)
        self._marked = dict(marked or {})
        self.update()

    def _rects(self) -> list[QRectF]:
        n = max(len(self._cards), self._slots, 1)
        ch = float(min(self.height() - 10, 220))
        cw = ch / CARD_ASPECT
        gap = cw * 0.1
        if n * (cw + gap) > self.width():
            cw = self.width() / n - gap
            ch = cw * CARD_ASPECT
        left = (self.width() - n * (cw + gap) + gap) / 2
        top = max(5.0, (self.height() - ch) / 2)
        return [QRectF(left + i * (cw + gap), top, cw, ch) for i in range(n)]

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        for i, rect in enumerate(self._rects()):
            if i < len(self._cards):
                card = self._cards[i]
                lift = -4 if i in self._marked else 0
                paint_card(painter, rect.translated(0, lift), card, outline=self._marked.get(i))
            else:
                paint_slot(painter, rect)
        painter.end()

    def mousePressEvent(self, event: QMouseEvent) -> None:
        for i, rect in enumerate(self._rects()):
            if i < len(self._cards) and rect.contains(event.position()):
                self.card_tapped.emit(i)
                return


class ManualCardEntry(QFrame):
    """Enter ``count`` cards by tapping a rank then a suit (or the joker); cards already on the
    table are refused at once. Emits :attr:`cards_entered` when the dealer presses ENTER CARDS."""

    cards_entered = Signal(tuple)

    def __init__(self, parent: QWidget | None = None, *, compact: bool = False) -> None:
        super().__init__(parent)
        self.setObjectName("panel")
        self._count = 0
        self._cards: list[Card] = []
        self._rank: Rank | None = None
        self._unavailable: frozenset[Card] = frozenset()
        self._allow_joker = False
        layout = QVBoxLayout(self)
        layout.setContentsMargins(14, 12, 14, 12)
        self.title = QLabel("ENTER CARDS")
        self.title.setObjectName("phase")
        layout.addWidget(self.title)
        self.row = CardRow()
        layout.addWidget(self.row)
        ranks = QGridLayout()
        ranks.setSpacing(3 if compact else 6)  # compact: 14 keys in a row of the right column
        self._rank_buttons: dict[Rank, QPushButton] = {}
        for i, rank in enumerate(reversed(STANDARD_RANKS)):
            text = "10" if rank is Rank.TEN else rank.symbol
            button = self._small_button(text)
            button.setCheckable(True)
            button.clicked.connect(lambda _=False, r=rank: self.choose_rank(r))
            columns = 13 if compact else 7  # compact: one row of ranks (a form's card field)
            ranks.addWidget(button, i // columns, i % columns)
            self._rank_buttons[rank] = button
        self.joker = self._small_button("JOKER")
        self.joker.clicked.connect(lambda: self.add_card(JOKER))
        ranks.addWidget(self.joker, *((0, 13) if compact else (1, 6)))
        layout.addLayout(ranks)
        suits = QHBoxLayout()
        self._suit_buttons: dict[Suit, QPushButton] = {}
        for index, suit in enumerate(SUITS):
            button = self._small_button(SUIT_GLYPHS[suit])
            red = suit in (Suit.HEARTS, Suit.DIAMONDS)
            button.setStyleSheet(f"font-size: 22pt; color: {'#ff6b6b' if red else '#f2f5f0'};")
            button.clicked.connect(lambda _=False, s=suit: self.choose_suit(s))
            if compact:
                suits.addWidget(button)
            else:  # two suits beside each row of ranks: the entry fits under the step panel
                ranks.addWidget(button, index // 2, 7 + index % 2)  # at 1280×800 (no move)
            self._suit_buttons[suit] = button
        if compact:
            layout.addLayout(suits)
        # the keyboard: all the cards at once, one Enter (the keys are the field's, not the
        # step panel's, while it has the focus)
        self.typed = QLineEdit()
        self.typed.setObjectName("typed-cards")
        self.typed.setPlaceholderText("or type them: As Kd Qh 7c … then Enter")
        self.typed.textEdited.connect(self._preview_typed)
        self.typed.returnPressed.connect(self.submit_typed)
        self.typed.installEventFilter(self)
        layout.addWidget(self.typed)
        self.message = MessageLabel()  # shown with words only
        layout.addWidget(self.message)
        bottom = QHBoxLayout()
        self.undo = QPushButton("UNDO")
        self.undo.clicked.connect(self.remove_last)
        self.enter = QPushButton("ENTER CARDS")
        self.enter.setObjectName("primary")
        self.enter.clicked.connect(self.submit)
        bottom.addWidget(self.undo)
        bottom.addWidget(self.enter, 2)
        layout.addLayout(bottom)
        self.start(0, "")

    def _say(self, words: str) -> None:
        """The entry's message line, shown only while it has words: each says why a tap or
        the cards typed were refused (an error)."""
        self.message.error(words)

    def _small_button(self, text: str) -> QPushButton:
        button = QPushButton(text)
        button.setObjectName("key")
        button.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        return button

    @property
    def cards(self) -> tuple[Card, ...]:
        return tuple(self._cards)

    def start(self, count: int, title: str, *, allow_joker: bool = False,
              unavailable: Sequence[Card] = ()) -> None:
        """Ask for ``count`` cards (``title`` says for what)."""
        self._count = count
        self._cards = []
        self._rank = None
        self._unavailable = frozenset(unavailable)
        self._allow_joker = allow_joker
        self.title.setText(title or "ENTER CARDS")
        self.joker.setVisible(allow_joker)
        self.typed.clear()
        self.typed.setPlaceholderText(
            f"or type the {counted(count, 'card')}: {_EXAMPLE[:max(count, 1) * 3 - 1]}"
            ", then Enter" if count > 1 else "or type the card (As), then Enter")
        self._say("")
        self._refresh()

    def choose_rank(self, rank: Rank) -> None:
        self._rank = rank
        for r, button in self._rank_buttons.items():
            button.setChecked(r is rank)

    def choose_suit(self, suit: Suit) -> None:
        if self._rank is None:
            self._say("Tap a rank first, then its suit.")
            return
        self.add_card(Card(self._rank, suit))
        self.choose_rank_none()

    def choose_rank_none(self) -> None:
        self._rank = None
        for button in self._rank_buttons.values():
            button.setChecked(False)

    def add_card(self, card: Card) -> bool:
        """Add ``card``; refuse a duplicate or a card already on the table, with the reason."""
        if len(self._cards) >= self._count:
            self._say(f"Already {self._count} cards: press ENTER CARDS or UNDO.")
            return False
        if card in self._cards or card in self._unavailable:
            self._say(f"{card} is already on the table: check the card and re-enter.")
            return False
        self._cards.append(card)
        self._say("")
        self._match_typed()
        self._refresh()
        return True

    def remove_last(self) -> None:
        if self._cards:
            self._cards.pop()
        self._match_typed()
        self._refresh()

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        """Enter in the typed field is the field's (it enters the cards), never the step
        panel's primary action."""
        if (watched is self.typed and event.type() == QEvent.Type.ShortcutOverride
                and isinstance(event, QKeyEvent)
                and event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter)):
            event.accept()
            return True
        return False

    def _preview_typed(self, text: str) -> None:
        """As the dealer types: the cards recognised so far, in the row; a card typed twice
        or one too many said at once (ENTER CARDS stays off until the words are the cards)."""
        shown: list[Card] = []
        for word in text.replace(",", " ").split():
            try:
                card = parse_card(word)
            except CardError:
                break
            if card in shown:
                break
            shown.append(card)
        self._cards = shown[:self._count]
        self._say(self._typed_problem(text))
        self._refresh()

    def _typed_problem(self, text: str) -> str:
        """What is wrong with the words typed so far ("" while they may still become the
        cards: a word being typed is judged at Enter)."""
        words = text.replace(",", " ").split()
        if len(words) > self._count:
            return (f"{counted(self._count, 'card')} needed, {len(words)} typed: take "
                    f"{'one' if len(words) == self._count + 1 else 'some'} out, then Enter.")
        try:
            typed_cards(text, len(words), allow_joker=self._allow_joker,
                        unavailable=self._unavailable)
        except CardError as error:
            return "" if "is not a card" in str(error) else str(error)
        return ""

    def _typed_fits(self) -> bool:
        """No words typed (the cards tapped), or exactly the cards asked for."""
        text = self.typed.text()
        if not text.strip():
            return True
        try:
            typed_cards(text, self._count, allow_joker=self._allow_joker,
                        unavailable=self._unavailable)
        except CardError:
            return False
        return True

    def _match_typed(self) -> None:
        """A card tapped (or undone) while words are typed: the words say the cards shown."""
        if self.typed.text().strip():
            self.typed.setText(" ".join(card.text for card in self._cards))

    def submit_typed(self) -> None:
        """Enter in the typed field: every card typed, checked at once (one line when one is
        wrong, nothing lost: the text stays to be corrected)."""
        try:
            cards = typed_cards(self.typed.text(), self._count, allow_joker=self._allow_joker,
                                unavailable=self._unavailable)
        except CardError as error:
            self._say(str(error))
            return
        self._cards = list(cards)
        self._refresh()
        self.cards_entered.emit(tuple(self._cards))

    def submit(self) -> None:
        """ENTER CARDS: the cards typed (all of them, checked as Enter checks them) or
        tapped; never a part of what was typed."""
        if self.typed.text().strip():
            self.submit_typed()
            return
        if len(self._cards) != self._count:
            self._say(f"{self._count} cards needed, {len(self._cards)} entered.")
            return
        self.cards_entered.emit(tuple(self._cards))

    def _refresh(self) -> None:
        self.row.set_cards(self._cards, {})
        self.row._slots = self._count
        self.row.update()
        self.enter.setEnabled(len(self._cards) == self._count and self._count > 0
                              and self._typed_fits())


#: One line of the low-hand picker's verdict (14 pt), in pixels.
VERDICT_LINE_PX = 26


class LowHandPicker(QFrame):
    """A player's seven cards, large: tap (or press the digit of, 1 the leftmost) the cards the
    player set as the low hand. Any number may be picked, as the player may have set any number
    low: two is a setting, any other count the foul of 5324.41(g)(5)(iv), recorded as what it is
    (nothing picked is dropped). The verdict shows at once (a foul in red, with the reason and
    its clause; a bank's wrong setting as the re-set of (q), its wager kept). SET HAND (the step
    panel's, or this panel's own when ``buttons``) emits :attr:`setting_chosen` with the cards
    picked; HOUSE WAY emits :attr:`house_way_requested`."""

    setting_chosen = Signal(tuple)
    house_way_requested = Signal()

    def __init__(self, parent: QWidget | None = None, *, buttons: bool = True) -> None:
        super().__init__(parent)
        self.setObjectName("panel")
        self._cards: tuple[Card, ...] = ()
        self._picked: list[int] = []
        #: SET HAND was pressed with no card picked: pressed again, no card low is recorded.
        self._empty_asked = False
        self._judge: FoulJudge | None = None
        self._bank = False
        layout = QVBoxLayout(self)
        layout.setContentsMargins(14, 12, 14, 12)
        self.title = QLabel("SET THE HAND · tap the two cards of the low hand")
        self.title.setObjectName("phase")
        self.title.setWordWrap(True)
        layout.addWidget(self.title)
        self.row = CardRow()
        self.row.setMinimumHeight(110)
        self.row.card_tapped.connect(self.toggle)
        layout.addWidget(self.row, 1)
        self.verdict = QLabel("")
        self.verdict.setWordWrap(True)
        self.verdict.setStyleSheet("font-size: 15pt; font-weight: bold;")
        self.verdict.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
        # room for the longest verdict (a foul and its clause), never cut by the cards above
        self.verdict.setMinimumHeight(3 * VERDICT_LINE_PX)
        layout.addWidget(self.verdict)
        self.keys_hint = QLabel("keys: 1–7 a card (1 the leftmost) · E or Enter set hand")
        self.keys_hint.setObjectName("muted")
        self.keys_hint.setWordWrap(True)
        layout.addWidget(self.keys_hint)
        row = QWidget()
        buttons_row = QHBoxLayout(row)
        buttons_row.setContentsMargins(0, 0, 0, 0)
        self.house_way = QPushButton("HOUSE WAY")
        self.house_way.clicked.connect(self.house_way_requested)
        self.set_button = QPushButton("SET HAND")
        self.set_button.setObjectName("primary")
        self.set_button.clicked.connect(self.submit)
        buttons_row.addWidget(self.house_way)
        buttons_row.addWidget(self.set_button, 2)
        layout.addWidget(row)
        # the dealer's screen has them in the step panel (one SET HAND, one HOUSE WAY, and
        # Enter the step's): this panel's own are for the panel alone
        row.setVisible(buttons)

    @property
    def low_hand(self) -> tuple[Card, ...]:
        return tuple(self._cards[i] for i in self._picked)

    @property
    def is_foul(self) -> bool:
        return self.foul_reason is not None

    @property
    def foul_reason(self) -> str | None:
        """Why the cards picked, set as they are, foul (None: a legal setting, or none picked)."""
        if not self._picked or self._judge is None:
            return None
        return self._judge(self._cards, self.low_hand)

    def start(self, position: int | str, cards: Sequence[Card], judge: FoulJudge | None,
              *, bank: bool = False) -> None:
        """Pick the low hand of ``position``'s seven ``cards``; ``bank``: the bank set its own
        hands (a wrong setting is re-set by the house way, its wager kept, (q))."""
        self._cards = tuple(cards)
        self._picked = []
        self._empty_asked = False
        self._judge = judge
        self._bank = bank
        whose = (f"THE BANK'S HANDS · position {position} · tap the cards the bank set low"
                 if bank else f"SET POSITION {position} · tap the cards the player set low")
        self.title.setText(f"{whose} (two)")
        self.house_way.setVisible(not bank)
        self._refresh()

    def toggle(self, index: int) -> None:
        """Tap card ``index``: picked, or no longer picked. Every card picked stays picked (a
        third tapped is a third card low, never the first dropped)."""
        if not 0 <= index < len(self._cards):
            return
        if index in self._picked:
            self._picked.remove(index)
        else:
            self._picked.append(index)
        self._empty_asked = False
        self._refresh()

    def pick(self, cards: Sequence[Card]) -> None:
        """Pick the low hand by its cards (keyboard entry and tests)."""
        try:
            self._picked = [self._cards.index(c) for c in cards]
        except ValueError:
            raise CardError("the low hand is made of the player's seven cards") from None
        self._refresh()

    def submit(self) -> None:
        """The cards picked, as the player set them. None picked is asked once more (a player
        who set no card low, all seven high: the foul of (g)(5)(iv)), so a press before any tap
        records nothing."""
        if not self._picked and not self._empty_asked:
            self._empty_asked = True
            self._say(THEME.warn, "No card picked: tap the low hand's cards, or SET HAND "
                      "again if the player set none low (a foul, 5324.41(g)(5)(iv)).")
            return
        self._empty_asked = False
        self.setting_chosen.emit(self.low_hand)

    def _refresh(self) -> None:
        reason = self.foul_reason
        picked = len(self._picked)
        colour = THEME.ok if not reason else THEME.warn if self._bank else THEME.fault
        marks = {i: colour for i in self._picked}
        self.row.set_cards(self._cards, marks)
        if not picked:
            self._say(THEME.muted, "Low hand: tap its cards (two)", bold=False)
            self.set_button.setText("SET HAND")
        elif reason and self._bank:
            self._say(THEME.warn, f"Set wrongly ({reason.split(' [')[0]}): SET HAND, then "
                      "re-set them by the house way; the bank keeps its wager (5324.41(q)).")
            self.set_button.setText("SET HAND")
        elif reason:
            more = "Tap the second card, or SET HAND: " if picked == 1 else ""
            self._say(THEME.fault, f"{more}FOUL — {reason}. The wager loses.")
            self.set_button.setText("SET FOULED HAND")
        else:
            low = " ".join(str(c) for c in self.low_hand)
            self._say(THEME.ok, f"Low hand {low} · high hand the other five — legal")
            self.set_button.setText("SET HAND")

    def _say(self, colour: str, words: str, *, bold: bool = True) -> None:
        weight = " font-weight: bold;" if bold else ""
        self.verdict.setStyleSheet(f"font-size: 14pt;{weight} color: {colour};")
        self.verdict.setText(words)
