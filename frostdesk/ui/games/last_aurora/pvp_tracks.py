"""Player vs. Player on Last Aurora's table: each convoy's PvP card (Evasion, 4 spaces with
their shields; Aggression, 8 spaces with their rewards) and the two counters on it.

Your card sits at the foot of your board, right of your Objects, in two rows (or on one row
at the right of your board's top line while a survivor zone holds five and reaches the foot);
a rival's takes its compact board's third line, on one row (the survivors and Targets that
line held move up beside the name). The counters are items of their own
(`("marker", track, seat)`), so a counter slides along its track when the rules move it
(motions.py: `Moved(marker, ("track", track, seat, from), ("track", track, seat, to))`).
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QPainter, QPen

from frostdesk.games.last_aurora.state import State
from frostdesk.ui import theme
from frostdesk.ui.kit.icons import draw_icon
from frostdesk.ui.kit.layout import Spec
from frostdesk.ui.kit.text import draw_text

BOX = 24.0  # a track space, in table units
GAP = 3.0
LABEL_W = 116.0  # "Evasion" / "Aggression" before the spaces (your board)
COUNTER = QColor("#b8463d")  # a Damage counter stands on the space
ICONS = {"shield": "shield", "repair": "gear", "object": "deck", "player_hit": "damage"}
WORDS = {"shield": "a shield: ignores 1 damage from a rival", "fame": "+1 Fame",
         "repair": "repair 1 Damage", "object": "draw 1 Object",
         "player_hit": "Player Hit: a rival you hit loses 1 Fame (at −1, 1 Damage on cargo)",
         "blank": "nothing"}


LINE_W = 2 * 34.0 + 12 * (22.0 + 2.0)  # your card on one row (five survivors in a zone)


def card_rect(layout: Any, s: State, seat: int) -> tuple[float, float, float, float, str]:
    """(x, y, w, h, mode) of a convoy's PvP card. Mode "mine": yours, two rows at the foot of
    your board right of your Objects; "line", on one row: yours at the right of your board's
    top line when a survivor zone holds five and reaches the foot, or a rival's on its compact
    board's third line."""
    if seat == layout.bottom:
        x, y, w, h = layout.mine_rect()
        rows = max((sum(1 for v in s.surv[seat] if v[1] == z) for z in "ARX"), default=0)
        if rows >= 5:
            return x + w - LINE_W - 10, y + 4, LINE_W, 26.0, "line"
        width = LABEL_W + 8 * (BOX + GAP) + 8
        height = 2 * (BOX + GAP) + 4
        return x + w - width - 8, y + h - height - 6, width, height, "mine"
    rx, ry = layout.rival_point(seat)
    r = layout.t["rivals"]
    w, h = float(r["w"]), float(r["h"])
    return rx - w / 2 + 10, ry - h / 2 + 74, LINE_W, 26.0, "line"


def space_point(layout: Any, s: State, seat: int, track: str, space: int
                ) -> tuple[float, float]:
    """The centre of a track's space (1-based) on a convoy's PvP card."""
    x, y, _, _, mode = card_rect(layout, s, seat)
    k = space - 1
    if mode == "line":  # "Ev" and its 4 spaces, then "Ag" and its 8
        small = 22.0 + 2.0
        at = 34.0 + k * small if track == "evasion" else 2 * 34.0 + (4 + k) * small
        return x + at + 11.0, y + 13.0
    row = 0 if track == "evasion" else 1
    return x + LABEL_W + k * (BOX + GAP) + BOX / 2, y + 2 + row * (BOX + GAP) + BOX / 2


def specs(layout: Any, g: Any, s: State) -> dict[Any, Spec]:
    """The PvP cards and their counters for every convoy (nothing without the module)."""
    out: dict[Any, Spec] = {}
    if "pvp" not in s.modules:
        return out
    rules = g.content.pvp
    for seat in range(s.n):
        x, y, w, h, mode = card_rect(layout, s, seat)
        tip = (f"{layout.names[seat]}'s PvP card. Evasion on space {s.evasion[seat]}: "
               f"ignores {g.pvp.shields(s.evasion[seat])} damage from a rival's shot. "
               f"Aggression on space {s.aggression[seat]}: when the shooting is over, gains "
               + (", ".join(WORDS[i] for i in g.pvp.icons(s.aggression[seat])) or "nothing")
               + ".")
        out[("pvp", seat)] = Spec("pvp", x + w / 2, y + h / 2, 1.0, 0, 3, data={
            "w": w, "h": h, "mode": mode, "evasion": list(rules.evasion),
            "aggression": list(rules.aggression), "tip": tip})
        for track, at in (("evasion", s.evasion[seat]), ("aggression", s.aggression[seat])):
            px, py = space_point(layout, s, seat, track, at)
            out[("marker", track, seat)] = Spec("marker", px, py, 1.0, 0, 4, data={
                "w": 22.0 if mode == "line" else BOX, "h": 22.0 if mode == "line" else BOX,
                "tip": tip})
    return out


def paint_card(p: QPainter, r: QRectF, d: dict[str, Any]) -> None:
    """The PvP card: each track's label and spaces, with the spaces' icons."""
    mode = str(d.get("mode"))
    p.setPen(QPen(QColor("#34485c"), 1.2))
    p.setBrush(QColor(20, 32, 44, 150))
    p.drawRoundedRect(r, 7, 7)
    ev, agg = list(d["evasion"]), list(d["aggression"])
    dim, semi = theme.TEXT_DIM, QFont.Weight.DemiBold
    if mode == "line":
        small = 22.0
        for label, at in (("Ev", 0.0), ("Ag", 34.0 + 4 * (small + 2))):
            draw_text(p, QRectF(r.left() + at, r.top() + 2, 34.0, small), label, 19, dim,
                      semi)
        for k, icon in enumerate(ev + agg):
            at = 34.0 + k * (small + 2) + (34.0 if k >= len(ev) else 0.0)
            _space(p, QRectF(r.left() + at, r.top() + 2, small, small), icon)
        return
    for i, (label, icons) in enumerate((("Evasion", ev), ("Aggression", agg))):
        top = r.top() + 2 + i * (BOX + GAP)
        draw_text(p, QRectF(r.left() + 4, top, LABEL_W - 10, BOX), label, 19, dim, semi,
                  Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        for k, icon in enumerate(icons):
            _space(p, QRectF(r.left() + LABEL_W + k * (BOX + GAP), top, BOX, BOX), icon)


def _space(p: QPainter, box: QRectF, icon: str) -> None:
    p.setPen(QPen(QColor("#6d8193"), 1.0))
    p.setBrush(QColor("#dfe7ee"))
    p.drawRoundedRect(box, 4, 4)
    inner = box.adjusted(3, 3, -3, -3)
    if icon == "fame":
        draw_text(p, box, "★", 20, QColor("#b8860b"), QFont.Weight.Bold)
    elif icon in ICONS:
        colour = QColor("#b8463d") if icon == "player_hit" else QColor("#2f5f86")
        draw_icon(p, ICONS[icon], inner, colour, tint=True)


def paint_marker(p: QPainter, r: QRectF) -> None:
    """The counter on its space: a Damage counter's red ring, so the icon stays readable."""
    p.setPen(QPen(COUNTER, 3.4))
    p.setBrush(QColor(184, 70, 61, 60))
    c = QPointF(r.center())
    p.drawEllipse(c, r.width() / 2 + 1, r.height() / 2 + 1)
