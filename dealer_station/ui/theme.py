"""The dark felt theme: colours and type sizes chosen to be read from a standing position.

Every widget takes its colours from here so that the screen stays consistent and a casino can
restyle it in one place.
"""

from __future__ import annotations

from dataclasses import dataclass

from dealer_station.ui.messages import message_rules

__all__ = ["DISABLED_BUTTON", "THEME", "Theme", "bar_button_style", "disabled_button_rule",
           "stylesheet"]


@dataclass(frozen=True, slots=True)
class Theme:
    """Colours as ``#rrggbb`` strings and sizes in pixels at a 1280-pixel-wide window."""

    background: str = "#0f1512"
    bar: str = "#0a0f0c"
    panel: str = "#1a231d"
    panel_line: str = "#2c3a31"
    felt: str = "#1d5c3a"
    felt_edge: str = "#0f3b24"
    felt_line: str = "#2f7a52"
    seat: str = "#154a2f"
    seat_empty: str = "#133f29"
    text: str = "#f2f5f0"
    muted: str = "#a7b8ad"
    faint: str = "#6f8577"
    current: str = "#ffd54a"
    next: str = "#6fb8ff"
    ok: str = "#3cc46f"
    warn: str = "#f4a93b"
    fault: str = "#f25c54"
    primary: str = "#2e9e5b"
    secondary: str = "#8a4a2a"
    neutral: str = "#3a4a40"
    chip: str = "#e9d6a0"
    chip_text: str = "#2a2418"
    card_face: str = "#fbfbf7"
    card_red: str = "#c8102e"
    card_black: str = "#16181a"
    card_back: str = "#2b4a8a"
    card_back_line: str = "#4a6db8"
    tray: str = "#4a3022"
    font_family: str = "DejaVu Sans"
    instruction_pt: int = 22
    body_pt: int = 13
    button_pt: int = 18


THEME = Theme()

#: A disabled button's background: dim whatever its colour enabled (its words in ``faint``).
DISABLED_BUTTON = "#252e28"


def disabled_button_rule(theme: Theme = THEME) -> str:
    """The rule that dims a disabled button, for a button given a background of its own (a
    widget's own style sheet outranks the window's ``QPushButton:disabled``, so a coloured
    button would stay coloured, its words grey, and look enabled).

    >>> "QPushButton:disabled" in disabled_button_rule()
    True
    """
    return f"QPushButton:disabled {{ background: {DISABLED_BUTTON}; color: {theme.faint}; }}"


def page_scroll_bar_style(theme: Theme = THEME) -> str:
    """A page's one vertical scroll bar drawn as one bar: its track in the panel colour the
    whole height, a wide handle a finger finds, no arrow buttons (Qt's default drew the handle
    framed at the top and an arrow alone at the bottom: it read as two scroll bars).

    >>> "QScrollBar:vertical" in page_scroll_bar_style()
    True
    """
    t = theme
    return (f"QScrollBar:vertical {{ background: {t.panel}; width: 18px; margin: 0px; "
            "border-radius: 9px; } "
            f"QScrollBar::handle:vertical {{ background: {t.faint}; min-height: 48px; "
            "border-radius: 9px; } "
            "QScrollBar::add-line:vertical, QScrollBar::sub-line:vertical { height: 0px; } "
            "QScrollBar::add-page:vertical, QScrollBar::sub-page:vertical { background: none; }")


def stylesheet(theme: Theme = THEME) -> str:
    """The application's Qt style sheet for the theme (large touch targets, dark panels).

    >>> "QPushButton" in stylesheet()
    True
    """
    t = theme
    return f"""
QWidget {{ background: {t.background}; color: {t.text}; font-family: "{t.font_family}";
           font-size: {t.body_pt}pt; }}
QFrame#panel {{ background: {t.panel}; border-radius: 12px; }}
QLabel {{ background: transparent; }}
QLabel#muted {{ color: {t.muted}; }}
QLabel#phase {{ color: {t.muted}; font-weight: bold; font-size: {t.body_pt}pt; }}
QLabel#instruction {{ font-size: {t.instruction_pt}pt; font-weight: bold; }}
QLabel#message {{ color: {t.warn}; }}
{message_rules(t.fault, t.next, t.ok, t.panel, t.text, t.body_pt)}
QPushButton {{ background: {t.neutral}; color: {t.text}; border: none; border-radius: 10px;
               min-height: 56px; padding: 6px 18px; font-size: {t.button_pt}pt;
               font-weight: bold; }}
QPushButton:disabled {{ background: {DISABLED_BUTTON}; color: {t.faint}; }}
QPushButton#primary {{ background: {t.primary}; }}
QPushButton#primary:disabled {{ background: #254733; color: {t.faint}; }}
QPushButton#secondary {{ background: {t.secondary}; }}
QPushButton#secondary:disabled {{ background: #33271f; color: {t.faint}; }}
QPushButton#key {{ min-height: 44px; padding: 2px 4px; font-size: {t.body_pt + 2}pt; }}
QPushButton#key:checked {{ background: {t.current}; color: {t.bar}; }}
QPushButton:pressed {{ border: 3px solid {t.current}; }}
QPushButton:focus {{ border: 2px solid {t.next}; }}
QCheckBox {{ spacing: 10px; font-size: {t.body_pt}pt; }}
QCheckBox::indicator {{ width: 28px; height: 28px; border: 2px solid {t.muted}; border-radius: 5px;
                         background: {t.background}; }}
QCheckBox::indicator:checked {{ background: {t.ok}; border-color: {t.ok}; }}
QScrollArea {{ border: none; background: transparent; }}
QToolButton#problem {{ background: transparent; color: {t.warn}; border: 2px solid {t.warn};
                      border-radius: 8px; padding: 4px 12px; font-weight: bold; }}
QToolButton#problem::menu-indicator {{ image: none; }}
QMenu {{ background: {t.panel}; border: 1px solid {t.panel_line}; font-size: {t.button_pt}pt; }}
QMenu::item {{ padding: 14px 28px; }}
QMenu::item:selected {{ background: {t.secondary}; }}
QMenu::item:disabled {{ color: {t.faint}; }}
QLineEdit, QSpinBox {{ background: {t.background}; border: 1px solid {t.panel_line};
                       border-radius: 6px; min-height: 40px; padding: 2px 8px; }}
QLineEdit:focus, QSpinBox:focus {{ border: 3px solid {t.current}; }}
"""


def bar_button_style(background: str = "", *, compact: bool = False) -> str:
    """The style of a button in the dealer's top bar (smaller than the step panel's: the bar
    holds several, and its device words need the room); ``compact``: a point smaller and less
    padding, when the bar is narrow (1280 pixels) and the devices' names would not read whole.

    >>> "12pt" in bar_button_style(), "11pt" in bar_button_style(compact=True)
    (True, True)
    """
    colour = f" background: {background};" if background else ""
    points, padding = (11, 6) if compact else (12, 10)
    return ("QPushButton { min-height: 36px; max-height: 40px; "
            f"padding: 2px {padding}px; font-size: {points}pt;{colour} }}"
            + (f" {disabled_button_rule()}" if background else ""))
