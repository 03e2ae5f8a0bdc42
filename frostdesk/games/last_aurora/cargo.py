"""RS2, Reorganise (docs/rules/last-aurora.md, ruling "Reorganising cargo"): in your Rest turn
you move tokens between the cells of your convoy, one at a time, as often as you like, before
the Rest itself (RS1's feeding), which ends the turn.

A token is a resource (Fuel, Food, Ammo) or a Survivor token. It may go into an undamaged,
empty cell that takes it: a plain cargo cell `C` takes any token, a `C:x/y` cell only the
resources it names; armor, weapons and special cells hold no token, and a damaged cell holds
nothing. Damage counters and Contamination never move.

Cells alike on one card (the same code, both free) are one choice, and so are tokens of a
kind in cells alike: the legal list offers one `Shift` per (token, card cell kind, target
card cell kind), and a move to a cell just like the one the token leaves is no move at all
(Damage lands on an empty cell before a full one of the same card, so which of two alike
cells holds the token changes nothing).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from frostdesk.engine.game import Event
from frostdesk.games.last_aurora.state import Shift, State

if TYPE_CHECKING:
    from frostdesk.games.last_aurora.rules import LastAurora

TOKEN_WORDS = {"fuel": "Fuel", "food": "Food", "ammo": "Ammo", "surv": "Survivor token"}
NO_TOKEN = {"A": "armor holds only Damage", "G": "armor holds only Damage"}


def takes(code: str, token: str) -> bool:
    """Whether a cell of `code` may hold `token` (a resource, or "surv")."""
    if code == "C":
        return True
    if code.startswith("C:"):
        return token in code[2:].split("/")
    return False


def parse_ref(ref: str) -> tuple[int, bool, int] | None:
    """A cell ref ("0v1", "1d0") as (column, is the device, cell); None if it is none."""
    kind = "d" if "d" in ref else "v"
    col, sep, k = ref.partition(kind)
    if not sep or not col.isdigit() or not k.isdigit():
        return None
    return int(col), kind == "d", int(k)


class Cargo:
    """Reorganising a convoy's tokens (see the module docstring)."""

    def __init__(self, rules: LastAurora) -> None:
        self.rules = rules

    def _cells(self, s: State, seat: int) -> list[tuple[str, tuple[int, bool, str], str, str,
                                                        bool]]:
        """Every cell: (ref, its kind on its card (column, device, code), code, token,
        damaged)."""
        g = self.rules
        out = []
        for ci, col in enumerate(s.convoy[seat]):
            for dev, slot in ((False, col[0]), (True, col[1])):
                if slot is None:
                    continue
                for k, code in enumerate(g._codes[slot[0]]):
                    out.append((g.cell_ref(ci, dev, k), (ci, dev, code), code, slot[2][k],
                                bool(slot[1][k])))
        return out

    def shifts(self, s: State, seat: int) -> list[Shift]:
        """The token moves open to `seat` now (one per distinct move; see the docstring)."""
        cells = self._cells(s, seat)
        free = [(ref, kind, code) for ref, kind, code, tok, hurt in cells
                if not tok and not hurt and code.startswith("C")]
        if not free:
            return []
        out: list[Shift] = []
        seen: set[tuple[tuple[int, bool, str], str]] = set()
        for ref, kind, _, tok, _ in cells:
            if not tok or (kind, tok) in seen:
                continue
            seen.add((kind, tok))
            there: set[tuple[int, bool, str]] = set()
            for dref, dkind, dcode in free:
                if dkind == kind or dkind in there or not takes(dcode, tok):
                    continue
                there.add(dkind)
                out.append(Shift(ref, dref))
        return out

    def canonical(self, s: State, seat: int, a: Shift) -> Shift | None:
        """The legal Shift that does what `a` does (a click names any cell; the list names
        the first of cells alike), or None when `a` is no legal move."""
        every = self._cells(s, seat)
        cells = {ref: (kind, tok) for ref, kind, _, tok, _ in every}
        src, dst = cells.get(a.source), cells.get(a.target)
        if src is None or dst is None or not any(ref == a.target and not tok and not hurt
                                                 for ref, _, _, tok, hurt in every):
            return None
        for b in self.rules.legal(s):
            if isinstance(b, Shift) and cells[b.source] == src and cells[b.target][0] == dst[0]:
                return b
        return None

    def movable(self, s: State, seat: int, ref: str) -> bool:
        """Whether the token in cell `ref` has somewhere to go now."""
        return bool(self.targets_for(s, seat, ref))

    def targets_for(self, s: State, seat: int, ref: str) -> list[str]:
        """Every cell (not only the first of cells alike) the token in `ref` may move to."""
        return [dref for dref, *_ in self._cells(s, seat)
                if self.canonical(s, seat, Shift(ref, dref)) is not None]

    def shift(self, s: State, seat: int, a: Shift, events: list[Event]) -> None:
        g = self.rules
        src, k = g._slot_of(s, seat, a.source)
        dst, j = g._slot_of(s, seat, a.target)
        tok = src[2][k]
        src[2][k] = ""
        dst[2][j] = tok
        events.append(Event("shifted", {
            "seat": seat, "token": tok, "source": a.source, "target": a.target,
            "from_card": g.cards[src[0]].id, "to_card": g.cards[dst[0]].id},
            f"{{p{seat}}} moves 1 {TOKEN_WORDS.get(tok, tok)} from "
            f"{g.cell_words(s, seat, a.source)} to {g.cell_words(s, seat, a.target)}."))

    def why(self, s: State, seat: int, a: Shift) -> str:
        """Why `a` is not a legal move now, in a player's words."""
        if s.phase != "rest" or seat != s.actor:
            return "Tokens move between cells only in your own Rest turn."
        cells = {ref: (kind, code, tok, hurt) for ref, kind, code, tok, hurt
                 in self._cells(s, seat)}
        if a.source not in cells or a.target not in cells:
            return "Name two cells of your own convoy (such as 0v1: column 1's vehicle, " \
                   "its 2nd cell)."
        skind, _, tok, _ = cells[a.source]
        dkind, code, held, hurt = cells[a.target]
        if not tok:
            return "That cell holds no token to move."
        what = TOKEN_WORDS.get(tok, tok)
        if a.source == a.target or dkind == skind:
            return f"That cell is just like the one the {what} is in: moving it there " \
                   "changes nothing."
        if hurt:
            return "A damaged cell holds nothing until it is repaired."
        if held:
            return f"That cell already holds {TOKEN_WORDS.get(held, held)}."
        if code in NO_TOKEN:
            return "Armor holds only Damage, never a token."
        if code[0] in "WJ":
            return "A weapon cell holds no token."
        if not code.startswith("C"):
            return "A special cell holds no token."
        if tok == "surv":
            return "A Survivor token rides only in a plain cargo cell (C)."
        kinds = " or ".join(TOKEN_WORDS.get(x, x) for x in code[2:].split("/"))
        return f"That cell takes only {kinds}."
