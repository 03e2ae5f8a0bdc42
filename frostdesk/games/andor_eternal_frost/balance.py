"""`frostdesk balance andor-eternal-frost`: the design brief's section-6 figures from seeded
crew games (shared/design/games/andor.md, section 6).

Per legend and hero count: the win rates of the `heuristic`, `easy` and `random` crews with
95% Wilson intervals against the legend's band; the causes of the heuristic crew's losses
(the brief: none above 60% of a legend's losses); the boss battles it starts and how many of
them it wins (60-90%); mean days, the final letter, kills, boss wins with a fire on the
battle's space, which terror came (legend 4) and how often each article was used.
"""

from __future__ import annotations

import random
import re
from collections import Counter
from collections.abc import Sequence
from typing import Any

from frostdesk.ai import make_agent
from frostdesk.engine.stats import rate
from frostdesk.games.andor_eternal_frost.state import (
    Aside,
    Burn,
    Falcon,
    Look,
    Move,
    Reroll,
    Send,
    State,
    Use,
)
from frostdesk.progress import Progress, map_in_order

GAME = "andor-eternal-frost"
LEGENDS = ("l1", "l2", "l3", "l4")
BANDS = {"l1": (65, 85), "l2": (50, 70), "l3": (45, 65), "l4": (35, 55)}
BOTS = ("heuristic", "easy", "random")
CAUSE_CAP = 60  # no loss cause above this share of a legend's losses
BOSS_BAND = (60, 90)  # boss battles the crew starts, won this often
SPREAD = 10  # hero counts (and legend 4's terrors) within this many points


def cause(reason: str) -> str:
    """A loss's reason in the report's words, without space numbers: the creature that found
    no shield, the narrator at N, or the legend's own loss."""
    shield = re.match(r"the (.+?) found no free shield", reason)
    if shield:
        return f"{shield.group(1).lower()} found no free shield"
    if "narrator reached" in reason:
        return "the narrator reached N"
    return re.sub(r"\s*\(?\b\d+\b\)?", "", reason).strip() or "lost"


def article_uses(action: Any) -> list[str]:
    """The articles an action uses (wineskin sips, the wart root, the blade's re-roll, the
    telescope, the falcon, herbs and berries)."""
    if isinstance(action, Aside):
        action = action.action
    out: list[str] = []
    if isinstance(action, Move):
        out += ["wineskin"] * (action.sips > 0) + ["white_wart_root"] * action.root
    elif isinstance(action, Reroll):
        out.append("askimar_blade")
    elif isinstance(action, Look):
        out.append("telescope")
    elif isinstance(action, Falcon | Send):
        out.append("falcon")
    elif isinstance(action, Burn):
        out.append("firewood")
    elif isinstance(action, Use):
        out.append(action.item)
    return out


def play(legend: str, n: int, seed: int, bot: str) -> dict[str, Any]:
    """One game of `legend` with `n` heroes and `bot` in every seat: the facts the report
    needs (plain data, so worker processes can send it back)."""
    from frostdesk.games import load_game

    game = load_game(GAME)
    s: State
    s, _ = game.new_game({"players": n, "legend": legend}, seed)
    agents = [make_agent(game, bot, seed * 10 + i) for i in range(n)]
    uses: Counter[str] = Counter()
    boss_battles = boss_wins = fire_wins = 0
    fighting: tuple[int, bool] | None = None  # (boss, a fire burns on its space)
    while game.to_move(s) is not None:
        seat = game.to_move(s)
        assert seat is not None
        action = agents[seat].choose(game, game.view(s, seat), game.legal(s), seat)
        uses.update(article_uses(action))
        s, _ = game.apply(s, action)
        b = s.battle
        if fighting is None and b is not None and s.kind(b.creature) in s.bosses:
            fighting = (b.creature, game.burning(s, s.where(b.creature)))
            boss_battles += 1
        elif fighting is not None and b is None:
            if fighting[0] in s.defeated:
                boss_wins += 1
                fire_wins += fighting[1]
            fighting = None
    won = s.result == "won"
    return {"won": won, "cause": "" if won else cause(s.reason), "day": s.day,
            "letter": game.content.letters[s.narrator], "kills": len(s.defeated),
            "boss_battles": boss_battles, "boss_wins": boss_wins, "fire_wins": fire_wins,
            "terror": next((k for k, _ in sorted(s.creatures.values(), key=str)
                            if k in s.bosses), "") if legend == "l4" else "",
            "uses": dict(uses)}


def _one(plan: tuple[str, int, int, str]) -> dict[str, Any]:
    return play(*plan)


def plans(legend: str, n: int, games: int, seed: int, bot: str
          ) -> list[tuple[str, int, int, str]]:
    """The seeded games of one cell: the same seeds for every run with these arguments."""
    master = random.Random(f"{seed}/{legend}/{n}/{bot}")
    return [(legend, n, master.randrange(2**31), bot) for _ in range(games)]


def run_games(todo: Sequence[tuple[str, int, int, str]], jobs: int, progress: Progress
              ) -> list[dict[str, Any]]:
    """Play `todo` in order, in `jobs` worker processes when more than one."""
    return map_in_order(_one, todo, jobs, progress, chunksize=4)


def _pct(k: int, n: int) -> float:
    return 100 * k / max(1, n)


def report(games: int, seed: int = 1, jobs: int = 1, progress: Progress | None = None,
           legends: Sequence[str] = LEGENDS, counts: Sequence[int] = (2, 3, 4),
           other_games: int | None = None) -> str:
    """The report in Markdown: `games` heuristic games per legend and hero count, and
    `other_games` (default: as many) for the easy and random crews."""
    progress = progress or Progress.for_stream("balance", echo=False)
    others = games if other_games is None else other_games
    cells: dict[tuple[str, str, int], list[dict[str, Any]]] = {}
    for legend in legends:
        for bot in BOTS:
            size = games if bot == "heuristic" else others
            if size <= 0:
                continue
            for n in counts:
                progress.phase(f"{legend}, {n} heroes, {bot}", total=size)
                cells[legend, bot, n] = run_games(plans(legend, n, size, seed, bot), jobs,
                                                  progress)
    command = (f"frostdesk balance {GAME} --games {games} --other-games {others} "
               f"--legends {','.join(legends)} --players {','.join(map(str, counts))} "
               f"--seed {seed}")
    lines = ["# The Eternal Frost: balance", "",
             f"Made by `{command}` (add `--jobs 2` to use two cores; the figures do not "
             "change). Every figure comes from seeded games with one crew in every seat; "
             "rates carry 95% Wilson intervals in brackets.", "",
             "## Win rates", "",
             "Targets (brief, section 6): heuristic in the legend's band at every hero count, "
             f"hero counts within {SPREAD} points of each other, `random` under 5%, `easy` at "
             "least 20 points below `heuristic`.", "",
             "| legend | band | crew | " + " | ".join(f"{n} heroes" for n in counts)
             + " | spread |", "|---|---|---|" + "---|" * len(counts) + "---|"]
    for legend in legends:
        lo, hi = BANDS[legend]
        for bot in BOTS:
            if (legend, bot, counts[0]) not in cells:
                continue
            row = [cells[legend, bot, n] for n in counts]
            wins = [sum(r["won"] for r in rs) for rs in row]
            rates = [_pct(w, len(rs)) for w, rs in zip(wins, row, strict=True)]
            spread = f"{max(rates) - min(rates):.0f}" if bot == "heuristic" else ""
            lines.append(f"| {legend.upper()} | {lo}–{hi}% | {bot} | "
                         + " | ".join(f"{w}/{len(rs)} = {rate(w, len(rs))}"
                                      for w, rs in zip(wins, row, strict=True))
                         + f" | {spread} |")
    lines += ["", "## The heuristic crew's games", "",
              f"Loss causes: the share of the legend's losses (all hero counts), none should "
              f"pass {CAUSE_CAP}%. Boss fights: the games in which the crew attacked the boss and "
              f"the share of them in which it beat it (target {BOSS_BAND[0]}–{BOSS_BAND[1]}%), "
              "and the same per battle.", ""]
    for legend in legends:
        every = [r for n in counts for r in cells.get((legend, "heuristic", n), [])]
        if not every:
            continue
        lines += _legend_lines(legend, every, counts, cells)
    return "\n".join(lines)


def _verdict(pct: float, band: tuple[int, int]) -> str:
    return "met" if band[0] <= pct <= band[1] else "missed"


def _legend_lines(legend: str, every: list[dict[str, Any]], counts: Sequence[int],
                  cells: dict[tuple[str, str, int], list[dict[str, Any]]]) -> list[str]:
    lost = [r for r in every if not r["won"]]
    causes = Counter(r["cause"] for r in lost)
    top = causes.most_common(1)[0][1] if causes else 0
    verdict = "met" if _pct(top, len(lost)) <= CAUSE_CAP else "missed"
    out = [f"### {legend.upper()}", "",
           f"- Losses: {len(lost)} of {len(every)}; causes: "
           + ("; ".join(f"{c} {k} ({_pct(k, len(lost)):.0f}%)" for c, k in causes.most_common())
              or "none")
           + f" (largest at most {CAUSE_CAP}%: {verdict})."]
    battles = sum(r["boss_battles"] for r in every)
    beaten = sum(r["boss_wins"] for r in every)
    if battles:
        fought = [r for r in every if r["boss_battles"]]
        won = sum(1 for r in fought if r["boss_wins"])
        out.append(f"- Boss fights (games in which the crew attacked the boss at least once): "
                   f"{len(fought)}, the boss defeated in {won} = {rate(won, len(fought))} "
                   f"(target {BOSS_BAND[0]}–{BOSS_BAND[1]}%: "
                   f"{_verdict(_pct(won, len(fought)), BOSS_BAND)}).")
        out.append(f"- Boss battles (each battle on its own; a fight can take several): "
                   f"{battles}, {beaten} won = {rate(beaten, battles)} "
                   f"({_verdict(_pct(beaten, battles), BOSS_BAND)}); "
                   f"{sum(r['fire_wins'] for r in every)} of the wins with a fire burning on "
                   "the battle's space.")
    elif legend != "l2":
        out.append("- Boss battles: none started.")
    for n in counts:
        rs = cells.get((legend, "heuristic", n), [])
        if not rs:
            continue
        letters = Counter(r["letter"] for r in rs).most_common(3)
        out.append(f"- {n} heroes: mean last day {sum(r['day'] for r in rs) / len(rs):.1f}, "
                   f"kills {sum(r['kills'] for r in rs) / len(rs):.1f} a game, final letter "
                   + ", ".join(f"{k} {v}×" for k, v in letters) + ".")
    terrors = Counter(r["terror"] for r in every if r["terror"])
    if terrors:
        parts = []
        for t, k in sorted(terrors.items()):
            w = sum(1 for r in every if r["terror"] == t and r["won"])
            parts.append(f"{t.title()} {w}/{k} = {rate(w, k)}")
        out.append("- The terror that came (games where card F was read): " + "; ".join(parts)
                   + ".")
    uses: Counter[str] = Counter()
    for r in every:
        uses.update(r["uses"])
    if uses:
        out.append("- Articles used (times a game): " + ", ".join(
            f"{k.replace('_', ' ')} {v / len(every):.1f}" for k, v in sorted(uses.items()))
            + ".")
    out.append("")
    return out


def add_arguments(p: Any) -> None:
    """`frostdesk balance andor-eternal-frost` options (an argparse parser)."""
    p.add_argument("--games", type=int, default=200,
                   help="heuristic games per legend and hero count")
    p.add_argument("--other-games", type=int, default=None,
                   help="easy and random games per legend and hero count (default: --games)")
    p.add_argument("--legends", default=",".join(LEGENDS), help="legends, comma-separated")
    p.add_argument("--players", default="2,3,4", help="hero counts, comma-separated")


def run(args: Any, progress: Progress) -> str:
    legends = tuple(x.strip().lower() for x in str(args.legends).split(",") if x.strip())
    bad = [x for x in legends if x not in LEGENDS]
    if not legends or bad:
        raise SystemExit(f"frostdesk balance: --legends takes {', '.join(LEGENDS)}"
                         + (f" (not {', '.join(bad)})" if bad else ""))
    try:
        counts = tuple(int(x) for x in str(args.players).split(",") if x.strip())
    except ValueError:
        raise SystemExit("frostdesk balance: --players takes numbers such as 2,3,4") from None
    if not counts or any(not 2 <= n <= 4 for n in counts):
        raise SystemExit("frostdesk balance: The Eternal Frost takes 2 to 4 heroes")
    if args.games < 1:
        raise SystemExit("frostdesk balance: --games must be at least 1")
    others = args.other_games
    if others is not None and others < 0:
        raise SystemExit("frostdesk balance: --other-games cannot be negative")
    return report(args.games, args.seed, max(1, args.jobs), progress, legends, counts, others)
