"""The Eternal Frost's game state and actions.

Seats are heroes, numbered clockwise in the order of the new-game dialog. Spaces are board ids;
creatures (bosses included) have a number of their own so the table can follow each figure.
A creature's space is SHIELD once it went onto a shield by the castle or the tent city.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

SHIELD = -1
HIDDEN = "?"  # a face-down token's face in a view


@dataclass(frozen=True, slots=True)
class Move:
    """The hero walks to `to` along a shortest path (ruling R4), one hour per space; `sips`
    spaces of it are paid with wineskin sides instead of hours (A2), and with `root` up to two
    more by a white wart root."""

    to: int
    sips: int = 0
    root: bool = False  # eat a white wart root: 2 more spaces without an hour

    def __str__(self) -> str:
        return (f"move {self.to}" + (f" sips {self.sips}" if self.sips else "")
                + (" root" if self.root else ""))


@dataclass(frozen=True, slots=True)
class Fight:
    """Attack the creature on the hero's space, inviting the heroes `allies` (seats)."""

    allies: tuple[int, ...] = ()

    def __str__(self) -> str:
        return "fight" + ("" if not self.allies else " " + ",".join(map(str, self.allies)))


@dataclass(frozen=True, slots=True)
class Pass:
    def __str__(self) -> str:
        return "pass"


@dataclass(frozen=True, slots=True)
class EndDay:
    def __str__(self) -> str:
        return "end"


@dataclass(frozen=True, slots=True)
class PickUp:
    """Free action: take the article `item` lying on the hero's space."""

    item: str

    def __str__(self) -> str:
        return f"take {self.item}"


@dataclass(frozen=True, slots=True)
class PutDown:
    """Free action: leave the article `item` on the hero's space."""

    item: str

    def __str__(self) -> str:
        return f"drop {self.item}"


@dataclass(frozen=True, slots=True)
class Light:
    """Free action: pay 2 WP to light the extinguished fire on the hero's space."""

    def __str__(self) -> str:
        return "light"


@dataclass(frozen=True, slots=True)
class Burn:
    """Free action: pay 2 WP and the firewood for a burning fire on the hero's space (K5)."""

    def __str__(self) -> str:
        return "burn"


@dataclass(frozen=True, slots=True)
class LayGem:
    """Free action: put a gem from the hero's area on their space (O5)."""

    def __str__(self) -> str:
        return "gem"


@dataclass(frozen=True, slots=True)
class Glow:
    """Free action: a hero holding the three tablets turns them to their glowing side (A9)."""

    def __str__(self) -> str:
        return "glow"


@dataclass(frozen=True, slots=True)
class LightHearth:
    """Free action of the fire guardian: pay 2 WP to light the fire on her board."""

    def __str__(self) -> str:
        return "hearth"


@dataclass(frozen=True, slots=True)
class Give:
    """Free action: hand `item` (an article, herb, gem or tablet) to the hero `to`, who stands
    on the same space."""

    item: str
    to: int

    def __str__(self) -> str:
        return f"give {self.item} {self.to}"


@dataclass(frozen=True, slots=True)
class Look:
    """Free action with the telescope: turn up the snow token on the neighbouring `space`."""

    space: int

    def __str__(self) -> str:
        return f"look {self.space}"


@dataclass(frozen=True, slots=True)
class Use:
    """Free action: use the herb `item` from the herbs-and-gems area (blue berries: +3 WP)."""

    item: str

    def __str__(self) -> str:
        return f"use {self.item}"


@dataclass(frozen=True, slots=True)
class TurnDie:
    """The wizard turns die `die` of the roll just made to its opposite face."""

    die: int

    def __str__(self) -> str:
        return f"turn {self.die}"


@dataclass(frozen=True, slots=True)
class Reroll:
    """The holder of the Askimar blade rolls die `die` of their own roll again (A3)."""

    die: int

    def __str__(self) -> str:
        return f"reroll {self.die}"


@dataclass(frozen=True, slots=True)
class KeepDice:
    """Leave the roll just made as it is (no re-roll, no turn)."""

    def __str__(self) -> str:
        return "keep"


@dataclass(frozen=True, slots=True)
class Stay:
    """A fighter fights the next round."""

    def __str__(self) -> str:
        return "stay"


@dataclass(frozen=True, slots=True)
class Leave:
    """A fighter leaves the battle for good."""

    def __str__(self) -> str:
        return "leave"


@dataclass(frozen=True, slots=True)
class Reward:
    """The winners take the reward as `kind` ('sp' or 'wp'), dealt out as evenly as possible."""

    kind: str

    def __str__(self) -> str:
        return f"reward {self.kind}"


@dataclass(frozen=True, slots=True)
class MoveTranuk:
    """Action: move Tranuk to `to` over land, one hour for every (started) 4 spaces (O3)."""

    to: int

    def __str__(self) -> str:
        return f"tranuk {self.to}"


@dataclass(frozen=True, slots=True)
class MoveFox:
    """Action: fly the fox to any space for one hour, turning up the snow token there if
    `look` (O4, R33)."""

    to: int
    look: bool = False

    def __str__(self) -> str:
        return f"fox {self.to}" + (" look" if self.look else "")


@dataclass(frozen=True, slots=True)
class TakeIquar:
    """Free action: take the Iquar `name` lying on the hero's space along (O1)."""

    name: str

    def __str__(self) -> str:
        return f"escort {self.name}"


@dataclass(frozen=True, slots=True)
class LeaveIquar:
    """Free action: leave the escorted Iquar `name` on the hero's space (O1)."""

    name: str

    def __str__(self) -> str:
        return f"unescort {self.name}"


@dataclass(frozen=True, slots=True)
class Barter:
    """Free action on a merchant's space: leave the article `give` and take `take` (A7)."""

    give: str
    take: str

    def __str__(self) -> str:
        return f"barter {self.give} {self.take}"


@dataclass(frozen=True, slots=True)
class Falcon:
    """Free action: open a falcon exchange between the hero and `hero` (one of the two holds
    the falcon), wherever they stand (A6)."""

    hero: int

    def __str__(self) -> str:
        return f"falcon {self.hero}"


@dataclass(frozen=True, slots=True)
class Send:
    """During a falcon exchange: `item` goes from the hero `frm` to the other one."""

    item: str
    frm: int

    def __str__(self) -> str:
        return f"send {self.item} {self.frm}"


@dataclass(frozen=True, slots=True)
class Land:
    """End the falcon exchange."""

    def __str__(self) -> str:
        return "land"


@dataclass(frozen=True, slots=True)
class Aside:
    """A free action of `hero` taken outside their own turn (F1): `action` is what they do."""

    hero: int
    action: Use | Look | Give | Light | Burn | LayGem | Glow | LightHearth | PickUp | PutDown \
        | TakeIquar | LeaveIquar | Barter | Falcon

    def __str__(self) -> str:
        return f"as {self.hero} {self.action}"


Free = (PickUp | PutDown | Give | Light | Burn | LayGem | Glow | LightHearth | Look | Use
        | TakeIquar | LeaveIquar | Barter | Falcon)
Action = (Move | Fight | Pass | EndDay | PickUp | PutDown | Give | Light | Burn | LayGem
          | Glow | LightHearth | Look | Use | TurnDie | Reroll | KeepDice | Stay | Leave | Reward
          | MoveTranuk | MoveFox | TakeIquar | LeaveIquar | Barter | Falcon | Send | Land
          | Aside)


class Battle:
    """A battle in progress (None between battles)."""

    __slots__ = ("asked", "creature", "cwp", "fighters", "herbs", "inviter", "phase", "rolls",
                 "round", "turned", "waiting")

    def __init__(self) -> None:
        self.creature = 0  # the creature's number
        self.cwp = 0  # its willpower in this battle
        self.inviter = 0
        self.fighters: list[int] = []  # seats still fighting, in rolling order
        self.round = 0
        self.rolls: dict[int, list[int]] = {}  # seat -> dice this round
        self.turned = False  # the wizard used the turn this round
        # "blade" (`waiting` may re-roll a die), "turn" (the wizard may turn `waiting`'s roll),
        # "herb" (`waiting` may eat a red blood herb), "stay", "reward"
        self.phase = ""
        self.waiting = -1  # whose roll the wizard looks at, or who decides to stay
        self.asked: list[int] = []  # fighters still to answer stay or leave
        self.herbs: list[int] = []  # fighters who ate a red blood herb this round (+2)

    def copy(self) -> Battle:
        b = Battle.__new__(Battle)
        b.creature = self.creature
        b.cwp = self.cwp
        b.inviter = self.inviter
        b.fighters = list(self.fighters)
        b.round = self.round
        b.rolls = {k: list(v) for k, v in self.rolls.items()}
        b.turned = self.turned
        b.phase = self.phase
        b.waiting = self.waiting
        b.asked = list(self.asked)
        b.herbs = list(self.herbs)
        return b

    def key(self) -> tuple[object, ...]:
        return (self.creature, self.cwp, self.inviter, tuple(self.fighters), self.round,
                sorted((k, tuple(v)) for k, v in self.rolls.items()), self.turned, self.phase,
                self.waiting, tuple(self.asked), tuple(self.herbs))


class State:
    """The whole game. Callers treat it as immutable; `copy` gives an independent state."""

    __slots__ = ("_legal", "battle", "bosses", "creatures", "current", "day", "defeated",
                 "ended", "falcon_used", "figures", "fires", "flight", "frost", "gems", "glow",
                 "hearth", "heroes", "hour", "ice", "iquar", "items", "kit", "legend", "n",
                 "narrator", "next_creature", "pouch", "read", "reason", "rescued", "result",
                 "rng", "rooster", "rules", "shields", "snow", "sp", "space", "unseen",
                 "unseen_ice", "wp", "carlion", "markers", "unseen_markers", "passage",
                 "marked", "shaman")

    def __init__(self) -> None:
        self.n = 0
        self.legend = ""
        self.heroes: tuple[str, ...] = ()  # class per seat
        self.space: list[int] = []
        self.sp: list[int] = []
        self.wp: list[int] = []
        self.hour: list[int] = []  # hours used today (0..10)
        self.ended: list[bool] = []  # marker in the sunrise box
        self.kit: list[list[str]] = []  # articles each hero carries
        self.pouch: list[list[str]] = []  # herbs, gems and tablets each hero holds
        self.items: dict[int, list[str]] = {}  # articles lying on spaces
        self.snow: dict[int, list[object]] = {}  # space -> [face, face up?]
        self.unseen: list[str] = []  # a view's face-down faces, sorted (HIDDEN on the board)
        self.fires: dict[int, bool] = {}  # fire tokens on spaces: burning?
        self.hearth = False  # the fire on the guardian's board burns (R9)
        self.gems: list[int] = []  # spaces with a gem on them
        self.glow = 0  # 1 while the tablets glow (the frost token is ignored), 2 once done
        self.creatures: dict[int, list[object]] = {}  # number -> [kind, space]
        self.bosses: dict[str, list[int]] = {}  # boss kind -> [sp, wp] for this game
        self.next_creature = 0
        self.shields: list[int] = []  # creature numbers on the shields
        self.defeated: list[int] = []  # creature numbers in the box
        self.current = 0
        self.rooster = -1
        self.day = 1
        self.frost: int | None = None
        self.narrator = 0  # index into the letters
        self.read: list[str] = []  # card ids read
        self.rules: list[str] = []  # legend rules switched on
        self.battle: Battle | None = None
        self.result = ""  # "", "won", "lost"
        self.reason = ""
        self.rng = 0
        self.ice: dict[int, list[object]] = {}  # lake space -> [face, face up?]
        self.unseen_ice: list[str] = []  # a view's face-down ice faces, sorted
        self.iquar: dict[str, list[int]] = {}  # name -> [space, escorting seat or -1]
        self.rescued: list[str] = []  # Iquar laid by the tent city's shields
        self.figures: dict[str, int] = {}  # tranuk, fox -> space
        self.falcon_used = False  # the falcon lies on its back until sunrise
        self.flight: list[int] = []  # [opener, partner] during a falcon exchange
        self.carlion = 0  # Carlion's charges (0..3)
        self.markers: dict[int, list[object]] = {}  # space -> [face, face up?]
        self.unseen_markers: list[str] = []  # a view's face-down marker faces, sorted
        self.passage: list[int] = []  # the secret passage's two ends, once open
        self.marked: list[str] = []  # faces of the target markers resolved
        self.shaman: list[int] = []  # [space, escorting seat or -1] once found (legend 4)
        self._legal: Sequence[Action] | None = None

    def copy(self) -> State:
        s = State.__new__(State)
        s.n = self.n
        s.legend = self.legend
        s.heroes = self.heroes
        s.space = list(self.space)
        s.sp = list(self.sp)
        s.wp = list(self.wp)
        s.hour = list(self.hour)
        s.ended = list(self.ended)
        s.kit = [list(k) for k in self.kit]
        s.pouch = [list(p) for p in self.pouch]
        s.items = {k: list(v) for k, v in self.items.items()}
        s.snow = {k: list(v) for k, v in self.snow.items()}
        s.unseen = list(self.unseen)
        s.fires = dict(self.fires)
        s.hearth = self.hearth
        s.gems = list(self.gems)
        s.glow = self.glow
        s.creatures = {k: list(v) for k, v in self.creatures.items()}
        s.bosses = {k: list(v) for k, v in self.bosses.items()}
        s.next_creature = self.next_creature
        s.shields = list(self.shields)
        s.defeated = list(self.defeated)
        s.current = self.current
        s.rooster = self.rooster
        s.day = self.day
        s.frost = self.frost
        s.narrator = self.narrator
        s.read = list(self.read)
        s.rules = list(self.rules)
        s.battle = None if self.battle is None else self.battle.copy()
        s.result = self.result
        s.reason = self.reason
        s.rng = self.rng
        s.ice = {k: list(v) for k, v in self.ice.items()}
        s.unseen_ice = list(self.unseen_ice)
        s.iquar = {k: list(v) for k, v in self.iquar.items()}
        s.rescued = list(self.rescued)
        s.figures = dict(self.figures)
        s.falcon_used = self.falcon_used
        s.flight = list(self.flight)
        s.carlion = self.carlion
        s.markers = {k: list(v) for k, v in self.markers.items()}
        s.unseen_markers = list(self.unseen_markers)
        s.passage = list(self.passage)
        s.marked = list(self.marked)
        s.shaman = list(self.shaman)
        s._legal = None
        return s

    def escorted(self, hero: int) -> list[str]:
        """The Iquar the hero takes along."""
        return sorted(k for k, (_, e) in self.iquar.items() if e == hero)

    def creature_at(self, space: int) -> int | None:
        for num, (_, where) in self.creatures.items():
            if where == space:
                return num
        return None

    def kind(self, num: int) -> str:
        return str(self.creatures[num][0])

    def where(self, num: int) -> int:
        w = self.creatures[num][1]
        assert isinstance(w, int)
        return w

    def key(self) -> tuple[object, ...]:
        """Every field that matters, as plain values (the fingerprint hashes this)."""
        return (self.n, self.legend, self.heroes, self.space, self.sp, self.wp, self.hour,
                self.ended, self.kit, self.pouch, sorted(self.items.items()),
                sorted(self.snow.items()), self.unseen, sorted(self.fires.items()),
                self.hearth, self.gems, self.glow,
                sorted(self.creatures.items()), sorted(self.bosses.items()),
                self.next_creature, self.shields, self.defeated, self.current, self.rooster,
                self.day, self.frost, self.narrator, self.read, self.rules,
                None if self.battle is None else self.battle.key(), self.result, self.reason,
                self.rng) + self._more_key()

    def _more_key(self) -> tuple[object, ...]:
        """The fields of the lake, the figures and legends 2-4; left out while all are empty,
        so the fingerprints of legend-1 saves made before they existed still check."""
        more = (sorted(self.ice.items()), self.unseen_ice, sorted(self.iquar.items()),
                self.rescued, sorted(self.figures.items()), self.falcon_used, self.flight,
                self.carlion, sorted(self.markers.items()), self.unseen_markers, self.passage,
                self.marked, self.shaman)
        return more if any(more) else ()
