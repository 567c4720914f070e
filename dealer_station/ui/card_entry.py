"""Card entry by touch or keyboard: manual entry when the shoe does not read cards (tap a rank,
then a suit; or type the cards, "As Kd Qh 7c 2s JK Th", and press Enter once), and the Pai Gow
player setting (tap the two cards of the low hand; a foul is flagged at once)."""

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
        self.message = QLabel("")
        self.message.setObjectName("message")
        self.message.setWordWrap(True)
        self.message.hide()  # shown with words only (see _say)
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
        """The entry's message line, shown only while it has words."""
        self.message.setText(words)
        self.message.setVisible(bool(words))

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
        self._refresh()
        return True

    def remove_last(self) -> None:
        if self._cards:
            self._cards.pop()
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
        """As the dealer types: the cards recognised so far, in the row."""
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
        self._say("")
        self._refresh()

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
        self.submit()

    def submit(self) -> None:
        if len(self._cards) != self._count:
            self._say(f"{self._count} cards needed, {len(self._cards)} entered.")
            return
        self.cards_entered.emit(tuple(self._cards))

    def _refresh(self) -> None:
        self.row.set_cards(self._cards, {})
        self.row._slots = self._count
        self.row.update()
        self.enter.setEnabled(len(self._cards) == self._count and self._count > 0)


class LowHandPicker(QFrame):
    """A player's seven cards, large: tap the two that form the low hand. The verdict shows at
    once (a foul in red, with the reason); SET HAND emits :attr:`setting_chosen` with the two
    low-hand cards, HOUSE WAY emits :attr:`house_way_requested`."""

    setting_chosen = Signal(tuple)
    house_way_requested = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("panel")
        self._cards: tuple[Card, ...] = ()
        self._picked: list[int] = []
        self._judge: FoulJudge | None = None
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
        layout.addWidget(self.verdict)
        buttons = QHBoxLayout()
        self.house_way = QPushButton("HOUSE WAY")
        self.house_way.clicked.connect(self.house_way_requested)
        self.set_button = QPushButton("SET HAND")
        self.set_button.setObjectName("primary")
        self.set_button.clicked.connect(self.submit)
        buttons.addWidget(self.house_way)
        buttons.addWidget(self.set_button, 2)
        layout.addLayout(buttons)

    @property
    def low_hand(self) -> tuple[Card, ...]:
        return tuple(self._cards[i] for i in self._picked)

    @property
    def is_foul(self) -> bool:
        return self.foul_reason is not None

    @property
    def foul_reason(self) -> str | None:
        if len(self._picked) != 2:
            return None
        return self._judge(self._cards, self.low_hand) if self._judge else None

    def start(self, position: int | str, cards: Sequence[Card], judge: FoulJudge | None) -> None:
        self._cards = tuple(cards)
        self._picked = []
        self._judge = judge
        self.title.setText(f"SET POSITION {position} · tap the two cards of the low hand")
        self._refresh()

    def toggle(self, index: int) -> None:
        if index in self._picked:
            self._picked.remove(index)
        elif len(self._picked) < 2:
            self._picked.append(index)
        else:
            self._picked = [self._picked[1], index]
        self._refresh()

    def pick(self, cards: Sequence[Card]) -> None:
        """Pick the low hand by its cards (keyboard entry and tests)."""
        try:
            self._picked = [self._cards.index(c) for c in cards]
        except ValueError:
            raise CardError("the low hand must be two of the player's seven cards") from None
        self._refresh()

    def submit(self) -> None:
        if len(self._picked) == 2:
            self.setting_chosen.emit(self.low_hand)

    def _refresh(self) -> None:
        reason = self.foul_reason
        colour = THEME.fault if reason else THEME.ok
        marks = {i: colour for i in self._picked}
        self.row.set_cards(self._cards, marks)
        if len(self._picked) < 2:
            self.verdict.setStyleSheet(f"font-size: 15pt; color: {THEME.muted};")
            self.verdict.setText(f"Low hand: tap {counted(2 - len(self._picked), 'more card')}")
            self.set_button.setText("SET HAND")
        elif reason:
            self.verdict.setStyleSheet(f"font-size: 15pt; font-weight: bold; color: {THEME.fault};")
            self.verdict.setText(f"FOUL — {reason}")
            self.set_button.setText("SET FOULED HAND")
        else:
            low = " ".join(str(c) for c in self.low_hand)
            self.verdict.setStyleSheet(f"font-size: 15pt; font-weight: bold; color: {THEME.ok};")
            self.verdict.setText(f"Low hand {low} · high hand the other five — legal")
            self.set_button.setText("SET HAND")
        self.set_button.setEnabled(len(self._picked) == 2)
