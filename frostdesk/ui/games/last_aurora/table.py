"""Last Aurora's table: the Board the motions change, where everything sits (from
cards/last-aurora/table.yaml), its items and its scene.

Top: the road (one item per mile, the Aurora, the convoys' tokens). Middle: the Exploration
Zone's five cells with their cards (enemies with their Damage and Target boxes), and the decks.
Bottom left: your convoy (trucks, trailers and devices as columns of cells), your survivors in
their three zones, Fame, Objects and Targets. Bottom right: the rivals' compact boards.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from types import SimpleNamespace
from typing import Any

from PySide6.QtCore import QPointF, QRectF, Qt, Signal
from PySide6.QtGui import (
    QColor,
    QFont,
    QFontMetricsF,
    QPainter,
    QPainterPath,
    QPen,
    QPixmap,
    QPolygonF,
)

from frostdesk.engine.catalogue import load_data
from frostdesk.engine.motion import Motion, Moved, Ref
from frostdesk.games.last_aurora.state import EMPTY, State
from frostdesk.ui import theme
from frostdesk.ui.games.last_aurora import pvp_tracks
from frostdesk.ui.kit.items import PreviewItem, TableItem, pixmap_painter
from frostdesk.ui.kit.layout import Spec
from frostdesk.ui.kit.scene import TableScene
from frostdesk.ui.kit.text import (
    draw_pair,
    draw_text,
    elide,
    first_fit,
    fit_text,
    fits,
    floor_px,
    shown_px,
)

FACE = QColor("#f1ece2")
INK = QColor("#1d2a36")
INK_DIM = QColor("#4a5a68")
BAND = {"survivor": "#6fa8d6", "truck": "#d98c4a", "trailer": "#c9a25a", "device": "#9a86c9",
        "location": "#7fb07a", "encounter": "#d7c35a", "event": "#c06a6a", "enemy": "#b8463d"}
REGION_TINT = ("#24384a", "#27404a", "#2c3a52")  # Valley, Coast, Bay
TOKEN = {"fuel": QColor("#e0744f"), "food": QColor("#7cc46a"), "ammo": QColor("#e6c350"),
         "surv": QColor("#8fc1ea")}
TOKEN_LETTER = {"fuel": "F", "food": "Fd", "ammo": "A", "surv": "☺"}
PHASE_WORDS = {"explore": "Exploration (last to first)", "rest": "Rest (last to first)",
               "move": "Movement (first to last)", "flare": "Fire Weapons: Flare Guns",
               "fire": "Fire Weapons (first to last)", "offer": "An Event's offer",
               "over": "The game is over"}


def phase_words(s: State) -> str:
    """The header's words for the phase; a choice put to a player names the phase it
    interrupts ("End of Round" for the Automa's card)."""
    if s.phase == "choose" and s.pending:
        if s.pending[1] == "eor":
            return "End of Round: a choice"
        if len(s.pending) > 2 and str(s.pending[2]) in PHASE_WORDS:
            return PHASE_WORDS[str(s.pending[2])] + ": a choice"
    if s.phase == "story" and s.story is not None and s.story.reading:  # Module 4
        then, phase = s.story.reading[4], str(s.story.reading[6])
        if then == "eor":
            return "End of Round: a Story card"
        if then == "fw":
            return "Fire Weapons: a Story card"
        return PHASE_WORDS.get(phase, "").split(" (")[0] + ": a Story card"
    return PHASE_WORDS.get(s.phase, "")


def load_table(folder: str | Path) -> dict[str, Any]:
    """table.yaml of the game's cards folder, checked for the keys the layout reads."""
    path = Path(folder) / "table.yaml"
    data = load_data(path.read_text(encoding="utf-8"))
    need = ("size", "header", "road", "zone", "decks", "mine", "rivals", "colours", "shapes")
    missing = [k for k in need if not isinstance(data, dict) or k not in data]
    if missing:
        raise ValueError(f"{path}: missing {', '.join(missing)}")
    return dict(data)


# ---------------------------------------------------------------------------- the board


class AuroraBoard:
    """The table the screen shows (a view of the game) as motions change it: the kit's Board.
    Zones: ("mile", m), ("aurora",), ("zone", cell), ("pile", name), ("convoy", seat),
    ("rest", seat), ("hand", seat). Values (Changed) show with the real view at the batch's
    end."""

    def __init__(self, state: State, game: Any) -> None:
        self.state = state
        self.game = game

    def copy(self) -> AuroraBoard:
        return AuroraBoard(self.state.copy(), self.game)

    def apply(self, motion: Motion) -> Sequence[Ref]:
        if not isinstance(motion, Moved):
            return ()
        s = self.state
        piece, target = motion.piece, motion.target
        if piece[0] == "marker" and target[0] == "track":  # a PvP counter (pvp_tracks.py)
            values = s.evasion if piece[1] == "evasion" else s.aggression
            values[int(piece[2])] = int(target[3])
            return [piece]
        if piece[0] == "convoy":
            seat = int(piece[1])
            if target[0] == "mile":
                s.mile[seat] = int(target[1])
            elif target == ("aurora",) and seat not in s.boarded:
                s.boarded.append(seat)
            return [piece]
        if piece == ("aurora",) and target[0] == "mile":
            s.aurora = int(target[1])
            return [piece]
        if piece[0] != "card":
            return ()
        card = self.game.content.by_id(str(piece[1])).index
        if card in s.zone:  # it leaves its cell
            s.zone[s.zone.index(card)] = EMPTY
        if target[0] == "zone":
            cell = int(target[1])
            s.zone[cell] = card
            s.edmg[cell] = 0
            s.etgt[cell] = [-1] * 4
        return [piece]


# ---------------------------------------------------------------------------- layout


class AuroraLayout:
    """Where every item rests for a view seen by `bottom` (see the module docstring)."""

    def __init__(self, game: Any, table: dict[str, Any], n: int, bottom: int,
                 names: list[str], bots: list[str]) -> None:
        self.game = game
        self.t = table
        self.n = n
        self.bottom = bottom
        self.names = names
        self.bots = bots
        road = table["road"]
        self.miles = game.content.road.miles
        self.space_w = float(road["w"]) / (self.miles + 1)
        self.colours = [str(c) for c in table["colours"]]
        self.shapes = [str(s) for s in table["shapes"]]

    # places of zones (the scene's anchors read these too)

    def mile_point(self, m: int) -> tuple[float, float]:
        road = self.t["road"]
        return (float(road["x"]) + (m + 0.5) * self.space_w,
                float(road["y"]) + float(road["space_h"]) / 2)

    def token_point(self, m: int, k: int, count: int) -> tuple[float, float]:
        road = self.t["road"]
        x, _ = self.mile_point(m)
        col, row = k % 2, k // 2
        dx = (col - 0.5) * 22 if count > 1 else 0.0
        return x + dx, float(road["tokens_y"]) + row * 24

    def cell_rect(self, cell: int) -> tuple[float, float, float, float]:
        z = self.t["zone"]
        x = float(z["x"]) + cell * (float(z["cell_w"]) + float(z["gap"]))
        return x, float(z["y"]), float(z["cell_w"]), float(z["head_h"]) + float(z["card_h"])

    def card_point(self, cell: int) -> tuple[float, float]:
        x, y, w, _ = self.cell_rect(cell)
        z = self.t["zone"]
        return x + w / 2, y + float(z["head_h"]) + float(z["card_h"]) / 2

    def deck_point(self, i: int) -> tuple[float, float]:
        d = self.t["decks"]
        col, row = i % 3, i // 3
        return (float(d["x"]) + col * (float(d["w"]) + float(d["gap"])) + float(d["w"]) / 2,
                float(d["y"]) + row * (float(d["h"]) + float(d["gap"])) + float(d["h"]) / 2)

    def rival_point(self, seat: int) -> tuple[float, float]:
        r = self.t["rivals"]
        others = [x for x in self.order_from_bottom() if x != self.bottom]
        k = others.index(seat) if seat in others else 0
        return (float(r["x"]) + float(r["w"]) / 2,
                float(r["y"]) + k * (float(r["h"]) + float(r["gap"])) + float(r["h"]) / 2)

    def order_from_bottom(self) -> list[int]:
        return [(self.bottom + k) % self.n for k in range(self.n)]

    def mine_rect(self) -> tuple[float, float, float, float]:
        m = self.t["mine"]
        return float(m["x"]), float(m["y"]), float(m["w"]), float(m["h"])

    def column_point(self, col: int, device: bool) -> tuple[float, float]:
        x, y, _, _ = self.mine_rect()
        return x + 10 + col * 117 + 56, y + (104 if device else 204)

    def survivor_point(self, zone: str, k: int) -> tuple[float, float]:
        x, y, _, _ = self.mine_rect()
        col = "ARX".index(zone)
        return x + 486 + col * 119 + 57, y + 84 + k * 46

    # the specs

    def specs(self, s: State, extra: dict[str, Any]) -> dict[Any, Spec]:
        g = self.game
        out: dict[Any, Spec] = {}
        to_move = extra.get("to_move")
        hx = self.t["header"]
        order = [self.names[x] for x in s.order if x < len(self.names)]
        ship_x, _ = self.mile_point(s.aurora)  # the turn order ends before the ship's name
        out[("header",)] = Spec("header", float(hx["x"]) + float(hx["w"]) / 2,
                                float(hx["y"]) + float(hx["h"]) / 2, 1.0, 0, 2, data={
            "text": (f"Round {s.round} of {g.content.rounds} · {phase_words(s)}"
                     if s.phase != "over" else PHASE_WORDS["over"]),
            "order": "Turn order: " + " → ".join(order),
            "order_room": ship_x - AuroraPiece.W / 2 - AuroraPiece.LABEL - 8 - float(hx["x"]),
            "w": float(hx["w"]), "h": float(hx["h"])})
        # the road
        road = g.content.road
        counters = {m: g.content.counters[k].name for m, k in s.counters}
        mines = {m: owner for m, owner in s.mines} if s.mines else {}  # the optional Mine
        for m in range(self.miles + 1):
            x, y = self.mile_point(m)
            marks = []
            if m in road.waypoints:
                marks.append(f"W{road.waypoints.index(m) + 1}")
            out[("mile", m)] = Spec("mile", x, y, 1.0, 0, 3, data={
                "mile": m, "w": self.space_w, "h": float(self.t["road"]["space_h"]),
                "region": road.region(m), "wp": marks[0] if marks else "",
                "counter": counters.get(m, ""), "wreck": m in s.wrecks,
                "rad": m in road.radiation,
                "mine": self.colours[mines[m] % 4] if m in mines else "",
                "short": [b for a, b in road.shortcuts if a == m]})
        x, _ = self.mile_point(s.aurora)
        out[("aurora",)] = Spec("aurora", x, float(self.t["road"]["ship_y"]), 1.0, 0, 6,
                                data={"mile": s.aurora, "boarded": len(s.boarded)})
        # convoy tokens: those on a space share it; boarded ones sit on the Aurora's space
        spots: dict[int, list[int]] = {}
        for seat in range(len(s.mile)):  # in solo, the Automa's too
            m = s.aurora if seat in s.boarded else s.mile[seat]
            spots.setdefault(m, []).append(seat)
        for m, seats in spots.items():
            for k, seat in enumerate(seats):
                tx, ty = self.token_point(m, k, len(seats))
                out[("convoy", seat)] = Spec("token", tx, ty, 1.0, 0, 8 + k, data={
                    "seat": seat, "colour": self.colours[seat % 4],
                    "shape": self.shapes[seat % 4], "aboard": seat in s.boarded,
                    "to_move": to_move == seat})
        # the zone
        sel = extra.get("cell")
        for cell in range(5):
            x, y, w, h = self.cell_rect(cell)
            zc = g.content.zone[cell]
            out[("cell", cell)] = Spec("cell", x + w / 2, y + h / 2, 1.0, 0, 2, data={
                "cell": cell, "need": zc.value, "bonus": bonus_words(zc), "w": w, "h": h,
                "selected": sel == cell})
            card = s.zone[cell]
            if card == EMPTY:
                continue
            cx, cy = self.card_point(cell)
            out[("card", g.cards[card].id)] = Spec("card", cx, cy, 1.0, 0, 10, data={
                "mode": "zone", **zone_card_data(g, s, cell, self.colours)})
        # the decks
        top_disc = g.cards[s.xdisc[-1]].name if s.xdisc else ""
        period = -s.xdeck[0] if s.xdeck and s.xdeck[0] < 0 else (
            g.cards[s.xdeck[0]].period if s.xdeck else 0)
        loot = " · ".join(str(len(x)) for x in s.loot)
        piles = [("exploration", "Exploration", str(len(s.xdeck)),
                  f"Period {'I' * period if period < 4 else period}" if s.xdeck else "empty"),
                 ("discard", "Discard", str(len(s.xdisc)), top_disc),
                 ("objects", "Objects", str(len(s.odeck)), f"{len(s.odisc)} discarded"),
                 ("outcome", "Outcome", str(len(s.outdeck)),
                  f"next hits {s.shown_back.title()}" if s.shown_back else ""),
                 ("loot", "Loot", loot, "I–II · III–IV · V–VI"),
                 ("gone", "Gone", str(len(s.gone)), "enemies")]
        for i, (name, label, count, note) in enumerate(piles):
            x, y = self.deck_point(i)
            out[("pile", name)] = Spec("pile", x, y, 1.0, 0, 2, data={
                "label": label, "count": count, "note": note,
                "w": float(self.t["decks"]["w"]), "h": float(self.t["decks"]["h"])})
        # your board
        me = self.bottom
        mx, my, mw, mh = self.mine_rect()
        out[("mine",)] = Spec("mine", mx + mw / 2, my + mh / 2, 1.0, 0, 1,
                              data=mine_data(g, s, me, self.names[me], self.colours,
                                             self.shapes, mw, mh, to_move == me))
        picked = set(extra.get("explorers", ()))
        # RS2: the token picked to move (a cell ref) and the cells it may go to
        token = str(extra.get("token") or "")
        free = set(extra.get("token_targets", ()))
        for col, (veh, dev) in enumerate(s.convoy[me]):
            for is_dev, slot in ((False, veh), (True, dev)):
                if slot is None:
                    continue
                x, y = self.column_point(col, is_dev)
                c = g.cards[slot[0]]
                refs = [g.cell_ref(col, is_dev, k) for k in range(len(c.cells))]
                out[("card", c.id)] = Spec("card", x, y, 1.0, 0, 12, data={
                    "mode": "vehicle", "name": c.name, "kind": c.kind, "cells": list(c.cells),
                    "damage": list(slot[1]), "tokens": list(slot[2]),
                    "stats": vehicle_stats(c), "device": is_dev,
                    "picked_cell": refs.index(token) if token in refs else -1,
                    "free_cells": [k for k, ref in enumerate(refs) if ref in free],
                    "tip": f"{c.name} ({vehicle_stats(c)}): {c.text}".rstrip(": ")})
        zones: dict[str, int] = {"A": 0, "R": 0, "X": 0}
        for i, (card, zone, cont) in enumerate(s.surv[me]):
            c = g.cards[card]
            x, y = self.survivor_point(zone, zones[zone])
            zones[zone] += 1
            out[("card", c.id)] = Spec("card", x, y, 1.0, 0, 12, data={
                "mode": "survivor", "name": c.name, "value": g.value(s, me, i, False), "cont": cont,
                "dies": c.dies_at, "zone": zone, "picked": i in picked, "index": i,
                "tip": f"{c.name}: {c.text}".rstrip(": ")})
        # the rivals
        for seat in self.order_from_bottom():
            if seat == me:
                continue
            x, y = self.rival_point(seat)
            out[("rival", seat)] = Spec("rival", x, y, 1.0, 0, 1, data=rival_data(
                g, s, seat, self.names[seat], self.bots[seat], self.colours, self.shapes,
                float(self.t["rivals"]["w"]), float(self.t["rivals"]["h"]),
                to_move == seat, extra.get("thinking") == seat))
        if s.story is not None:  # Frozen Steel, Module 4 (story_panel.py)
            from frostdesk.ui.games.last_aurora.story_panel import story_specs
            story_specs(self, s, self.names, out, bool(extra.get("story_outcomes")))
        # Player vs. Player: each convoy's PvP card and its counters
        cards = pvp_tracks.specs(self, g, s)
        if cards:
            out.update(cards)
            pvp_card = cards[("pvp", me)]
            left = pvp_card.x - float(pvp_card.data["w"]) / 2 - mx - 10
            # your words stop left of it: the top line's, or your Objects' at the foot
            out[("mine",)].data["line_right" if pvp_card.data["mode"] == "line"
                                else "objects_right"] = left
        return out


def bonus_words(zc: Any) -> str:
    words = {"gain": lambda v: " ".join(f"+{n} {r.title()}" for r, n in v.items()),
             "repair": lambda v: f"Repair {v}", "object": lambda v: f"+{v} Object",
             "decontaminate": lambda v: f"−{v}☢"}
    main = " ".join(words[v](x) for v, x in zc.bonus if v in words)
    alt = " ".join(words[v](x) for v, x in zc.alt if v in words)
    return main + (f"/{alt}" if alt else "")


def vehicle_stats(c: Any) -> str:
    if c.kind == "truck":
        return f"Speed {c.speed} +{c.boost} · Tow {c.tow}" + (", tracks" if c.tracked else "")
    return c.kind.title()


def zone_card_data(g: Any, s: State, cell: int, colours: list[str]) -> dict[str, Any]:
    c = g.cards[s.zone[cell]]
    data: dict[str, Any] = {"name": c.name, "kind": c.kind, "text": c.text, "id": c.id,
                            "source": c.source}
    if c.kind == "enemy":
        data["hp"] = len(c.cells)
        data["dmg"] = s.edmg[cell]
        if c.defense:  # Asgard: its defense cells first, then the ordinary ones
            data["defense"] = c.defense
            data["def_dmg"] = s.edef[cell]
        data["boxes"] = [colours[b % 4] if b >= 0 else "" for b in s.etgt[cell]]
        data["region"] = g.road.regions[c.period - 1][0]
    elif c.kind in ("truck", "trailer", "device"):
        data["cells"] = list(c.cells)
        data["stats"] = vehicle_stats(c)
    elif c.kind == "survivor":
        data["stats"] = f"Value {c.value}"
    elif c.kind == "location":
        data["stats"] = "Gather" + (f" · ☢{c.radiation}" if c.radiation else "")
    elif c.kind == "encounter":
        data["stats"] = " / ".join(o.label for o in c.options)
    return data


def mine_data(g: Any, s: State, seat: int, name: str, colours: list[str], shapes: list[str],
              w: float, h: float, to_move: bool) -> dict[str, Any]:
    objects = [g.cards[o].name for o in s.objects[seat] if o >= 0]
    where = "aboard the Aurora" if seat in s.boarded else f"mile {s.mile[seat]}"
    return {"name": name, "colour": colours[seat % 4], "shape": shapes[seat % 4],
            "line": f"Fame {s.fame[seat]} · {where} · Speed {max(1, g.speed(s, seat))} · "
                    f"Targets {s.targets[seat]}" + crew_words(g, s, seat, " · "),
            "line_short": [f"Fame {s.fame[seat]} · {where} · Speed {max(1, g.speed(s, seat))}",
                           f"Fame {s.fame[seat]} · {where}", f"Fame {s.fame[seat]}"],
            "tokens": {t: g.count(s, seat, t) for t in ("fuel", "food", "ammo")},
            "objects": ", ".join(objects) if objects else "none", "held": len(objects),
            "tip": "\n".join([speed_words(g, s, seat)]
                             + [f"{g.cards[o].name}: {g.cards[o].text}" for o in s.objects[seat]
                                if o >= 0]),
            "limit": g.object_limit(s, seat), "targets": s.targets[seat], "w": w, "h": h,
            "surv_rows": max((sum(1 for x in s.surv[seat] if x[1] == z) for z in "ARX"),
                             default=0),
            "to_move": to_move}


def speed_words(g: Any, s: State, seat: int) -> str:
    """'Speed 3: Truck 2, Co-pilot +1' (the rules' `speed_parts`; at least 1 once paid)."""
    parts = g.speed_parts(s, seat)
    bits = [f"{name} {n}" if k == 0 else f"{name} {'+' if n > 0 else '−'}{abs(n)}"
            for k, (name, n) in enumerate(parts)]
    total = sum(n for _, n in parts)
    floor = " (at least 1 when you drive)" if total < 1 else ""
    return f"Speed {max(1, total)}: " + ", ".join(bits) + floor


def crew_words(g: Any, s: State, seat: int, before: str = "", after: str = "") -> str:
    """Module 3: the crew a convoy started with ("The Pack"), or '' without the module."""
    crew = g.crew.crew(s, seat) if "crew" in s.modules else None
    return f"{before}{crew.name}{after}" if crew is not None else ""


def rival_data(g: Any, s: State, seat: int, name: str, bot: str, colours: list[str],
               shapes: list[str], w: float, h: float, to_move: bool, thinking: bool
               ) -> dict[str, Any]:
    surv = s.surv[seat]
    act = sum(1 for x in surv if x[1] == "A")
    where = "aboard" if seat in s.boarded else f"mile {s.mile[seat]}"
    return {"name": name, "bot": bot, "colour": colours[seat % 4], "shape": shapes[seat % 4],
            "line1": f"Fame {s.fame[seat]} · {where} · Speed {max(1, g.speed(s, seat))} · "
                     f"Damage {g.damage_count(s, seat)}",
            "line2": f"Fuel {g.count(s, seat, 'fuel')} · Food {g.count(s, seat, 'food')} · "
                     f"Ammo {g.count(s, seat, 'ammo')} · Objects {len(s.objects[seat])}",
            "line3": crew_words(g, s, seat, "", " · ")
                     + f"Survivors {len(surv)} ({act} Active) · Targets {s.targets[seat]}",
            # Module 3: shorter wordings when the crew's name leaves the line no room
            "line3_short": [crew_words(g, s, seat, "", " · ").removeprefix("The ")
                            + f"Survivors {len(surv)} ({act} Active) · Targets "
                              f"{s.targets[seat]}",
                            crew_words(g, s, seat, "", " · ").removeprefix("The ")
                            + f"{len(surv)} survivors, {act} Active · Targets "
                              f"{s.targets[seat]}"] if "crew" in s.modules else [],
            "w": w, "h": h, "to_move": to_move, "thinking": thinking,
            "tip": speed_words(g, s, seat),
            # Player vs. Player: the third line holds the PvP card; its words go up
            "pvp": "pvp" in s.modules,
            "pvp1": [f"Fame {s.fame[seat]} · {where} · Speed {max(1, g.speed(s, seat))} · "
                     f"Damage {g.damage_count(s, seat)} · Survivors {len(surv)}",
                     f"Fame {s.fame[seat]} · Speed {max(1, g.speed(s, seat))} · "
                     f"Damage {g.damage_count(s, seat)} · Survivors {len(surv)}",
                     f"Fame {s.fame[seat]} · Speed {max(1, g.speed(s, seat))} · "
                     f"Damage {g.damage_count(s, seat)} · Surv. {len(surv)}"],
            "pvp0": [crew_words(g, s, seat, "", " · ") + f"Targets {s.targets[seat]}",
                     f"Targets {s.targets[seat]}", f"Tgt {s.targets[seat]}", ""]}


# ---------------------------------------------------------------------------- items


def draw_shape(p: QPainter, shape: str, centre: QPointF, r: float, colour: QColor) -> None:
    """A convoy's mark: its colour and its own shape, so colour is never the only cue."""
    p.setPen(QPen(QColor("#0b1218"), 2))
    p.setBrush(colour)
    x, y = centre.x(), centre.y()
    if shape == "square":
        p.drawRect(QRectF(x - r * 0.85, y - r * 0.85, r * 1.7, r * 1.7))
    elif shape == "triangle":
        p.drawPolygon(QPolygonF([QPointF(x, y - r), QPointF(x + r, y + r * 0.8),
                                 QPointF(x - r, y + r * 0.8)]))
    elif shape == "diamond":
        p.drawPolygon(QPolygonF([QPointF(x, y - r), QPointF(x + r, y), QPointF(x, y + r),
                                 QPointF(x - r, y)]))
    else:
        p.drawEllipse(centre, r, r)


class Piece(TableItem):
    """A Last Aurora item: painted once per size from its data."""

    W, H = 100.0, 100.0

    def __init__(self, key: Any, spec: Spec) -> None:
        super().__init__(key, spec.kind, spec.data, None)
        self.base_scale = spec.scale
        self.setToolTip(str(spec.data.get("tip", "")))

    def set_data(self, data: dict[str, Any]) -> None:
        super().set_data(data)
        self.setToolTip(str(data.get("tip", "")))  # a card's whole text, where it has one

    def size(self) -> tuple[float, float]:
        return float(self.data.get("w", self.W)), float(self.data.get("h", self.H))

    def card_rect(self) -> QRectF:
        w, h = self.size()
        return QRectF(-w / 2, -h / 2, w, h)

    def boundingRect(self) -> QRectF:  # noqa: N802
        return self.card_rect().adjusted(-14, -14, 14, 14)

    def shape(self) -> QPainterPath:
        path = QPainterPath()
        path.addRect(self.card_rect())
        return path

    def paint_face(self, p: QPainter, r: QRectF) -> None:
        self.paint_body(p, r)

    def mouseDoubleClickEvent(self, event: Any) -> None:  # noqa: N802
        """A quick second click (a cell, then at once its explorer) arrives as a double
        click, and its release never as a click: it is one click all the same."""
        scene = self.table_scene()
        if scene is not None and event.button() == Qt.MouseButton.LeftButton:
            scene.item_clicked(self)
            event.accept()
        else:
            event.ignore()

    def paint_content(self, p: QPainter) -> None:
        r = self.card_rect()
        self.paint_marks(p, r)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        self.paint_body(p, r)
        self.paint_hint_badge(p, r)

    def paint_body(self, p: QPainter, r: QRectF) -> None:
        raise NotImplementedError


LEFT = Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter
RIGHT = Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter
BOLD = QFont.Weight.Bold


class HeaderPiece(Piece):
    def paint_content(self, p: QPainter) -> None:
        r = self.card_rect()
        draw_text(p, QRectF(r.left(), r.top() - 2, r.width(), 28), str(self.data["text"]), 22,
                  theme.FROST, BOLD, LEFT)
        room = min(r.width() + 400, float(self.data.get("order_room", r.width() + 400)))
        order_box = QRectF(r.left(), r.top() + 26, room, 24)
        draw_text(p, order_box, elide(str(self.data["order"]), shown_px(p, 19),
                                      order_box.width()),  # long names: cut, not spilled
                  19, theme.TEXT_DIM, QFont.Weight.Normal, LEFT)

    def boundingRect(self) -> QRectF:  # noqa: N802
        r = self.card_rect()
        return QRectF(r.left(), r.top() - 4, r.width() + 420, r.height() + 30)


class MilePiece(Piece):
    """One road space: its mile, region tint, waypoint, counter, wreck and ☢ marks."""

    def paint_body(self, p: QPainter, r: QRectF) -> None:
        d = self.data
        p.setPen(QPen(QColor("#3c5468"), 1.2))
        p.setBrush(QColor(REGION_TINT[int(d["region"]) % 3]))
        p.drawRoundedRect(r.adjusted(1, 0, -1, 0), 5, 5)
        wp = str(d.get("wp", ""))
        if wp:
            p.setPen(QPen(QColor("#e05a4f"), 3))
            p.setBrush(Qt.BrushStyle.NoBrush)
            p.drawRoundedRect(r.adjusted(2, 1, -2, -1), 5, 5)
        draw_text(p, QRectF(r.left(), r.top() + 1, r.width(), 24), str(d["mile"]), 20,
                  theme.TEXT, BOLD)
        if wp:
            draw_text(p, QRectF(r.left() - 2, r.top() + 25, r.width() + 4, 24), wp, 19,
                      QColor("#ff8a7a"), BOLD)
        if d.get("mine"):  # the optional Mine's counter (never on a waypoint: its row is free)
            paint_mine(p, QPointF(r.center().x(), r.top() + 37), 8.0, QColor(str(d["mine"])))
        marks = []
        if d.get("counter"):
            marks.append(("?", QColor("#f2d58a")))
        if d.get("wreck"):
            marks.append(("⛭", QColor("#c9b28a")))
        if d.get("rad"):
            marks.append(("☢", QColor("#c8e05a")))
        if marks:
            text = " ".join(m for m, _ in marks[:2])
            draw_text(p, QRectF(r.left() - 2, r.top() + 49, r.width() + 4, 24), text, 19,
                      marks[0][1], BOLD)
        if d.get("short"):
            p.setPen(QPen(QColor("#a9d4ee"), 2, Qt.PenStyle.DashLine))
            p.drawLine(QPointF(r.right() - 6, r.bottom() - 3), QPointF(r.right() + 4,
                                                                       r.bottom() - 3))


def paint_mine(p: QPainter, c: QPointF, radius: float, ring: QColor) -> None:
    """A mine counter: a dark disc with eight spikes, ringed in its layer's colour."""
    p.setPen(QPen(QColor("#e8eef2"), 2.0))
    for k in range(8):
        dx, dy = [(1, 0), (0.7, 0.7), (0, 1), (-0.7, 0.7), (-1, 0), (-0.7, -0.7), (0, -1),
                  (0.7, -0.7)][k]
        p.drawLine(QPointF(c.x() + dx * radius, c.y() + dy * radius),
                   QPointF(c.x() + dx * (radius + 4), c.y() + dy * (radius + 4)))
    p.setPen(QPen(ring, 2.5))
    p.setBrush(QColor("#1a1f24"))
    p.drawEllipse(c, radius, radius)


class AuroraPiece(Piece):
    """The icebreaker on her space."""

    W, H = 64.0, 30.0
    LABEL = 94.0  # the room her name takes at her left

    def paint_body(self, p: QPainter, r: QRectF) -> None:
        hull = QPolygonF([QPointF(r.left(), r.top() + 12), QPointF(r.right(), r.top() + 12),
                          QPointF(r.right() - 10, r.bottom()), QPointF(r.left() + 8,
                                                                      r.bottom())])
        p.setPen(QPen(QColor("#0b1218"), 1.5))
        p.setBrush(QColor("#e05a4f"))
        p.drawPolygon(hull)
        p.setBrush(QColor("#e8eef3"))
        p.drawRect(QRectF(r.left() + 18, r.top(), 22, 12))
        draw_text(p, QRectF(r.left() - 80, r.top() - 1, 76, r.height()), "Aurora", 19,
                  QColor("#ff9b8e"), BOLD, RIGHT)

    def boundingRect(self) -> QRectF:  # noqa: N802
        return self.card_rect().adjusted(-self.LABEL, -12, 12, 12)


class TokenPiece(Piece):
    W, H = 24.0, 24.0

    def paint_body(self, p: QPainter, r: QRectF) -> None:
        d = self.data
        draw_shape(p, str(d["shape"]), r.center(), 10.5, QColor(str(d["colour"])))
        if d.get("to_move"):
            p.setPen(QPen(theme.LEGAL, 2.4))
            p.setBrush(Qt.BrushStyle.NoBrush)
            p.drawEllipse(r.center(), 14, 14)


class CellPiece(Piece):
    """A zone cell's frame: its number, the value it needs and its bonus."""

    def paint_body(self, p: QPainter, r: QRectF) -> None:
        d = self.data
        sel = bool(d.get("selected"))
        p.setPen(QPen(theme.SELECTED if sel else QColor("#34485c"), 2.5 if sel else 1.5))
        p.setBrush(QColor(38, 56, 72, 120))
        p.drawRoundedRect(r, 10, 10)
        # the number at the left, the value it needs at the right: never run together
        draw_pair(p, QRectF(r.left() + 4, r.top() + 2, r.width() - 8, 24),
                  f"Cell {int(d['cell']) + 1}", f"needs {d['need']}", 19, theme.TEXT,
                  theme.FROST, BOLD, QFont.Weight.DemiBold)
        draw_text(p, QRectF(r.left() + 4, r.top() + 24, r.width() - 8, 24), str(d["bonus"]),
                  19, QColor("#f2d58a"), QFont.Weight.DemiBold)


class CardPiece(Piece):
    """A card: in the zone (an Exploration card or an enemy), on your convoy (a vehicle or
    device with its cells) or among your survivors. One item per card, so a card taken from
    the zone flies to your board."""

    W, H = 142.0, 184.0
    # the cell of a convoy card the last press landed on (-1: none): a click on a card names
    # its cell (RS2, moving tokens)
    pressed_cell = -1

    def cell_rects(self) -> list[QRectF]:
        """A convoy card's cells where they are painted (item units), laid out at the scale
        the card is shown at, as its painting does."""
        if self.data.get("mode") != "vehicle":
            return []
        pm = QPixmap(2, 2)
        p = pixmap_painter(pm, self._k, self.boundingRect())
        try:
            return vehicle_layout(p, self.card_rect(), self.data)[1]
        finally:
            p.end()

    def pointed_at(self, pos: QPointF) -> None:
        self.pressed_cell = next((k for k, box in enumerate(self.cell_rects())
                                  if box.adjusted(-1, -1, 1, 1).contains(pos)), -1)

    def drag_pixmap(self) -> QPixmap:
        """A token dragged from a convoy card: the pressed cell, as painted."""
        pm = self._pixmap()
        rects = self.cell_rects()
        if not 0 <= self.pressed_cell < len(rects):
            return pm
        k = self._k
        box = rects[self.pressed_cell].translated(-self.boundingRect().topLeft())
        return pm.copy(QRectF(box.left() * k, box.top() * k, box.width() * k,
                              box.height() * k).toAlignedRect())

    def size(self) -> tuple[float, float]:
        mode = self.data.get("mode")
        if mode == "vehicle":
            return (112.0, 78.0) if self.data.get("device") else (112.0, 108.0)
        if mode == "survivor":
            return 114.0, 44.0
        return self.W, self.H

    def paint_body(self, p: QPainter, r: QRectF) -> None:
        mode = self.data.get("mode")
        if mode == "vehicle":
            paint_vehicle(p, r, self.data)
        elif mode == "survivor":
            paint_survivor(p, r, self.data)
        else:
            self.paint_zone_card(p, r)

    def paint_zone_card(self, p: QPainter, r: QRectF) -> None:
        d = self.data
        kind = str(d["kind"])
        p.setPen(QPen(QColor("#0b1218"), 1.5))
        p.setBrush(FACE)
        p.drawRoundedRect(r, 9, 9)
        band = QRectF(r.left(), r.top(), r.width(), 26)
        path = QPainterPath()
        path.addRoundedRect(band, 9, 9)
        p.fillPath(path, QColor(BAND.get(kind, "#8899aa")))
        draw_text(p, band, kind.title(), 19, QColor("#10161c"), BOLD)
        y = r.top() + 30
        used = fit_text(p, QRectF(r.left() + 4, y, r.width() - 8, 52), str(d["name"]), 21,
                        INK, BOLD)
        y += max(26.0, used.height()) + 4
        if kind == "enemy":
            draw_text(p, QRectF(r.left() + 6, y, r.width() - 12, 22), f"{d['region']}", 19,
                      INK_DIM, QFont.Weight.DemiBold, LEFT)
            y += 26
            hp, dmg = int(d["hp"]), int(d["dmg"])
            defense, def_dmg = int(d.get("defense", 0)), int(d.get("def_dmg", 0))
            side = min(20.0, (r.width() - 14) / max(1, hp) - 3)
            for i in range(hp):
                box = QRectF(r.left() + 7 + i * (side + 3), y, side, side)
                if i < defense:  # a defense cell: steel blue, round-cornered, mends each round
                    p.setPen(QPen(QColor("#2f5d80"), 2.0))
                    p.setBrush(QColor("#b8463d") if i < def_dmg else QColor("#cfe0ee"))
                    p.drawRoundedRect(box, 5, 5)
                    continue
                p.setPen(QPen(INK, 1.2))
                p.setBrush(QColor("#b8463d") if i - defense < dmg - def_dmg
                           else QColor("#f7f3ea"))
                p.drawRect(box)
            y += side + 8
            if y + 24 + 26 <= r.bottom() - 3:  # the word where the boxes leave it room
                draw_text(p, QRectF(r.left() + 6, y, 120, 22), "Targets", 19, INK_DIM,
                          QFont.Weight.Normal, LEFT)
                y += 24
            for i, colour in enumerate(d["boxes"]):
                box = QRectF(r.left() + 7 + i * 32, y, 28, 26)
                p.setPen(QPen(INK, 1.2))
                p.setBrush(QColor(colour) if colour else QColor("#f7f3ea"))
                p.drawRect(box)
                draw_text(p, box, "ABCD"[i], 19, INK, BOLD)
            return
        # the cells in rows as wide as the card (a six-cell truck in a small window wraps)
        per_row = max(1, int((r.width() - 14 + 2.0) // (25.0 + 2.0)))
        if d.get("stats"):
            # an encounter's choices may take the card's whole foot (its story is in the zoom)
            two = 2 * QFontMetricsF(theme.scene_font(shown_px(p, 19), QFont.Weight.DemiBold)
                                    ).lineSpacing() + 2  # two lines as drawn
            cells_h = cell_boxes(p, QPointF(0, 0), list(d.get("cells", ())), [], 25.0, per_row,
                                 2.0)[-1].bottom() + 5 if d.get("cells") else 0.0
            # an encounter's or a truck's words may take the foot that its cells leave
            tall = r.bottom() - y - 4 - cells_h if kind in ("encounter", "truck") \
                else max(48.0, two)
            words = str(d["stats"])
            box = QRectF(r.left() + 7, y, r.width() - 14, tall)
            metrics = QFontMetricsF(theme.scene_font(shown_px(p, 19), QFont.Weight.DemiBold))

            def too_tall(text: str) -> bool:
                return metrics.boundingRect(QRectF(0, 0, box.width(), 1e4),
                                            int(Qt.TextFlag.TextWordWrap),
                                            text).height() > tall + 0.5

            if kind == "truck":  # "Speed 2 +1 · Tow 3, tracks": the tail goes to the zoom first
                parts = words.split(" · ")
                while len(parts) > 1 and too_tall(" · ".join(parts)):
                    parts.pop()
                words = " · ".join(parts)
            if kind == "encounter" and too_tall(words):
                # choices too long for a small window's card: counted, named in the zoom
                words = f"{words.count(' / ') + 1} choices (point at the card)"
            used = fit_text(p, box, words, 19, INK_DIM, QFont.Weight.DemiBold)
            y += used.height() + 4
        if d.get("cells"):
            y += draw_cells(p, QPointF(r.left() + 7, y), list(d["cells"]),
                            [0] * len(d["cells"]), [""] * len(d["cells"]), 25.0, per_row) + 5
        text_if_fits(p, QRectF(r.left() + 7, y, r.width() - 14, r.bottom() - y - 4),
                     str(d.get("text", "")), 19, INK)


def text_if_fits(p: QPainter, box: QRectF, text: str, px: float, colour: QColor) -> None:
    """Rules text on a card, only where all of it fits at a readable size (the card's hover
    zoom and a right-click show it in full)."""
    if box.height() < px:
        return
    p.save()
    p.setFont(theme.scene_font(max(px, floor_px(p)), QFont.Weight.Normal))
    flags = int(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop | Qt.TextFlag.TextWordWrap)
    need = p.boundingRect(box, flags, text)
    p.restore()
    if need.height() <= box.height() + 0.5:
        fit_text(p, box, text, px, colour)


def cell_label(code: str) -> str:
    """The words on an empty cell: its kind's letter and number ("W2" a weapon of power 2,
    "★1" a Fame star, "F" fuel cargo)."""
    label = code.replace("C:", "").replace("fuel", "F").replace("food", "Fd") \
        .replace("ammo", "A").replace("S:speed", "+1").replace("S★", "★")
    return label.replace("S:object-limit", "+O").replace("S:eor-object", "O") \
        .replace("S:asgard", "★G")[:3]


def cell_boxes(p: QPainter, at: QPointF, cells: list[str], tokens: list[str], side: float,
               per_row: int, gap: float) -> list[QRectF]:
    """Where each cell goes: `side` square, or as wide as its words at the size they are
    drawn (a weapon's "W2" in a small window), in rows no wider than `per_row` squares."""
    room = per_row * (side + gap) - gap
    px = shown_px(p, 19)
    metrics = QFontMetricsF(theme.scene_font(px, QFont.Weight.Normal))
    boxes: list[QRectF] = []
    x = y = 0.0
    for i, code in enumerate(cells):
        tok = tokens[i] if i < len(tokens) else ""
        words = "" if tok or "/" in code else cell_label(code)
        w = max(side, metrics.horizontalAdvance(words) + 6) if words else side
        if x > 0 and x + w > room + 0.5:
            x, y = 0.0, y + side + gap
        boxes.append(QRectF(at.x() + x, at.y() + y, w, side))
        x += w + gap
    return boxes


def draw_cells(p: QPainter, at: QPointF, cells: list[str], damage: list[int],
               tokens: list[str], side: float, per_row: int = 5, gap: float = 2.0) -> float:
    """A convoy card's cells in rows: the code, the token it holds, a Damage cross; the
    height they take."""
    boxes = cell_boxes(p, at, cells, tokens, side, per_row, gap)
    for i, code in enumerate(cells):
        box = boxes[i]
        p.setPen(QPen(INK, 1.1))
        fill = QColor("#f7f3ea")
        if code.startswith("W") or code.startswith("J"):
            fill = QColor("#e8d2c8")
        elif code in ("A", "G"):
            fill = QColor("#cfd7de")
        elif code.startswith("S"):
            fill = QColor("#efe2a8")
        p.setBrush(fill)
        p.drawRect(box)
        tok = tokens[i] if i < len(tokens) else ""
        if tok:
            p.setBrush(TOKEN.get(tok, QColor("white")))
            p.setPen(QPen(QColor("#0b1218"), 1))
            p.drawEllipse(box.center(), side * 0.38, side * 0.38)
            draw_text(p, box, TOKEN_LETTER.get(tok, "?"), 19, QColor("#10161c"), BOLD)
        elif code.startswith("C:") and "/" in code:
            # cargo of either kind: the box in both tokens' colours, split corner to corner
            # (the letters of both would not fit; the card's dialog names them)
            kinds = code[2:].split("/")[:2]
            for k, corner in zip(kinds, (box.topLeft(), box.bottomRight()), strict=False):
                half = QPolygonF([corner, box.topRight(), box.bottomLeft()])
                tint = QColor(TOKEN.get(k, QColor("#f7f3ea")))
                tint.setAlpha(150)
                p.setPen(Qt.PenStyle.NoPen)
                p.setBrush(tint)
                p.drawPolygon(half)
            p.setPen(QPen(INK, 1.1))
            p.setBrush(Qt.BrushStyle.NoBrush)
            p.drawRect(box)
            p.drawLine(box.topRight(), box.bottomLeft())
        else:
            draw_text(p, box, cell_label(code), 19, INK, QFont.Weight.Normal)
        if i < len(damage) and damage[i]:
            p.setPen(QPen(QColor("#c0392b"), 3))
            p.drawLine(box.topLeft() + QPointF(3, 3), box.bottomRight() - QPointF(3, 3))
            p.drawLine(box.topRight() + QPointF(-3, 3), box.bottomLeft() + QPointF(3, -3))
    return boxes[-1].bottom() - at.y() if boxes else 0.0


def vehicle_layout(p: QPainter, r: QRectF, d: dict[str, Any]
                   ) -> tuple[tuple[str, float, int, float, float], list[QRectF]]:
    """Where a convoy card's words and cells go: (its name, size, lines, spacing, the Speed
    line's top or -1 without one) and the cells' boxes."""
    cells = list(d["cells"])
    rows_h = cell_boxes(p, QPointF(0, 0), cells, list(d["tokens"]), 24.0, 4, 1.0)[-1].bottom() \
        if cells else 0.0
    name, px, lines, spacing = vehicle_name(p, str(d["name"]), r.width() - 6)
    y = r.top() + 6 + max(24.0, px * 1.25 * lines)
    speed_y = -1.0
    # a truck's Speed line, where its cells leave room (the board's header says the Speed)
    if d["kind"] == "truck" and y + 24 + rows_h <= r.bottom() + 1:
        speed_y = y
        y += 24
    at = QPointF(r.left() + 5, y)
    return (name, px, lines, spacing, speed_y), cell_boxes(p, at, cells, list(d["tokens"]),
                                                           24.0, 4, 1.0)


def paint_vehicle(p: QPainter, r: QRectF, d: dict[str, Any]) -> None:
    """A truck, trailer or device on your convoy: name, stats and its cells with tokens (the
    token picked to move ringed, the cells it may go to outlined)."""
    p.setPen(QPen(QColor("#0b1218"), 1.5))
    p.setBrush(FACE)
    p.drawRoundedRect(r, 8, 8)
    band = QRectF(r.left(), r.top(), r.width(), 6)
    p.fillRect(band, QColor(BAND.get(str(d["kind"]), "#8899aa")))
    (name, px, lines, spacing, speed_y), boxes = vehicle_layout(p, r, d)
    draw_text(p, QRectF(r.left() + 3, r.top() + 6, r.width() - 6, px * 1.25 * lines), name,
              px, INK, BOLD, LEFT, spacing=spacing)
    if speed_y >= 0:
        speed = str(d["stats"]).split(" · ")[0]  # "Speed 3 +1" (whole in the tooltip)
        first_fit(p, QRectF(r.left() + 5, speed_y, r.width() - 10, 22),
                  [speed, speed.replace("Speed", "Spd")], 19, INK_DIM,
                  QFont.Weight.DemiBold, LEFT)
    cells = list(d["cells"])
    if boxes:
        draw_cells(p, boxes[0].topLeft(), cells, list(d["damage"]), list(d["tokens"]), 24.0,
                   per_row=4, gap=1.0)
    picked = int(d.get("picked_cell", -1))
    if 0 <= picked < len(boxes):
        p.setPen(QPen(theme.SELECTED, 3))
        p.setBrush(Qt.BrushStyle.NoBrush)
        p.drawRoundedRect(boxes[picked].adjusted(-1, -1, 1, 1), 4, 4)
    for k in d.get("free_cells", ()):
        if 0 <= k < len(boxes):
            p.setPen(QPen(theme.LEGAL, 3.0, Qt.PenStyle.DashLine))
            p.setBrush(Qt.BrushStyle.NoBrush)
            p.drawRect(boxes[k].adjusted(1.5, 1.5, -1.5, -1.5))


def vehicle_name(p: QPainter, name: str, width: float) -> tuple[str, float, int, float]:
    """A convoy card's name whole: (text, size, lines, letter spacing). On one line at 19
    units, or smaller down to the screen's floor; else on two (split between words); a word
    still wider than the card at the floor has its letters drawn closer; a name of three
    words or more that is still too wide leaves its first word out."""
    floor = floor_px(p)

    def widest(lines: Sequence[str], px: float, spacing: float = 0.0) -> float:
        f = theme.scene_font(px, BOLD)
        if spacing:
            f.setLetterSpacing(QFont.SpacingType.AbsoluteSpacing, spacing)
        fm = QFontMetricsF(f)
        return max(fm.horizontalAdvance(x) for x in lines)

    def largest(lines: Sequence[str]) -> float:
        px = 19.0
        while px - 0.5 >= floor and widest(lines, px) > width:
            px -= 0.5
        return max(px, floor)

    words = name.split(" ")
    split = [name]
    if widest([name], largest([name])) > width and len(words) > 1:
        # the split whose longer line is shortest
        best = min(range(1, len(words)), key=lambda k: widest(
            [" ".join(words[:k]), " ".join(words[k:])], 19.0))
        split = [" ".join(words[:best]), " ".join(words[best:])]
    px = largest(split)
    spacing = 0.0
    longest = max(split, key=len)
    over = widest(split, px) - width
    if over > 0:
        spacing = -min(1.6, over / max(1, len(longest) - 1) + 0.05)
        if widest(split, px, spacing) > width and len(words) > 2:
            # still too wide: a shorter wording without the first word ("Power Source" for
            # the Asgard Power Source), whole in the card's zoom and tooltip
            return vehicle_name(p, " ".join(words[1:]), width)
    return "\n".join(split), px, len(split), spacing


def paint_survivor(p: QPainter, r: QRectF, d: dict[str, Any]) -> None:
    """One of your survivors: name, value and Contamination (☢ n of its limit)."""
    picked = bool(d.get("picked"))
    p.setPen(QPen(theme.SELECTED if picked else QColor("#0b1218"), 2.5 if picked else 1.2))
    p.setBrush(QColor("#dce9f3") if d["zone"] == "A" else QColor("#b8c4cf"))
    p.drawRoundedRect(r, 7, 7)
    # a long name shortens ("Radio Op."), whole in the card's zoom
    name = str(d["name"])
    words = name.split(" ")
    wordings = [name] + ([f"{words[0]} {words[1][:2]}.", words[0],
                          f"{words[0][0]}. {words[-1]}"] if len(words) > 1 else [])
    first_fit(p, QRectF(r.left() + 5, r.top() + 1, r.width() - 8, 22), wordings, 19, INK,
              BOLD, LEFT)
    cont = int(d["cont"])
    line = f"v{d['value']} · ☢{cont}/{d['dies']}" if cont else f"value {d['value']}"
    draw_text(p, QRectF(r.left() + 5, r.top() + 21, r.width() - 8, 21), line, 19,
              QColor("#8a3b1e") if cont else INK_DIM, QFont.Weight.DemiBold, LEFT)


class PilePiece(Piece):
    """A deck or pile: its name, count and a note (the top card, the next Outcome's area)."""

    def paint_body(self, p: QPainter, r: QRectF) -> None:
        d = self.data
        p.setPen(QPen(QColor("#0b1218"), 1.5))
        p.setBrush(QColor("#2f5f86"))
        p.drawRoundedRect(r, 9, 9)
        draw_text(p, QRectF(r.left(), r.top() + 4, r.width(), 24), str(d["label"]), 19,
                  theme.FROST, BOLD)
        draw_text(p, QRectF(r.left(), r.top() + 27, r.width(), 32), str(d["count"]), 27,
                  theme.TEXT, BOLD)
        text_if_fits(p, QRectF(r.left() + 6, r.top() + 58, r.width() - 12, r.height() - 60),
                     str(d["note"]), 19, theme.TEXT_DIM)


class MinePiece(Piece):
    """Your board's frame: name, Fame, where you are, tokens, Objects, Targets, zones."""

    def paint_body(self, p: QPainter, r: QRectF) -> None:
        d = self.data
        active = bool(d.get("to_move"))
        p.setPen(QPen(theme.LEGAL if active else QColor("#34485c"), 2.0))
        p.setBrush(theme.PANEL_ACTIVE if active else theme.PANEL)
        p.drawRoundedRect(r, 12, 12)
        draw_shape(p, str(d["shape"]), QPointF(r.left() + 20, r.top() + 20), 10,
                   QColor(str(d["colour"])))
        # the line after the name (a long name pushes it on, never under it)
        name_w = min(300.0, QFontMetricsF(theme.scene_font(shown_px(p, 22), BOLD))
                     .horizontalAdvance(str(d["name"])) + 2)
        draw_text(p, QRectF(r.left() + 38, r.top() + 4, name_w, 28),
                  elide(str(d["name"]), shown_px(p, 22), name_w, BOLD), 22, theme.TEXT, BOLD,
                  LEFT)  # (a name wider than its 300 is cut, never run under the line after)
        line_x = max(r.left() + 200, r.left() + 38 + name_w + 20)
        if "line_right" in d:  # PvP: its card is there; shorter words where needed
            right = r.left() + float(d["line_right"])
            first_fit(p, QRectF(line_x, r.top() + 4, right - line_x, 28),
                      [str(d["line"]), *d["line_short"]], 20, theme.FROST,
                      QFont.Weight.DemiBold, LEFT)
        else:
            draw_text(p, QRectF(line_x, r.top() + 4, r.right() - 12 - line_x, 28),
                      str(d["line"]), 20, theme.FROST, QFont.Weight.DemiBold, LEFT)
        x = r.left() + 12
        y = r.top() + 32
        for tok, n in dict(d["tokens"]).items():
            p.setBrush(TOKEN[tok])
            p.setPen(QPen(QColor("#0b1218"), 1))
            p.drawEllipse(QPointF(x + 10, y + 13), 10, 10)
            draw_text(p, QRectF(x + 24, y, 92, 26), f"{n} {tok.title()}", 20, theme.TEXT,
                      BOLD, LEFT)
            x += 118
        # Objects along the foot, on one line: as wide as the board where no survivor
        # reaches it; named in full, or shorter, or counted (your board's tooltip names them)
        wide = r.width() - 24 if int(d.get("surv_rows", 0)) <= 3 else 460.0
        wide = min(wide, float(d.get("objects_right", wide + 12)) - 12)  # PvP: its card
        held = f"{d.get('held', 0)}/{d['limit']}"
        first_fit(p, QRectF(r.left() + 12, r.bottom() - 44, wide, 42),
                  [f"Objects ({d['limit']} at most): {d['objects']}",
                   f"Objects {held}: {d['objects']}",
                   f"Objects {held} (point at your board to read them)",
                   f"Objects {held}"], 19, theme.TEXT, QFont.Weight.Normal,
                  Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop)
        zx = r.left() + 486
        for i, word in enumerate(("Active", "Rest", "Exhausted")):
            draw_text(p, QRectF(zx + i * 119, r.top() + 36, 114, 24), word, 19,
                      theme.TEXT_DIM, QFont.Weight.DemiBold)


class RivalPiece(Piece):
    """A rival's compact board: only counts of what is hidden (their Objects)."""

    def paint_body(self, p: QPainter, r: QRectF) -> None:
        d = self.data
        active = bool(d.get("to_move") or d.get("thinking"))
        p.setPen(QPen(theme.LEGAL if active else QColor("#34485c"), 2.0))
        p.setBrush(theme.PANEL_ACTIVE if active else theme.PANEL)
        p.drawRoundedRect(r, 10, 10)
        draw_shape(p, str(d["shape"]), QPointF(r.left() + 18, r.top() + 17), 9,
                   QColor(str(d["colour"])))
        note = "thinking…" if d.get("thinking") else str(d.get("bot", ""))
        tail = f"  ({note})" if note else ""
        name = str(d["name"]) + tail
        room = r.width() - 40
        if not fits(p, name, 20, room, BOLD):  # the note stays whole: a name too
            # long for the line gives way to it, cut with "…"
            tail_w = QFontMetricsF(theme.scene_font(shown_px(p, 20), BOLD)).horizontalAdvance(
                tail)
            name = elide(str(d["name"]), shown_px(p, 20), room - tail_w, BOLD) + tail
        lines: tuple[str, ...] = ("line1", "line2", "line3")
        if d.get("pvp"):  # the third line holds the PvP card: its words go up
            lines = ("line2",)
            name_w = QFontMetricsF(theme.scene_font(shown_px(p, 20), BOLD)).horizontalAdvance(
                name) + 12
            first_fit(p, QRectF(r.left() + 34 + name_w, r.top() + 3,
                                r.width() - 44 - name_w, 26), list(d["pvp0"]), 19,
                      theme.TEXT_DIM, QFont.Weight.Normal, RIGHT)
            first_fit(p, QRectF(r.left() + 10, r.top() + 28, r.width() - 16, 23),
                      list(d["pvp1"]), 19, theme.FROST, QFont.Weight.Normal, LEFT)
        draw_text(p, QRectF(r.left() + 34, r.top() + 3, r.width() - 40, 26), name, 20,
                  theme.TEXT, BOLD, LEFT)
        for key in lines:
            i = int(key[-1]) - 1
            box = QRectF(r.left() + 10, r.top() + 28 + i * 23, r.width() - 16, 23)
            colour = theme.TEXT_DIM if i else theme.FROST
            shorter = list(d.get("line3_short") or []) if key == "line3" else []
            if shorter:  # Module 3: the crew's name first, shorter words where it crowds
                first_fit(p, box, [str(d[key]), *shorter], 19, colour, QFont.Weight.Normal,
                          LEFT)
            else:
                draw_text(p, box, str(d[key]), 19, colour, QFont.Weight.Normal, LEFT)


class PvpPiece(Piece):
    """A convoy's PvP card (Player vs. Player): its two tracks (pvp_tracks.py)."""

    def paint_body(self, p: QPainter, r: QRectF) -> None:
        pvp_tracks.paint_card(p, r, self.data)


class MarkerPiece(Piece):
    """A counter on a PvP track: it slides along the track when it moves."""

    W, H = 24.0, 24.0

    def paint_body(self, p: QPainter, r: QRectF) -> None:
        pvp_tracks.paint_marker(p, r)


PIECES: dict[str, type[Piece]] = {
    "header": HeaderPiece, "mile": MilePiece, "aurora": AuroraPiece, "token": TokenPiece,
    "cell": CellPiece, "card": CardPiece, "pile": PilePiece, "mine": MinePiece, "rival": RivalPiece,
    "pvp": PvpPiece, "marker": MarkerPiece}


class CardPreview(PreviewItem):
    """The hovered zone card enlarged, with all of its rules text on a panel beside it (the
    card on the table has room for its name and numbers only)."""

    PANEL_W = 200.0
    TEXT_PX = 15.0

    @staticmethod
    def rules_text(item: Any) -> str:
        if isinstance(item, CardPiece) and item.data.get("mode") == "zone":
            text = str(item.data.get("text", ""))
            if item.data.get("kind") == "encounter" and item.data.get("stats"):
                text += "\nChoices: " + str(item.data["stats"]).replace(" / ", "; ") + "."
            return text
        return ""

    def show_for(self, item: Any, scale: float, pos: QPointF) -> None:
        super().show_for(item, scale, pos)
        text = self.rules_text(item)
        if text:
            self.prepareGeometryChange()
            card = item.card_rect()
            fm = QFontMetricsF(theme.scene_font(self.TEXT_PX, QFont.Weight.Normal))
            need = fm.boundingRect(QRectF(0, 0, self.PANEL_W - 26, 10_000),
                                   int(Qt.AlignmentFlag.AlignLeft | Qt.TextFlag.TextWordWrap),
                                   text).height() + 28
            self._rect = QRectF(card.left(), card.top(), card.width() + self.PANEL_W,
                                max(card.height(), need))

    def paint_source(self, p: QPainter, item: Any, r: QRectF) -> None:
        text = self.rules_text(item)
        if not text:
            item.paint_face(p, r)
            return
        card = item.card_rect()
        panel = QRectF(card.right() - 10, r.top() + 6, self.PANEL_W + 10, r.height() - 12)
        p.setPen(QPen(QColor("#0b1218"), 1.5))
        p.setBrush(QColor("#e4ddcf"))
        p.drawRoundedRect(panel, 8, 8)
        fit_text(p, panel.adjusted(20, 10, -8, -8), text, self.TEXT_PX, INK)
        item.paint_face(p, card)


def card_words(g: Any, card_id: str, data: dict[str, Any]) -> str:
    """A card's every word for its dialog: name, kind, numbers and rules text."""
    c = g.content.by_id(card_id)
    lines = [f"{c.name} ({c.kind})"]
    stats = data.get("stats") or (vehicle_stats(c) if c.kind in ("truck", "trailer", "device")
                                  else "")
    if c.kind == "survivor":
        stats = f"Value {c.value}"
    if stats and str(stats).lower() != c.kind:
        lines.append(str(stats))
    either = [code[2:].split("/") for code in getattr(c, "cells", ()) or ()
              if code.startswith("C:") and "/" in code]
    if either:
        lines.append("Cargo cells for either: " + ", ".join(
            " or ".join(k.title() for k in pair) for pair in either) + ".")
    if getattr(c, "text", ""):
        lines.append(str(c.text))
    return "\n".join(lines)


class AuroraScene(TableScene):
    """The kit's table scene with Last Aurora's items and anchors; resting the mouse on a
    road space reports it (`space_hovered(mile or -1)`), so the screen can say what it holds
    and what reaching it costs."""

    layout: AuroraLayout | None
    space_hovered = Signal(int)
    preview_class = CardPreview

    def item_hovered(self, item: Any, on: bool) -> None:
        super().item_hovered(item, on)
        key = getattr(item, "key", None)
        if isinstance(key, tuple) and key and key[0] == "mile" and self.input_enabled:
            self.space_hovered.emit(int(key[1]) if on else -1)

    def __init__(self, game: Any, parent: Any = None) -> None:
        self.table = load_table(game.content.folder)
        # the kit sizes the scene from the game's table data; Last Aurora's model keeps its
        # layout out of the rules' content, so the scene is given it here
        super().__init__(SimpleNamespace(content=SimpleNamespace(table=self.table)), parent)
        self.game = game

    def make_item(self, key: Any, spec: Spec) -> Piece:
        if spec.kind not in PIECES:  # Module 4's pieces (story_panel.py)
            from frostdesk.ui.games.last_aurora.story_panel import PIECES as STORY
            return STORY[spec.kind](key, spec)
        return PIECES[spec.kind](key, spec)

    def place(self, item: Any, spec: Spec) -> None:
        item.base_scale = spec.scale
        item.setPos(spec.x, spec.y)
        item.setScale(spec.scale)
        item.setRotation(spec.rot)
        item.setZValue(spec.z)

    def previews(self, item: Any) -> bool:
        """Zone cards zoom to be read; rivals' compact boards enlarge."""
        return (isinstance(item, CardPiece) and item.data.get("mode") == "zone") or \
            isinstance(item, RivalPiece)

    def _show_preview(self) -> None:
        item = self._hovered
        if item is None or not self.previews(item):
            return
        pos = item.pos()
        w, h = self.sceneRect().width(), self.sceneRect().height()
        if isinstance(item, RivalPiece):
            scale = 1.45
            half_w = item.card_rect().width() * scale / 2
            half_h = item.card_rect().height() * scale / 2
            self.preview.show_for(item, scale, QPointF(w - half_w - 8,
                                                       min(pos.y(), h - half_h - 8)))
            return
        scale = 1.75
        half = item.card_rect().width() / 2
        right = (half + (CardPreview.PANEL_W if CardPreview.rules_text(item) else 0)) * scale
        x = min(max(pos.x(), 200.0), w - 200.0, w - right - 8)
        self.preview.show_for(item, scale, QPointF(x, max(pos.y(), 190.0) + 40))

    def anchor_state(self, anchor: Any, key: Any, spec: Spec | None, leaving: bool = False
                     ) -> tuple[float, float, float, float, bool] | None:
        lay = self.layout
        if lay is None or anchor is None:
            return None
        if anchor[0] == "mile":
            x, y = lay.mile_point(int(anchor[1]))
            return x, float(lay.t["road"]["tokens_y"]), 1.0, 0.0, True
        if anchor == ("aurora",):
            x, _ = lay.mile_point(self._aurora_mile())
            return x, float(lay.t["road"]["tokens_y"]), 1.0, 0.0, True
        if anchor[0] == "zone":
            x, y = lay.card_point(int(anchor[1]))
            return x, y, 1.0, 0.0, True
        if anchor[0] == "pile":
            names = ("exploration", "discard", "objects", "outcome", "loot", "gone")
            i = names.index(anchor[1]) if anchor[1] in names else 1
            x, y = lay.deck_point(i)
            return x, y, 0.6, 0.0, True
        if anchor[0] in ("convoy", "rest", "hand"):
            seat = int(anchor[1])
            if seat == lay.bottom:
                x, y, w, h = lay.mine_rect()
                return x + w / 2, y + h / 2, 0.6, 0.0, True
            x, y = lay.rival_point(seat)
            return x, y, 0.4, 0.0, True
        return None

    def _aurora_mile(self) -> int:
        item = self.items_by_key.get(("aurora",))
        return int(item.data.get("mile", 0)) if item is not None else 0
