"""How the bar's and the dialogs' buttons read: numbered buttons show their key as a keycap,
the Expedition switch does not claim a card was chosen, dialog buttons carry no theme icons."""

from __future__ import annotations

from typing import Any

import pytest
from PySide6.QtWidgets import QDialogButtonBox, QProxyStyle, QStyle

from frostdesk.engine.session import Seat
from frostdesk.ui import theme

pytestmark = pytest.mark.ui


class _IconTheme(QProxyStyle):
    """A desktop theme that puts icons on dialog buttons (as KDE and GNOME do)."""

    def styleHint(self, hint: Any, option: Any = None, widget: Any = None,  # noqa: N802
                  data: Any = None) -> int:
        if hint == QStyle.StyleHint.SH_DialogButtonBox_ButtonsHaveIcons:
            return 1
        return int(super().styleHint(hint, option, widget, data))


def _box(style: QStyle, sheet: str = "") -> QDialogButtonBox:
    box = QDialogButtonBox()
    box.setStyle(style)
    box.setStyleSheet(sheet)
    box.setStandardButtons(QDialogButtonBox.StandardButton.Ok
                           | QDialogButtonBox.StandardButton.Cancel)
    return box


def test_dialog_buttons_carry_no_theme_icons(qtbot: Any, qapp: Any) -> None:
    app_sheet = qapp.styleSheet()  # (another test of this run may have themed the app)
    qapp.setStyleSheet("")
    try:
        themed = _box(_IconTheme("Fusion"))
        qtbot.addWidget(themed)
        # the desktop theme alone would put its icons on OK and Cancel ...
        assert all(not b.icon().isNull() for b in themed.buttons())
    finally:
        qapp.setStyleSheet(app_sheet)
    ours = _box(_IconTheme("Fusion"), theme.style_sheet())
    qtbot.addWidget(ours)
    # ... the app's style sheet never lets it
    assert [b.icon().isNull() for b in ours.buttons()] == [True, True]


def test_the_app_theme_uses_plain_dialog_buttons(qtbot: Any) -> None:
    class App:  # records what apply_theme sets, leaving the test run's application alone
        def __init__(self) -> None:
            self.sheets: list[str] = []

        def setStyleSheet(self, sheet: str) -> None:  # noqa: N802
            self.sheets.append(sheet)

        def __getattr__(self, name: str) -> Any:
            return lambda *args: None

    app = App()
    theme.apply_theme(app, set_style=False)  # type: ignore[arg-type]
    assert len(app.sheets) == 1 and theme.PLAIN_DIALOG_BUTTONS in app.sheets[0]
    assert "QPushButton" in app.sheets[0]  # the app's own sheet comes with it


def test_numbered_buttons_draw_their_key_as_a_keycap(make_table: Any) -> None:
    t = make_table()
    t.controller.new_game("frost-shelter", [Seat("Ana"), Seat("Bot", "bot", "heuristic")],
                          seed=3)
    gs = t.screen
    gs._clear_action_buttons()
    gs._add_action_button("Collect 2 cards", None, True, "Take them")
    gs._add_action_button("Draw 1", None, False)
    first, second = gs.action_buttons
    # the label is the label; the key is a keycap icon beside it
    assert (first.text(), second.text()) == ("Collect 2 cards", "Draw 1")
    assert not first.icon().isNull() and not second.icon().isNull()
    assert (first.property("key"), second.property("key")) == (1, 2)
    assert first.toolTip() == "Take them (key 1)" and second.toolTip() == "Key 2"
    # a primary (amber) button's keycap is drawn in its dark ink, a plain one's in light ink
    img_primary = first.icon().pixmap(30, 22).toImage()
    img_plain = second.icon().pixmap(30, 22).toImage()
    assert img_primary != img_plain


def test_the_expedition_switch_does_not_claim_a_card_was_chosen(make_table: Any) -> None:
    t = make_table()
    t.controller.new_game("frost-shelter", [Seat("Ana"), Seat("Bot", "bot", "heuristic")],
                          seed=3)
    b = t.screen.exp_button
    assert b.text() == "Go on Expedition" and "card" not in b.text()
    assert not b.icon().isNull()  # its key, E, as a keycap
    b.setChecked(True)
    assert b.text() == "Expedition: pick a card"
    b.setChecked(False)
    assert b.text() == "Go on Expedition"


def test_a_waiting_confirm_button_is_not_marked_as_the_hint(make_table: Any) -> None:
    # A confirm button waiting for a complete selection has no action yet; with no hint shown
    # (no hinted action either) it must not wear the hint's border.
    t = make_table()
    t.controller.new_game("frost-shelter", [Seat("Ana"), Seat("Bot", "bot", "heuristic")],
                          seed=3)
    gs = t.screen
    gs.hint_action = None
    gs._clear_action_buttons()
    gs._add_action_button("Collect", None, True, enabled=False)
    assert gs.action_buttons[0].property("hint") is False


def test_the_trick_heading_names_a_relic_lead_once(make_table: Any, monkeypatch: Any) -> None:
    from PySide6.QtCore import QRectF
    from PySide6.QtGui import QImage, QPainter

    from frostdesk.ui.games.frost_shelter import zones

    t = make_table()
    t.controller.new_game("frost-shelter", [Seat("Ana"), Seat("Bot", "bot", "heuristic")],
                          seed=3)
    zone = next(item for key, item in t.screen.scene.items_by_key.items()
                if isinstance(item, zones.ZoneItem))
    said: list[str] = []
    monkeypatch.setattr(zones, "_t", lambda p, r, text, *a, **k: said.append(text))
    img = QImage(400, 100, QImage.Format.Format_ARGB32)
    p = QPainter(img)
    zone._trick_info(p, QRectF(0, 0, 400, 100), {"label": "TRICK", "lead": 1, "relic": 1})
    zone._trick_info(p, QRectF(0, 0, 400, 100), {"label": "TRICK", "lead": 0, "relic": 1})
    p.end()
    names = t.controller.game.content.resource_names
    assert said == ["lead and Relic", names[1], "lead", names[0], "Relic", names[1]]
