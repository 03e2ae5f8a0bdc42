"""The payment picker: how to pay a threat activation or a purchase, one choice per button.

It lists the legal payments (game.legal is the only source) with the tokens each station
gives up, the suggested one (the heuristic bot's cheapest) first and preselected. The player
picks another with a click or the number keys and confirms with Pay (or Enter). "Use distress
beacon" appears when a beacon may be used and becomes the main button when nothing can pay;
"Cancel purchase" appears while paying for a purchase.

It floats over the middle of the table (the shop and the tray, which a payment does not need),
so the table never changes size or moves while it shows.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from PySide6.QtCore import QEvent, QObject, QRect, QRectF, QSize, Qt, QTimer, Signal
from PySide6.QtGui import QColor, QFont, QFontMetricsF, QIcon, QPainter, QPixmap
from PySide6.QtWidgets import (
    QButtonGroup,
    QFrame,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QScrollArea,
    QSizePolicy,
    QVBoxLayout,
    QWidget,
)

from frostdesk.ui import theme
from frostdesk.ui.games.frontier_stations import icons
from frostdesk.ui.kit.icons import KEYCAP_SIZE, keycap_icon
from frostdesk.ui.kit.screen import KEYCAP_INK, label_pair
from frostdesk.ui.kit.text import draw_text

CHIP_H = 46
NAME_PX = 11.5 * 96 / 72  # the station names on a payment button (11.5 pt)
SMALL_PX = 11.2 * 96 / 72  # counts and notes on it (never below the 11 pt floor)
MARGIN = 10  # between the floating picker and the table's edge


@dataclass
class PayOption:
    """One legal payment: the action, what each station gives up, and its words."""

    action: Any
    parts: list[tuple[str, list[int]]]  # (station name, five counts spent)
    via: str  # converters used, if any ("Force Field")
    label: str  # the game's description (the tooltip)
    warning: str = ""  # why this payment is a mistake (it leaves the roll unpayable)
    tag: str = ""  # its short form on the button ("LOSES THE GAME", "NEEDS A BEACON")


def chip_pixmap(option: PayOption, suggested: bool, dpr: float) -> QPixmap:
    """The picture on a payment button: per station, its name and the tokens it spends."""
    bold, demi = QFont.Weight.Bold, QFont.Weight.DemiBold
    fm = QFontMetricsF(theme.scene_font(NAME_PX, bold))
    fs = QFontMetricsF(theme.scene_font(SMALL_PX, demi))
    icon = 20.0
    parts = option.parts or [("nothing", [0] * 5)]
    width = 8.0
    if suggested:
        width += fs.horizontalAdvance("SUGGESTED") + 16
    if option.tag:
        width += fs.horizontalAdvance(option.tag) + 16
    for name, counts in parts:
        width += fm.horizontalAdvance(name) + 8
        for n in counts:
            if n:
                width += icon + 2 + (fs.horizontalAdvance(f"×{n}") + 6 if n > 1 else 2)
        width += 14
    if option.via:
        width += fs.horizontalAdvance(f"via {option.via}") + 10
    w, h = int(width + 6), CHIP_H - 10
    pm = QPixmap(int(w * dpr), int(h * dpr))
    pm.setDevicePixelRatio(dpr)
    pm.fill(Qt.GlobalColor.transparent)
    p = QPainter(pm)
    p.setRenderHint(QPainter.RenderHint.Antialiasing)
    p.setRenderHint(QPainter.RenderHint.TextAntialiasing)
    left = Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter
    x = 4.0
    if suggested:
        tw = fs.horizontalAdvance("SUGGESTED") + 12
        tag = QRectF(x, (h - 22) / 2, tw, 22)
        p.setPen(Qt.PenStyle.NoPen)
        p.setBrush(theme.HINT)
        p.drawRoundedRect(tag, 11, 11)
        draw_text(p, tag, "SUGGESTED", SMALL_PX, QColor("#0b1f19"), demi)
        x += tw + 4
    if option.tag:  # the words say it, not the colour alone
        tw = fs.horizontalAdvance(option.tag) + 12
        tag = QRectF(x, (h - 22) / 2, tw, 22)
        p.setPen(Qt.PenStyle.NoPen)
        p.setBrush(QColor("#b8432f"))
        p.drawRoundedRect(tag, 4, 4)
        draw_text(p, tag, option.tag, SMALL_PX, QColor("white"), demi)
        x += tw + 4
    for name, counts in parts:
        nw = fm.horizontalAdvance(name)
        draw_text(p, QRectF(x, 0, nw + 4, h), name, NAME_PX, theme.TEXT, bold, left)
        x += nw + 8
        for kind, n in enumerate(counts):
            if not n:
                continue
            icons.draw_token(p, kind, QRectF(x, (h - icon) / 2, icon, icon))
            x += icon + 2
            if n > 1:
                label = f"×{n}"
                lw = fs.horizontalAdvance(label)
                draw_text(p, QRectF(x, 0, lw + 4, h), label, SMALL_PX, theme.TEXT, demi, left)
                x += lw + 6
            else:
                x += 2
        x += 14
    if option.via:
        label = f"via {option.via}"
        draw_text(p, QRectF(x - 8, 0, fs.horizontalAdvance(label) + 6, h), label, SMALL_PX,
                  theme.TEXT_DIM, demi, left)
    p.end()
    return pm


class PaymentPicker(QFrame):
    """See the module docstring."""

    pay = Signal(object)  # the Pay action picked
    other = Signal(object)  # Beacon or Cancel

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("paymentPicker")
        self.setAutoFillBackground(True)
        self.options: list[PayOption] = []
        self.chips: list[QPushButton] = []
        self.beacon_action: Any = None
        self.cancel_action: Any = None
        self.hint_action: Any = None
        box = QHBoxLayout(self)
        box.setContentsMargins(14, 8, 14, 8)
        box.setSpacing(12)
        left, self.title, self.note = label_pair(
            "pickerTitle", theme.font(12.5, QFont.Weight.Bold), "pickerNote", theme.font(11), 4)
        self.warning = QLabel()
        self.warning.setObjectName("pickerWarning")
        self.warning.setFont(theme.font(11, QFont.Weight.Bold))
        self.warning.setWordWrap(True)
        self.warning.hide()
        left.addWidget(self.warning)
        self.grid_host = QWidget()
        self.grid = QGridLayout(self.grid_host)
        self.grid.setContentsMargins(0, 0, 0, 0)
        self.grid.setHorizontalSpacing(8)
        self.grid.setVerticalSpacing(6)
        self.chip_scroll = QScrollArea()
        self.chip_scroll.setObjectName("pickerScroll")
        self.chip_scroll.setWidget(self.grid_host)
        self.chip_scroll.setWidgetResizable(True)
        self.chip_scroll.setFrameShape(QFrame.Shape.NoFrame)
        self.chip_scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        left.addWidget(self.chip_scroll, 1)
        box.addLayout(left, 1)
        side = QVBoxLayout()
        side.setSpacing(6)
        self.pay_button = QPushButton("Pay")
        self.pay_button.setObjectName("pickerPay")
        self.pay_button.setProperty("primary", True)
        self.pay_button.setFont(theme.font(12, QFont.Weight.Bold))
        self.pay_button.setMinimumSize(170, 38)
        self.pay_button.setToolTip("Pay with the selected tokens (Enter)")
        self.pay_button.clicked.connect(self._pay_clicked)
        self.beacon_button = QPushButton("Use distress beacon")
        self.beacon_button.setObjectName("pickerBeacon")
        self.beacon_button.setMinimumSize(170, 34)
        self.beacon_button.clicked.connect(lambda: self.other.emit(self.beacon_action))
        self.cancel_button = QPushButton("Cancel purchase")
        self.cancel_button.setObjectName("pickerCancel")
        self.cancel_button.setMinimumSize(170, 34)
        self.cancel_button.clicked.connect(lambda: self.other.emit(self.cancel_action))
        for b, key in ((self.beacon_button, "B"), (self.cancel_button, "C")):
            b.setIcon(keycap_icon(key, KEYCAP_INK[False]))  # its key, drawn as a keycap
            b.setIconSize(QSize(*KEYCAP_SIZE))
        self.beacon_button.setToolTip("Stop this threat with a distress beacon (key B)")
        self.cancel_button.setToolTip("Take the purchase back (key C)")
        for b in (self.pay_button, self.beacon_button, self.cancel_button):
            side.addWidget(b)
        side.addStretch(1)
        box.addLayout(side)
        self.group = QButtonGroup(self)
        self.group.setExclusive(True)
        self.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Fixed)
        # where on the parent it floats: the table's middle (set by the screen)
        self.home: Callable[[], QRect | None] = lambda: None
        self._want = 660  # the width two columns of the current payments need
        if parent is not None:
            parent.installEventFilter(self)
        self.hide()

    # ------------------------------------------------------------------ where it floats

    def eventFilter(self, obj: QObject, event: QEvent) -> bool:  # noqa: N802
        if obj is self.parentWidget() and event.type() == QEvent.Type.Resize \
                and self.isVisible():
            QTimer.singleShot(0, self.place)  # once the table has its new layout
        return super().eventFilter(obj, event)

    def _width(self) -> int:
        """As wide as the table's middle, at least two columns of payments, at most the
        table's width."""
        host = self.parentWidget()
        if host is None:
            return 900
        home = self.home() or QRect(0, 0, host.width(), host.height())
        room = host.width() - 2 * MARGIN
        return max(min(self._want, room), min(home.width() + 2 * MARGIN, room, 1100))

    def place(self) -> None:
        """Float over the table's middle (or the table's centre): at least wide enough for
        two columns of payments, as tall as its content, never past the table's edges."""
        host = self.parentWidget()
        lay = self.layout()
        if host is None or lay is None or not self.isVisible():
            return
        home = self.home() or QRect(0, 0, host.width(), host.height())
        w = self._width()
        h = lay.totalHeightForWidth(w) if lay.hasHeightForWidth() else \
            lay.totalSizeHint().height()
        h = max(h, lay.totalMinimumSize().height())
        x = min(max(MARGIN, home.center().x() - w // 2), host.width() - MARGIN - w)
        y = min(max(MARGIN, home.top() - MARGIN), host.height() - MARGIN - h)
        self.setGeometry(x, max(0, y), w, h)
        self.raise_()

    # ------------------------------------------------------------------ content

    def set_choice(self, title: str, note: str, options: list[PayOption], beacon: Any,
                   beacon_label: str, cancel: Any) -> None:
        """Show these payments (suggested first) and the beacon / cancel buttons."""
        self.title.setText(title)
        self.note.setText(note)
        self.options = list(options)
        self.beacon_action = beacon
        self.cancel_action = cancel
        self.hint_action = None
        for b in self.chips:
            self.group.removeButton(b)
            self.grid.removeWidget(b)
            b.hide()
            b.deleteLater()
        self.chips = []
        dpr = self.devicePixelRatioF() or 1.0
        pixmaps = [chip_pixmap(opt, i == 0, dpr) for i, opt in enumerate(self.options)]
        widest = max((pm.width() / dpr for pm in pixmaps), default=200) + 30
        # as many columns as the floating picker's width holds (beside its buttons)
        side = max([170] + [QFontMetricsF(theme.font(12, QFont.Weight.Bold))
                            .horizontalAdvance(t) + 44 for t in (beacon_label, "Cancel purchase")])
        chrome = 28 + 12 + side + 18
        self._want = int(chrome + 2 * widest + 8)  # two columns of payments
        room = self._width() - chrome
        columns = max(1, min(4, int(room // widest)))
        for i, opt in enumerate(self.options):
            b = QPushButton()
            b.setObjectName("payOption")
            b.setCheckable(True)
            pm = pixmaps[i]
            b.setIcon(QIcon(pm))
            b.setIconSize(QSize(int(pm.width() / dpr), int(pm.height() / dpr)))
            b.setMinimumHeight(CHIP_H)
            b.setFocusPolicy(Qt.FocusPolicy.NoFocus)  # the keys (1-9, Enter) stay on the table
            tip = f"{i + 1}: {opt.label}" if i < 9 else opt.label
            b.setToolTip(f"{tip}\n{opt.warning}" if opt.warning else tip)
            b.setAccessibleName(opt.label)
            b.clicked.connect(lambda _=False, k=i: self.select(k))
            self.group.addButton(b, i)
            self.grid.addWidget(b, i // columns, i % columns)
            self.chips.append(b)
        if self.chips:
            self.chips[0].setChecked(True)
        self._show_warning()
        rows = max(1, min(2, (len(self.chips) + columns - 1) // columns))
        more = len(self.chips) > 2 * columns  # a third row scrolls; show that it does
        self.chip_scroll.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOn if more
                                               else Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.chip_scroll.setFixedHeight(rows * CHIP_H + (rows - 1) * 6 + 2 if self.chips else 0)
        self.pay_button.setVisible(bool(self.options))
        self.beacon_button.setVisible(beacon is not None)
        self.beacon_button.setText(beacon_label)
        stressed = beacon is not None and not self.options
        self.beacon_button.setProperty("primary", stressed)
        self.beacon_button.setProperty("danger", stressed)
        self.beacon_button.setFont(theme.font(12 if stressed else 11,
                                              QFont.Weight.Bold if stressed
                                              else QFont.Weight.Normal))
        self.beacon_button.setMinimumHeight(46 if stressed else 34)
        for b in (self.beacon_button,):
            b.style().unpolish(b)
            b.style().polish(b)
        self.cancel_button.setVisible(cancel is not None)
        self.show()
        self.place()

    def clear(self) -> None:
        self.options = []
        self.hide()

    def selected_index(self) -> int:
        for i, b in enumerate(self.chips):
            if b.isChecked():
                return i
        return -1

    def selected_action(self) -> Any:
        i = self.selected_index()
        return self.options[i].action if 0 <= i < len(self.options) else None

    def select(self, index: int) -> None:
        if 0 <= index < len(self.chips):
            self.chips[index].setChecked(True)
            self.chip_scroll.ensureWidgetVisible(self.chips[index])
        self._show_warning()

    def _show_warning(self) -> None:
        """The selected payment's warning, in words, under the note (hidden when none)."""
        i = self.selected_index()
        text = self.options[i].warning if 0 <= i < len(self.options) else ""
        self.warning.setText(f"Careful: {text}" if text else "")
        self.warning.setVisible(bool(text))
        if self.isVisible():
            self.place()

    def select_action(self, action: Any) -> bool:
        for i, opt in enumerate(self.options):
            if opt.action == action:
                self.select(i)
                return True
        return False

    def mark_hint(self, action: Any) -> None:
        """Show the hinted choice: its button gets the hint border and is selected."""
        self.hint_action = action
        for i, (b, opt) in enumerate(zip(self.chips, self.options, strict=True)):
            on = opt.action == action
            b.setProperty("hint", on)
            b.style().unpolish(b)
            b.style().polish(b)
            if on:
                self.select(i)
        for b, a in ((self.beacon_button, self.beacon_action),
                     (self.cancel_button, self.cancel_action)):
            b.setProperty("hint", a is not None and a == action)
            b.style().unpolish(b)
            b.style().polish(b)

    def _pay_clicked(self) -> None:
        action = self.selected_action()
        if action is not None:
            self.pay.emit(action)

    def confirm(self) -> bool:
        """Enter: pay the selected option (or use the beacon when nothing can pay)."""
        if self.options:
            self._pay_clicked()
            return True
        if self.beacon_action is not None:
            self.other.emit(self.beacon_action)
            return True
        return False
