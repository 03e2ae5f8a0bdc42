"""What each Eternal Frost event did on the table, in the engine's motion vocabulary
(frostdesk/engine/motion.py).

Names. Pieces: `("hero", seat)`, `("creature", n)` (a creature or boss by its number),
`("item", article)` an article or herb, `("fire", space)` a fire token, `("snow", space)` a
snow token, `("hearth",)` the fire on the guardian's board, `("gem", space)` a gem laid on a
space, `("frost",)` the frost token (face down while the tablets glow). Zones:
`("space", id)` a board space, `("kit", seat)` what a hero carries (herbs and gems too),
`("shield",)` the shield display, `("box",)` the defeated creatures, `("gone",)` out of the
game. Values: `("wp", seat)`, `("sp", seat)`, `("hour", seat)`, `("cwp", n)` a creature's
willpower in battle, `("narrator",)`, `("frost",)`, `("sunrise",)` the sunrise step being
played (0 as it begins, 1-9 its steps, -1 once the new day starts). Dice: `("dice", seat)`
and `("dice", "creature")`.
"""

from __future__ import annotations

from collections.abc import Callable

from frostdesk.engine.game import JSON, Event
from frostdesk.engine.motion import Changed, Flipped, Motion, Moved, Ref, Rolled

SHIELD_ZONE: Ref = ("shield",)
BOX: Ref = ("box",)
GONE: Ref = ("gone",)
HEARTH: Ref = ("hearth",)
SUNRISE: Ref = ("sunrise",)


def _int(value: JSON) -> int:
    return value if isinstance(value, int) else 0


def _ints(value: JSON) -> list[int]:
    return [x for x in value if isinstance(x, int)] if isinstance(value, list) else []


def _space(value: JSON) -> Ref:
    v = _int(value)
    return SHIELD_ZONE if v < 0 else ("space", v)


def _moved(d: dict[str, JSON]) -> list[Motion]:
    hero = _int(d["hero"])
    return [Moved(("hero", hero), ("space", _int(d["source"])), ("space", _int(d["target"]))),
            Changed(("hour", hero), to=_int(d["hour"])), Changed(("wp", hero), to=_int(d["wp"]))]


def _passed(d: dict[str, JSON]) -> list[Motion]:
    hero = _int(d["hero"])
    return [Changed(("hour", hero), to=_int(d["hour"])), Changed(("wp", hero), to=_int(d["wp"]))]


def _value(name: str) -> Callable[[dict[str, JSON]], list[Motion]]:
    def make(d: dict[str, JSON]) -> list[Motion]:
        return [Changed((name, _int(d["hero"])), by=_int(d["by"]), to=_int(d["to"]))]
    return make


def _item_taken(d: dict[str, JSON]) -> list[Motion]:
    return [Moved(("item", str(d["item"])), ("space", _int(d["space"])),
                  ("kit", _int(d["hero"])))]


def _item_dropped(d: dict[str, JSON]) -> list[Motion]:
    return [Moved(("item", str(d["item"])), ("kit", _int(d["hero"])),
                  ("space", _int(d["space"])))]


def _fire_lit(d: dict[str, JSON]) -> list[Motion]:
    space, hero = _int(d["space"]), _int(d["hero"])
    out: list[Motion] = []
    if d.get("firewood"):
        out += [Moved(("item", "firewood"), ("kit", hero), GONE),
                Moved(("fire", space), None, ("space", space))]
    return out + [Flipped(("fire", space), True), Changed(("wp", hero), to=_int(d["wp"]))]


def _fires_out(d: dict[str, JSON]) -> list[Motion]:
    out: list[Motion] = [Changed(SUNRISE, to=8)]
    out += [Flipped(("fire", f), False) for f in _ints(d["spaces"])]
    if d.get("hearth"):
        out.append(Flipped(HEARTH, False))
    return out


def _hearth_lit(d: dict[str, JSON]) -> list[Motion]:
    return [Flipped(HEARTH, True), Changed(("wp", _int(d["hero"])), to=_int(d["wp"]))]


def _rolled(d: dict[str, JSON]) -> list[Motion]:
    return [Rolled(("dice", _int(d["hero"])), tuple(_ints(d["dice"])))]


def _die_turned(d: dict[str, JSON]) -> list[Motion]:
    return [Rolled(("dice", _int(d["hero"])), tuple(_ints(d["dice"])))]


def _creature_rolled(d: dict[str, JSON]) -> list[Motion]:
    return [Rolled(("dice", "creature"), tuple(_ints(d["dice"])))]


def _creature_hurt(d: dict[str, JSON]) -> list[Motion]:
    return [Changed(("cwp", _int(d["creature"])), by=_int(d["by"]), to=_int(d["to"]))]


def _creature_placed(d: dict[str, JSON]) -> list[Motion]:
    return [Moved(("creature", _int(d["creature"])), None, ("space", _int(d["space"])))]


def _creature_moved(d: dict[str, JSON]) -> list[Motion]:
    return [Moved(("creature", _int(d["creature"])), ("space", _int(d["source"])),
                  _space(d["target"]))]


def _defeated(d: dict[str, JSON]) -> list[Motion]:
    return [Moved(("creature", _int(d["creature"])), ("space", _int(d["source"])), BOX)]


def _step(step: int) -> Callable[[dict[str, JSON]], list[Motion]]:
    def make(d: dict[str, JSON]) -> list[Motion]:
        out: list[Motion] = [Changed(SUNRISE, to=step)]
        return out
    return make


def _sunrise_step(d: dict[str, JSON]) -> list[Motion]:
    return [Changed(SUNRISE, to=_int(d["step"]))]


def _narrator(d: dict[str, JSON]) -> list[Motion]:
    return [Changed(("narrator",), to=_int(d["index"]))]


def _frost(d: dict[str, JSON]) -> list[Motion]:
    return [Changed(SUNRISE, to=7), Changed(("frost",), by=-1, to=_int(d["to"]))]


def _warming(d: dict[str, JSON]) -> list[Motion]:
    out: list[Motion] = [Changed(SUNRISE, to=6)]
    return out + [
        Changed(("wp", h), to=w) for h, w in zip(_ints(d["heroes"]), _ints(d["wp"]),
                                                  strict=False)]


def _reward(d: dict[str, JSON]) -> list[Motion]:
    out: list[Motion] = []
    shares = d["shares"]
    kind = str(d["kind"])
    after = _ints(d[kind])
    if isinstance(shares, list):
        for (hero, got), to in zip((_ints(p) for p in shares), after, strict=False):
            out.append(Changed((kind, hero), by=got, to=to))
    return out


def _blown(d: dict[str, JSON]) -> list[Motion]:
    return [Moved(("hero", _int(d["hero"])), ("space", _int(d["source"])),
                  ("space", _int(d["target"])))]


def _snow_revealed(d: dict[str, JSON]) -> list[Motion]:
    return [Flipped(("snow", _int(d["space"])), True)]


def _snow_resolved(d: dict[str, JSON]) -> list[Motion]:
    return [Moved(("snow", _int(d["space"])), ("space", _int(d["space"])), GONE)]


def _to_kit(d: dict[str, JSON]) -> list[Motion]:
    return [Moved(("item", str(d["item"])), None, ("kit", _int(d["hero"])))]


def _herb_used(d: dict[str, JSON]) -> list[Motion]:
    hero = _int(d["hero"])
    return [Moved(("item", str(d["item"])), ("kit", hero), GONE),
            Changed(("wp", hero), to=_int(d["wp"]))]


def _given(d: dict[str, JSON]) -> list[Motion]:
    return [Moved(("item", str(d["item"])), ("kit", _int(d["hero"])), ("kit", _int(d["to"])))]


def _wineskin(d: dict[str, JSON]) -> list[Motion]:
    hero = _int(d["hero"])
    if d["left"] == "none":
        return [Moved(("item", str(d["item"])), ("kit", hero), GONE)]
    return [Flipped(("item", str(d["item"])), False)]


def _gem_laid(d: dict[str, JSON]) -> list[Motion]:
    return [Moved(("gem", _int(d["space"])), ("kit", _int(d["hero"])),
                  ("space", _int(d["space"])))]


def _gem_taken(d: dict[str, JSON]) -> list[Motion]:
    return [Moved(("gem", _int(d["space"])), ("space", _int(d["space"])), GONE)]


def _glow(d: dict[str, JSON]) -> list[Motion]:
    return [Flipped(("frost",), False)]


def _tablets_gone(d: dict[str, JSON]) -> list[Motion]:
    return [Changed(SUNRISE, to=7), Flipped(("frost",), True)]


KINDS: dict[str, Callable[[dict[str, JSON]], list[Motion]]] = {
    "moved": _moved, "passed": _passed, "wp_changed": _value("wp"),
    "sp_changed": _value("sp"), "item_taken": _item_taken, "item_dropped": _item_dropped,
    "fire_lit": _fire_lit, "fires_out": _fires_out, "rolled": _rolled,
    "die_turned": _die_turned, "rerolled": _die_turned, "creature_rolled": _creature_rolled,
    "creature_hurt": _creature_hurt, "creature_placed": _creature_placed,
    "creature_moved": _creature_moved, "defeated": _defeated, "narrator": _narrator,
    "frost_moved": _frost, "warming": _warming, "reward": _reward, "blown": _blown,
    "snow_revealed": _snow_revealed, "snow_resolved": _snow_resolved,
    "item_gained": _to_kit, "pouch_gained": _to_kit, "herb_used": _herb_used,
    "hearth_lit": _hearth_lit, "item_given": _given, "wineskin_used": _wineskin,
    "gem_laid": _gem_laid, "tablets_glow": _glow, "tablets_gone": _tablets_gone,
    "gem_taken": _gem_taken, "sunrise": _step(0), "sunrise_step": _sunrise_step,
    "new_day": _step(-1),
}


def motions_of(event: Event) -> list[Motion]:
    """The motions of one event ([] for events that move nothing on the table)."""
    make = KINDS.get(event.kind)
    return make(event.data) if make is not None else []


# ---------------------------------------------------------------- side 2 and the figures
# Pieces: `("ice", space)` an ice token, `("figure", name)` Tranuk or the fox,
# `("iquar", name)` an Iquar (on its space, or by the shields once rescued),
# `("item", "falcon")` the falcon (face down once flown).

def _ice_revealed(d: dict[str, JSON]) -> list[Motion]:
    return [Flipped(("ice", _int(d["space"])), True)]


def _ice_resolved(d: dict[str, JSON]) -> list[Motion]:
    return [Moved(("ice", _int(d["space"])), ("space", _int(d["space"])), GONE)]


def _figure_moved(d: dict[str, JSON]) -> list[Motion]:
    hero = _int(d["hero"])
    return [Moved(("figure", str(d["figure"])), ("space", _int(d["source"])),
                  ("space", _int(d["target"]))),
            Changed(("hour", hero), to=_int(d["hour"])), Changed(("wp", hero), to=_int(d["wp"]))]


def _iquar_rescued(d: dict[str, JSON]) -> list[Motion]:
    return [Moved(("iquar", str(d["iquar"])), None, SHIELD_ZONE)]


def _iquar_lost(d: dict[str, JSON]) -> list[Motion]:
    return [Moved(("iquar", str(d["iquar"])), ("space", _int(d["space"])), GONE)]


def _iquar_left(d: dict[str, JSON]) -> list[Motion]:
    return [Moved(("iquar", str(d["iquar"])), None, ("space", _int(d["space"])))]


def _bartered(d: dict[str, JSON]) -> list[Motion]:
    hero, space = _int(d["hero"]), _int(d["space"])
    return [Moved(("item", str(d["give"])), ("kit", hero), ("space", space)),
            Moved(("item", str(d["take"])), ("space", space), ("kit", hero))]


def _falcon(up: bool) -> Callable[[dict[str, JSON]], list[Motion]]:
    def make(d: dict[str, JSON]) -> list[Motion]:
        return [Flipped(("item", "falcon"), up)]
    return make


def _echo(d: dict[str, JSON]) -> list[Motion]:
    hero = _int(d["hero"])
    return [Changed(("wp", hero), to=_int(d["wp"])), Changed(("sp", hero), to=_int(d["sp"]))]


KINDS.update({
    "ice_revealed": _ice_revealed, "ice_resolved": _ice_resolved,
    "figure_moved": _figure_moved, "iquar_rescued": _iquar_rescued,
    "iquar_lost": _iquar_lost, "iquar_left": _iquar_left, "bartered": _bartered,
    "falcon_flown": _falcon(False), "falcon_ready": _falcon(True), "echo": _echo,
})


# ---------------------------------------------------------------- legend 3
# Pieces: `("marker", space)` a target marker; values: `("carlion",)` Carlion's charges.

def _marker_resolved(d: dict[str, JSON]) -> list[Motion]:
    space = _int(d["space"])
    out: list[Motion] = [Moved(("marker", space), ("space", space), GONE)]
    if "charges" in d:
        out.append(Changed(("carlion",), by=1, to=_int(d["charges"])))
    if d.get("face") == "mirage":
        out += [Moved(("figure", "mirage"), None, ("space", space)),
                Changed(("wp", _int(d["hero"])), to=_int(d["wp"]))]
    return out


KINDS.update({"marker_resolved": _marker_resolved})


# ---------------------------------------------------------------- legend 4
# Pieces: `("shaman",)` the Yetohe shaman (with her escort, then home in the tent city).

def _shaman_rescued(d: dict[str, JSON]) -> list[Motion]:
    return [Moved(("item", str(d["item"])), None, ("kit", _int(d["hero"])))]


KINDS.update({"shaman_rescued": _shaman_rescued})
