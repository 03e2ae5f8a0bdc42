"""The table the Eternal Frost screen shows, as the rules' motions change it (the kit's Board).

It holds a view of the game (a `State`) and changes a copy of it as each motion says: heroes
and creatures walk, snow tokens turn up and leave, fires flip, gems come and go, values move on
their tracks, and the sunrise step being played. The layout (table.py) places every item from
it. What the motions leave unsaid (an article that changed hands) is set right by the last step
of every batch, the real view.
"""

from __future__ import annotations

from collections.abc import Sequence

from frostdesk.engine.motion import Changed, Flipped, Motion, Moved, Ref
from frostdesk.games.andor_eternal_frost.state import HIDDEN, SHIELD, State


def legend_apply(s: State, motion: Motion) -> list[Ref] | None:
    from frostdesk.ui.games.andor_eternal_frost.legend_pieces import legend_apply as apply

    return apply(s, motion)


class FrostBoard:
    """See the module docstring. `kinds` maps creature numbers to their kinds, shared with the
    screen, which learns a placed creature's kind from its event before the motion plays."""

    def __init__(self, state: State, kinds: dict[int, str] | None = None,
                 sunrise: int = -1) -> None:
        self.state = state
        self.kinds = kinds if kinds is not None else {}
        self.sunrise = sunrise
        for num, (kind, _) in state.creatures.items():
            self.kinds.setdefault(num, str(kind))

    def copy(self) -> FrostBoard:
        return FrostBoard(self.state.copy(), self.kinds, self.sunrise)

    def apply(self, motion: Motion) -> Sequence[Ref]:
        s = self.state
        legend = legend_apply(s, motion)
        if legend is not None:
            return legend
        if isinstance(motion, Moved):
            return self._moved(s, motion)
        if isinstance(motion, Flipped):
            piece = motion.piece
            if piece[0] == "snow" and int(piece[1]) in s.snow:
                s.snow[int(piece[1])][1] = motion.face_up
            elif piece[0] == "fire":
                s.fires[int(piece[1])] = motion.face_up
            elif piece == ("hearth",):
                s.hearth = motion.face_up
            return ()
        if isinstance(motion, Changed) and motion.to is not None:
            what, to = motion.what, int(motion.to)
            if what == ("sunrise",):
                self.sunrise = to
            elif what == ("narrator",):
                s.narrator = to
                if self.sunrise >= 0:
                    self.sunrise = 9
            elif what == ("frost",):
                s.frost = to
            elif what[0] in ("wp", "sp", "hour") and isinstance(what[1], int):
                getattr(s, what[0])[what[1]] = to
        return ()

    def _moved(self, s: State, m: Moved) -> Sequence[Ref]:
        piece, target = m.piece, m.target
        if piece[0] == "hero":
            if target[0] == "space":
                s.space[int(piece[1])] = int(target[1])
                return [piece]
            return ()
        if piece[0] == "creature":
            num = int(piece[1])
            if target == ("box",):
                s.creatures.pop(num, None)
                if num not in s.defeated:
                    s.defeated.append(num)
                return [piece]
            spot = SHIELD if target == ("shield",) else int(target[1])
            if num in s.creatures:
                s.creatures[num][1] = spot
            else:
                s.creatures[num] = [self.kinds.get(num, "gor"), spot]
            if spot == SHIELD and num not in s.shields:
                s.shields.append(num)
            return [piece]
        if piece[0] == "snow" and target == ("gone",):
            s.snow.pop(int(piece[1]), None)
            return [piece]
        if piece[0] == "fire" and target[0] == "space":
            s.fires.setdefault(int(target[1]), False)
            return [piece]
        if piece[0] == "gem":
            space = int(piece[1])
            if target == ("gone",) and space in s.gems:
                s.gems.remove(space)
                return [piece]
            if target[0] == "space" and space not in s.gems:
                s.gems.append(space)
                return [piece]
        return ()


def face_shown(face: object) -> str:
    """A token's face as the table shows it ('' while it lies face down)."""
    return "" if face == HIDDEN else str(face)
