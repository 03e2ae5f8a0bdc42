"""The Frontier Stations balance report: `frostdesk balance frontier-stations`.

Plays whole games with the cooperative heuristic crew on every station and writes
docs/balance/frontier-stations.md: the team's win rate for 1 to 6 stations at standard
difficulty, the rulebook's difficulty options side by side, how often each system is bought
and activated and how buying it moves the win rate, what ends lost games, and game length.
Every figure comes from the games this command plays; the same seed gives the same report.
"""

from __future__ import annotations

import json
import math
import random
import time
from collections import Counter
from pathlib import Path
from typing import Any

from frostdesk.ai import make_agent
from frostdesk.games import load_game
from frostdesk.progress import Progress, map_in_order, silent
from frostdesk.sim import play_game

GAME = "frontier-stations"
DIFFICULTY_STATIONS = 4
DIFFICULTIES: list[tuple[str, dict[str, str]]] = [
    ("Heavy Nexus, list prices", {"nexus": "heavy"}),
    ("Nexus, list prices (standard)", {}),
    ("Light Nexus, list prices", {"nexus": "light"}),
    ("Heavy Nexus, +1 price", {"nexus": "heavy", "price": "+1"}),
    ("Nexus, 4 distress beacons", {"beacons": "4"}),
    ("Nexus, no distress beacon", {"beacons": "0"}),
]
MUST_BUY_POINTS = 15.0
MUST_BUY_RATIO = 1.5  # issue 11, item 14: buyers win at most 1.5 times the overall rate


# What changed in the cards for the balance, newest first (written by hand; the figures it
# quotes come from the commands it names).
CHANGES: list[str] = [
    "## Card changes",
    "",
    "### Issue 11, item 14: the cost curve of the systems bought late",
    "",
    "Before: `frostdesk balance frontier-stations --games 300 --seed 1` at commit 702c026 "
    "(1,800 standard games pooled, overall win rate 34.1%). 17 of 30 systems' buyers won more "
    "than 1.5x the overall rate. The worst were the six converters and the Salvage Ship "
    "(1.86x to 2.47x; Mass Converter 84.3% when bought), all rulebook cards whose price is "
    "ours, first bought on turns 23 to 33 on average. Their difference matched by turn was "
    "within 5 points (-4.0 to +4.9): they were not strong, they were bought late. The crew "
    "rates a converter below a producer while many rolls remain, and at 3 or 4 credits a low "
    "die early could not buy one without energy it did not have; so converters were bought "
    "near the end, when producers no longer pay back, and only by crews still alive then, "
    "which mostly win. The Command Center was dear rather than weak: 7 credits need both "
    "dice or energy, so it was first bought on turn 20.5, and its matched difference was "
    "+3.8.",
    "",
    "| System | Source | Cost before | Cost now | Other change | Why |",
    "|---|---|---|---|---|---|",
    "| Recycler, Force Field, Focusing Lens, Stasis Pod | rulebook (price ours) | 3 | 1 | - "
    "| Make nothing themselves; at 1 a die of 1 buys one early, so they stop being "
    "end-of-game buys |",
    "| Mass Converter | rulebook (price ours) | 4 | 2 | - | Three energy for one: the "
    "strongest exchange, a little dearer than the two-for-one converters |",
    "| Supercomputer | rulebook (price ours) | 4 | 3 | - | Also makes engineering, so it "
    "stays above the plain converters |",
    "| Salvage Ship | rulebook (price ours) | 4 | 2 | - | First bought on turn 33: pays "
    "only when threats next to it are destroyed, so it must be cheap to be bought in time |",
    "| Supply Depot | authored | 4 | 2 | - | Overflow room only, bought on turn 22.6 |",
    "| Fusion Core | authored | 6 | 5 | - | A single copy bought on turn 19.5: 6 credits "
    "needed energy on every one-die turn but a 6 |",
    "| Command Center | authored | 7 | 5 | makes a token on 6 and 9 (was 6, 8 and 9) | "
    "Cheaper so it is bought before the end, one number fewer so it does not carry the "
    "game |",
    "",
    "No printed number changed: the rulebook gives these cards' effects, not their prices. "
    "The figures after the change are the tables above.",
    "",
]


class _Timed:
    """A crew member whose decisions are timed (the crews table reports the thinking time)."""

    def __init__(self, agent: Any, clock: list[float]) -> None:
        self.agent = agent
        self.name = agent.name
        self.clock = clock  # [decisions, seconds in all, longest]

    def choose(self, game: Any, view: Any, legal: Any, seat: int) -> Any:
        t0 = time.perf_counter()
        action = self.agent.choose(game, view, legal, seat)
        took = time.perf_counter() - t0
        self.clock[0] += 1
        self.clock[1] += took
        self.clock[2] = max(self.clock[2], took)
        return action


def _one(plan: tuple[int, int, dict[str, str], str]) -> dict[str, Any]:
    """Play one game; the facts the report needs (picklable, for worker processes)."""
    stations, seed, options, bot = plan
    game = load_game(GAME)
    clock = [0.0, 0.0, 0.0]
    agents = [_Timed(make_agent(game, bot, seed * 8 + i), clock) for i in range(stations)]
    due: list[str] = []  # the threats still due on the roll that lost

    def watch(events: list[Any]) -> None:
        for e in events:
            if e.kind == "game_lost":
                due.extend(dict.fromkeys(threat for _, threat in e.data.get("due", ())))

    state, decisions = play_game(game, agents, stations, seed, options, observer=watch)
    systems = game.systems
    bought: dict[str, int] = {}  # design -> turn of its first install
    for card, turn in zip(state.bought, state.bought_turns, strict=False):
        bought.setdefault(systems[card].design, turn)
    activations: Counter[str] = Counter()
    for card, times in state.activated.items():
        activations[systems[card].design] += times
    names = {t.id: t.name for t in game.threats}
    causes = list(dict.fromkeys(names.get(t, t) for t in due))
    return {"won": state.result == "won", "turns": state.turn, "bought": bought,
            "activations": dict(activations), "causes": causes, "decisions": decisions,
            "beacons_used": int(options.get("beacons", game.content.beacons)) - state.beacons,
            "think": clock}


def _run(plans: list[tuple[int, int, dict[str, str], str]], jobs: int,
         progress: Progress) -> list[dict[str, Any]]:
    return map_in_order(_one, plans, jobs, progress, chunksize=8)  # in plan order


def _plans(stations: int, games: int, seed: int, options: dict[str, str],
           bot: str = "heuristic") -> list[tuple[int, int, dict[str, str], str]]:
    master = random.Random(f"{seed}/{stations}/{sorted(options.items())}/{bot}")
    return [(stations, master.randrange(2**31), options, bot) for _ in range(games)]


def _rate(results: list[dict[str, Any]]) -> tuple[float, float]:
    """Win rate in percent and the half-width of its 95% interval (normal approximation)."""
    n = len(results)
    p = sum(r["won"] for r in results) / max(1, n)
    return 100 * p, 100 * 1.96 * math.sqrt(p * (1 - p) / max(1, n))


def _alive_rates(results: list[dict[str, Any]]) -> dict[int, float]:
    """Turn -> win rate (in percent) of the games still being played at the start of it."""
    out: dict[int, float] = {}
    for turn in range(1, 60):
        alive = [r for r in results if r["turns"] >= turn]
        if alive:
            out[turn] = 100 * sum(r["won"] for r in alive) / len(alive)
    return out


def card_ratios(game: Any, results: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Per system design bought in `results`: how much more often its buyers win than all
    games, split into what the turn of purchase alone explains and what is left.

    `ratio` = buyers' win rate / overall win rate (the issue's measure). `survival` = the mean,
    over the buyers, of the win rate of the games still running on the turn the card was first
    bought, over the overall rate: what a card that changes nothing would show if bought on
    the same turns. `matched` = buyers' win rate / that mean. ratio = survival x matched.
    """
    overall = 100 * sum(r["won"] for r in results) / len(results)
    alive = _alive_rates(results)
    designs: dict[str, Any] = {}
    for c in game.systems:
        designs.setdefault(c.design, [c, 0])[1] += 1
    rows: list[dict[str, Any]] = []
    for design, (card, copies) in sorted(designs.items(), key=lambda kv: kv[1][0].name):
        buyers = [r for r in results if design in r["bought"]]
        row: dict[str, Any] = {"card": card, "copies": copies, "buyers": len(buyers),
                               "share": 100 * len(buyers) / len(results)}
        if buyers and overall > 0:
            wins = sum(r["won"] for r in buyers)
            p = wins / len(buyers)
            turns = [r["bought"][design] for r in buyers]
            expected = sum(alive[t] for t in turns) / len(turns)
            row.update(turn=sum(turns) / len(turns), win=100 * p,
                       half=100 * 1.96 * math.sqrt(p * (1 - p) / len(buyers)),
                       ratio=100 * p / overall, survival=expected / overall,
                       matched=100 * p / expected if expected else 0.0)
        rows.append(row)
    return rows


def report(games: int = 500, seed: int = 1, jobs: int = 1, difficulty_games: int | None = None,
           progress: Progress | None = None, card_games: int | None = None) -> str:
    progress = progress or silent()
    game = load_game(GAME)
    difficulty_games = difficulty_games or games
    t0 = time.perf_counter()
    by_count: dict[int, list[dict[str, Any]]] = {}
    for n in range(game.min_players, game.max_players + 1):
        progress.phase(f"playing {games} games with {n} station(s)", total=games)
        by_count[n] = _run(_plans(n, games, seed, {}), jobs, progress)
    by_level: list[tuple[str, dict[str, str], list[dict[str, Any]]]] = []
    for label, options in DIFFICULTIES:
        if not options and difficulty_games == games:
            by_level.append((label, options, by_count[DIFFICULTY_STATIONS]))
            continue
        progress.phase(f"playing {difficulty_games} games: {label}", total=difficulty_games)
        by_level.append((label, options, _run(
            _plans(DIFFICULTY_STATIONS, difficulty_games, seed, options), jobs, progress)))
    card_results: list[dict[str, Any]] = []
    if card_games:
        # The first `games` of these plans are the standard games already played with
        # DIFFICULTY_STATIONS stations (same seed, same order): only the rest are played.
        plans = _plans(DIFFICULTY_STATIONS, card_games, seed, {})
        done = by_count.get(DIFFICULTY_STATIONS, [])[:card_games]
        rest = plans[len(done):]
        progress.phase(f"playing {len(rest)} more games with {DIFFICULTY_STATIONS} stations "
                       "for the systems' win rates", total=len(rest))
        card_results = done + _run(rest, jobs, progress)
    easy_n = DIFFICULTY_STATIONS
    progress.phase(f"playing {games} games with rookie (easy) crews on {easy_n} stations",
                   total=games)
    rookies = _run(_plans(easy_n, games, seed, {}, bot="easy"), jobs, progress)
    elapsed = time.perf_counter() - t0

    cmd = f"frostdesk balance frontier-stations --games {games} --seed {seed}"
    if difficulty_games != games:
        cmd += f" --difficulty-games {difficulty_games}"
    if card_games:
        cmd += f" --card-games {card_games}"
    played = (sum(len(v) for v in by_count.values()) + len(rookies)
              + sum(len(r) for _, o, r in by_level if o)
              + max(0, len(card_results) - len(by_count.get(DIFFICULTY_STATIONS, []))))
    out: list[str] = [
        "# Frontier Stations balance",
        "",
        "Regenerate with (add `--jobs 2` to use two cores; the figures do not change):",
        "",
        "```",
        cmd + " --out docs/balance/frontier-stations.md",
        "```",
        "",
        "Every station is run by the cooperative heuristic crew (`heuristic`, \"Crew (steady)\" "
        "in the app). A game is won when both threat decks are empty after the activate-threats "
        "step and lost when the activations of a roll cannot all be paid, whatever the division "
        "and however the distress beacons left are used (a loss counts every threat still due "
        "on that roll as its cause). "
        "Win rates carry a 95% interval. The cards are ours apart from what the rulebook names "
        "(cards/frontier-stations/, `source:` on every card); the rulings behind the numbers "
        "are in docs/rules/frontier-stations.md.",
        "",
        f"Played {played} games in {elapsed:.0f} s.",
        "",
        "## Standard difficulty by station count",
        "",
        "Nexus on every station, list prices, 2 distress beacons. Targets: 30-60% for 3 to 6 "
        "stations, above 20% for 1 and 2.",
        "",
        "| Stations | Games | Team win rate | Mean length (turns) | Lost games end on turn | "
        "Beacons used | Most frequent cause of a loss |",
        "|---|---|---|---|---|---|---|",
    ]
    for n, results in by_count.items():
        rate, half = _rate(results)
        lost = [r for r in results if not r["won"]]
        causes = Counter(c for r in lost for c in r["causes"]).most_common(3)
        out.append(
            f"| {n} | {len(results)} | {rate:.1f}% ± {half:.1f} | "
            f"{sum(r['turns'] for r in results) / len(results):.1f} | "
            f"{sum(r['turns'] for r in lost) / max(1, len(lost)):.1f} | "
            f"{sum(r['beacons_used'] for r in results) / len(results):.2f} | "
            + ", ".join(f"{c} ({k})" for c, k in causes) + " |")
    out += [
        "",
        f"## Difficulty options ({DIFFICULTY_STATIONS} stations)",
        "",
        "The rulebook says a Heavy Nexus makes the game easier than a Nexus and a Light Nexus "
        "harder, and that +1 to every price with a Heavy Nexus is harder than list prices with a "
        "Light Nexus.",
        "",
        "| Setting | Games | Team win rate | Mean length (turns) |",
        "|---|---|---|---|",
    ]
    rates: dict[str, float] = {}
    for label, _options, results in by_level:
        rate, half = _rate(results)
        rates[label] = rate
        out.append(f"| {label} | {len(results)} | {rate:.1f}% ± {half:.1f} | "
                   f"{sum(r['turns'] for r in results) / len(results):.1f} |")
    heavy, std, light, heavy_plus = (rates[DIFFICULTIES[i][0]] for i in range(4))
    checks = [
        ("Heavy Nexus is easier than Nexus", heavy > std),
        ("Nexus is easier than Light Nexus", std > light),
        ("+1 price with Heavy Nexus is harder than list prices with Light Nexus",
         heavy_plus < light),
    ]
    out += [""] + [f"- {text}: {'holds' if ok else 'DOES NOT HOLD'}" for text, ok in checks]
    rate, half = _rate(rookies)
    out += [
        "",
        f"Rookie crews (`easy`: the heuristic with one decision in three at random) on "
        f"{easy_n} stations win {rate:.1f}% ± {half:.1f} of {len(rookies)} games.",
        "",
        "## Systems: purchases, activations and the win rate",
        "",
        f"All standard games above ({sum(len(v) for v in by_count.values())}), pooled. "
        "\"Bought in\" is the share of games in which at least one copy was installed; "
        "\"Win rate when bought\" is the team's win rate in those games, next to the overall "
        f"rate. No card should be a must-buy: at most {MUST_BUY_POINTS:.0f} points above "
        "the overall rate.",
        "",
        "| System | Source | Copies | Cost | Bought in | First bought (mean turn) | "
        "Activations per game | Win rate when bought | Difference | "
        "Difference, matched by turn |",
        "|---|---|---|---|---|---|---|---|---|---|",
    ]
    pooled = [r for v in by_count.values() for r in v]
    overall = 100 * sum(r["won"] for r in pooled) / len(pooled)
    # Win rate of the games still being played at the start of each turn: a card bought on
    # turn T is compared with the games that reached turn T (the matched difference).
    alive_rate = _alive_rates(pooled)
    designs: dict[str, Any] = {}
    for c in game.systems:
        designs.setdefault(c.design, [c, 0])[1] += 1
    worst = ("", -100.0)
    worst_raw = ("", -100.0)
    for design, (card, copies) in sorted(designs.items(), key=lambda kv: kv[1][0].name):
        with_it = [r for r in pooled if design in r["bought"]]
        acts = sum(r["activations"].get(design, 0) for r in pooled) / len(pooled)
        if with_it:
            wr = 100 * sum(r["won"] for r in with_it) / len(with_it)
            turns = [r["bought"][design] for r in with_it]
            matched = wr - sum(alive_rate[t] for t in turns) / len(turns)
            diff = wr - overall
            if len(with_it) >= 30:
                if matched > worst[1]:
                    worst = (card.name, matched)
                if diff > worst_raw[1]:
                    worst_raw = (card.name, diff)
            cells = (f"{sum(turns) / len(turns):.1f} | {acts:.2f} | {wr:.1f}% | {diff:+.1f} | "
                     f"{matched:+.1f}")
        else:
            cells = f"- | {acts:.2f} | - | - | -"
        out.append(f"| {card.name} | {card.source} | {copies} | {card.cost} | "
                   f"{100 * len(with_it) / len(pooled):.1f}% | {cells} |")
    out += [
        "",
        f"Overall win rate of these games: {overall:.1f}%. Cards bought in at least 30 games: "
        f"the largest rise over the overall rate is {worst_raw[0]} {worst_raw[1]:+.1f} points; "
        f"matched by turn, {worst[0]} {worst[1]:+.1f} points "
        f"({'within' if worst[1] <= MUST_BUY_POINTS else 'ABOVE'} the "
        f"{MUST_BUY_POINTS:.0f}-point limit).",
        "",
        "Why two columns: a game that is already lost buys nothing more, so a card that is "
        "mostly bought late shows a high \"win rate when bought\" just because the games that "
        "reached its turn were going well. The matched column compares each purchase with the "
        "games that were still running on the turn it was made, which isolates what the card "
        "itself adds.",
        "",
    ]
    if card_results:
        out += _ratio_section(game, card_results)
    out += CHANGES
    out += [
        "## Threats that end games",
        "",
        "| Threat | Deck | Lost rolls it was due on (all standard games) |",
        "|---|---|---|",
    ]
    lost_to: Counter[str] = Counter(c for r in pooled if not r["won"] for c in r["causes"])
    decks = {t.name: t.deck for t in game.threats}
    for name, k in lost_to.most_common():
        out.append(f"| {name} | {decks.get(name, '?')} | {k} |")
    out += [
        "",
        "## Game length",
        "",
        "A won game always lasts 41 turns: 40 threats are drawn (Reinforcements that would open "
        "an area go back under their deck and are drawn again later), and the turn after the "
        "last draw must survive its roll.",
        "",
        f"Decisions per game (all stations together): "
        f"{sum(r['decisions'] for r in pooled) / len(pooled):.1f}.",
    ]
    return "\n".join(out)


def _ratio_section(game: Any, results: list[dict[str, Any]]) -> list[str]:
    """The issue's measure: buyers' win rate over the overall rate, standard games with
    DIFFICULTY_STATIONS stations, with what the turn of purchase alone explains beside it."""
    n = len(results)
    rate, half = _rate(results)
    out = [
        f"## Systems at {DIFFICULTY_STATIONS} stations: buyers' win rate against the overall "
        "rate",
        "",
        f"{n} standard games with {DIFFICULTY_STATIONS} stations (the first of them are the "
        f"{DIFFICULTY_STATIONS}-station games above); the crew won {rate:.1f}% ± {half:.1f}. "
        f"Target (issue 11, item 14): no system's buyers win more than {MUST_BUY_RATIO}x the "
        "overall rate. \"x overall\" is that measure. \"x from the turn alone\" is what a card "
        "that changes nothing would show if bought on the same turns (the win rate of the "
        "games still running on each buyer's turn of purchase, over the overall rate): a game "
        "lost on turn 15 buys nothing on turn 25, so late purchases are made only in games "
        "that were going well. \"x matched\" is the buyers' win rate over that survivors' "
        "rate, what the card adds; the first column is the product of the other two.",
        "",
        "| System | Source | Cost | Bought in | First bought (mean turn) | Win rate when bought "
        "| x overall | x from the turn alone | x matched |",
        "|---|---|---|---|---|---|---|---|---|",
    ]
    rows = card_ratios(game, results)
    over = []
    for row in rows:
        card = row["card"]
        head = (f"| {card.name} | {card.source} | {card.cost} | {row['share']:.1f}% | ")
        if "ratio" not in row:
            out.append(head + "- | - | - | - | - |")
            continue
        flag = " **over**" if row["ratio"] > MUST_BUY_RATIO else ""
        if flag:
            over.append(row)
        out.append(head + f"{row['turn']:.1f} | {row['win']:.1f}% ± {row['half']:.1f} | "
                   f"{row['ratio']:.2f}{flag} | {row['survival']:.2f} | {row['matched']:.2f} |")
    bought = [r for r in rows if "ratio" in r]
    top = max(bought, key=lambda r: r["ratio"])
    top_m = max(bought, key=lambda r: r["matched"])
    out += [
        "",
        f"Largest ratio: {top['card'].name} {top['ratio']:.2f}x "
        f"({'within' if top['ratio'] <= MUST_BUY_RATIO else 'ABOVE'} the {MUST_BUY_RATIO}x "
        f"target); {len(over)} of {len(bought)} systems above it"
        + (": " + ", ".join(f"{r['card'].name} {r['ratio']:.2f}x (turn {r['turn']:.0f})"
                            for r in sorted(over, key=lambda r: -r["ratio"])) if over else "")
        + f". Largest matched ratio: {top_m['card'].name} {top_m['matched']:.2f}x.",
        "",
    ]
    return out


# ---------------------------------------------------------------------------- crews

CREWS = ("heuristic", "planner")
# --crew-settings words: the difficulty rows above, by a short name
CREW_SETTINGS: dict[str, dict[str, str]] = {
    "standard": {}, "heavy": {"nexus": "heavy"}, "light": {"nexus": "light"},
    "heavy+1": {"nexus": "heavy", "price": "+1"}, "beacons4": {"beacons": "4"},
    "beacons0": {"beacons": "0"}}
CREWS_HEADING = "## Crews"
CREW_WORDS = {"heuristic": "steady (`heuristic`)", "planner": "planning (`planner`, no time cap)",
              "planner:1000": "planning, Hard (`planner:1000`)", "easy": "rookie (`easy`)"}


def _crew_plans(stations: int, games: int, seed: int, options: dict[str, str],
                bot: str) -> list[tuple[int, int, dict[str, str], str]]:
    """The same game seeds for every crew (a paired comparison)."""
    master = random.Random(f"{seed}/{stations}/{sorted(options.items())}/crews")
    return [(stations, master.randrange(2**31), options, bot) for _ in range(games)]


def _setting_words(options: dict[str, str]) -> str:
    for label, opts in DIFFICULTIES:
        if opts == options:
            return label
    return ", ".join(f"{k}={v}" for k, v in sorted(options.items())) or "standard"


def crews_report(games: int, seed: int = 1, jobs: int = 1,
                 stations: tuple[int, ...] = (DIFFICULTY_STATIONS,),
                 settings: tuple[str, ...] = ("standard",), crews: tuple[str, ...] = CREWS,
                 progress: Progress | None = None, store: Path | None = None) -> str:
    """The section "Crews": each crew on the same seeds, per station count and setting.

    With `store` (a JSON Lines file), every finished game is appended there as it ends and
    the games found there are read back instead of played: a long run can be stopped and
    finished later, and a smaller --games reports the seeds already played (the first K
    seeds are the same whatever --games says)."""
    progress = progress or silent()
    by_label = CREW_SETTINGS
    counts = _setting_games(settings, games)
    unknown = [s for s in counts if s not in by_label]
    if unknown:
        raise ValueError(f"unknown --crew-settings {', '.join(unknown)}; choose from "
                         + ", ".join(by_label))
    stored = _read_store(store)
    ruleset = load_game(GAME).content.ruleset_hash
    reused = 0
    t0 = time.perf_counter()
    rows: list[tuple[int, dict[str, str], dict[str, list[dict[str, Any]]]]] = []
    for n in stations:
        for key, count in counts.items():
            options = by_label[key]
            got: dict[str, list[dict[str, Any]]] = {bot: [] for bot in crews}
            if store is None:
                for bot in crews:
                    progress.phase(f"playing {count} games: {bot} crews, {n} stations, {key}",
                                   total=count)
                    got[bot] = _run(_crew_plans(n, count, seed, options, bot), jobs, progress)
                rows.append((n, options, got))
                continue
            # seed by seed, every crew in turn: whenever it stops, the pairs so far are whole
            progress.phase(f"playing {count} seeds: {', '.join(crews)} crews, {n} stations, "
                           f"{key}", total=count)
            plans = {bot: _crew_plans(n, count, seed, options, bot) for bot in crews}
            for i in range(count):
                for bot in crews:
                    plan = plans[bot][i]
                    # the cards' hash too: after a change to the cards every game is new
                    mark = json.dumps([ruleset, bot, n, sorted(options.items()), plan[1]])
                    if mark in stored:
                        reused += 1
                    else:
                        stored[mark] = _one(plan)
                        with open(store, "a", encoding="utf-8") as f:
                            f.write(json.dumps({"key": mark, "result": stored[mark]}) + "\n")
                    got[bot].append(stored[mark])
                progress.tick()
            rows.append((n, options, got))
    elapsed = time.perf_counter() - t0
    cmd = (f"frostdesk balance frontier-stations --crews --games {games} --seed {seed}"
           f" --crew-stations {','.join(map(str, stations))}"
           f" --crew-settings {','.join(settings)} --crews-of {','.join(crews)}"
           + (f" --crew-store {store}" if store is not None else "")
           + " --jobs 1 --out docs/balance/frontier-stations.md")
    out = [
        CREWS_HEADING,
        "",
        "The crews side by side: every station run by the same crew, each crew on the same "
        "game seeds (so the games differ only by how they are played). The planning crew is "
        "the Hard level: for each purchase it takes the heuristic's best few choices, applies "
        "each in worlds sampled from its view (the unseen decks shuffled), and plays the rest "
        "of the game out many times in a fast simplified game, keeping the choice with which "
        "the team lives longest (frostdesk/games/frontier_stations/search.py, playout.py). "
        "Thinking time is the mean and the longest of all the crew's decisions in these "
        "games (rolls and single choices included in the mean), on the machine that ran them "
        "(shared with other work). `planner` has no time cap, so its games replay exactly; "
        "the app's Hard level is `planner:1000`, the same crew stopped after a second (a "
        "world it has not finished by then is left out for every choice). Rerun only this "
        "section with:",
        "",
        "```",
        cmd,
        "```",
        "",
        f"Played {sum(len(v) for _, _, got in rows for v in got.values())} games"
        + (f" ({reused} of them read back from an earlier run's store)" if reused else "")
        + f" in {elapsed:.0f} s.",
        "",
        "| Stations | Setting | Crew | Games | Team win rate | Mean length (turns) | "
        "Beacons used | Thinking time per decision (mean / longest) |",
        "|---|---|---|---|---|---|---|---|",
    ]
    pairs: list[str] = []
    for n, options, got in rows:
        for bot, results in got.items():
            rate, half = _rate(results)
            decisions = sum(r["think"][0] for r in results)
            mean_ms = 1000 * sum(r["think"][1] for r in results) / max(1, decisions)
            max_ms = 1000 * max((r["think"][2] for r in results), default=0.0)
            out.append(
                f"| {n} | {_setting_words(options)} | {CREW_WORDS.get(bot, bot)} | "
                f"{len(results)} | {rate:.1f}% ± {half:.1f} | "
                f"{sum(r['turns'] for r in results) / len(results):.1f} | "
                f"{sum(r['beacons_used'] for r in results) / len(results):.2f} | "
                f"{mean_ms:.1f} ms / {max_ms:.0f} ms |")
        slow = ", ".join(f"{bot} {sum(1 for r in results if r['think'][2] > 1.0)}"
                         for bot, results in got.items())
        pairs.append(f"- {n} stations, {_setting_words(options).lower()}: games with a "
                     f"decision over a second: {slow} (the heuristic's own ranking, which "
                     f"every crew uses, takes seconds in a few positions with thousands of "
                     f"options; a busy machine adds stalls).")
        if len(crews) >= 2:
            a, b = crews[0], crews[-1]
            diff, half = _paired(got[a], got[b])
            only_b = sum(1 for x, y in zip(got[a], got[b], strict=True)
                         if y["won"] and not x["won"])
            only_a = sum(1 for x, y in zip(got[a], got[b], strict=True)
                         if x["won"] and not y["won"])
            pairs.append(
                f"- {n} stations, {_setting_words(options).lower()}: {b} wins "
                f"{diff:+.1f} ± {half:.1f} points against {a} (paired over "
                f"{len(got[a])} seeds: {only_b} games won only by {b}, {only_a} only by {a}).")
    return "\n".join(out + [""] + pairs)


def _setting_games(settings: tuple[str, ...], games: int) -> dict[str, int]:
    """--crew-settings words -> games per crew for each: `heavy` plays --games, `heavy:40`
    plays 40 (so one table can hold a long-measured setting beside shorter ones)."""
    out: dict[str, int] = {}
    for word in settings:
        key, _, count = word.strip().partition(":")
        if count:
            try:
                n = int(count)
            except ValueError:
                raise ValueError(f"--crew-settings {word!r}: the games after ':' must be a "
                                 "number, as in standard:400") from None
            if n < 1:
                raise ValueError(f"--crew-settings {word!r}: at least one game")
        out[key] = n if count else games
    return out


def _read_store(store: Path | None) -> dict[str, dict[str, Any]]:
    """The games a crews store holds (key -> result); a damaged line is skipped."""
    out: dict[str, dict[str, Any]] = {}
    if store is None or not store.exists():
        return out
    for line in store.read_text(encoding="utf-8").splitlines():
        try:
            entry = json.loads(line)
            out[str(entry["key"])] = dict(entry["result"])
        except (ValueError, KeyError, TypeError):
            continue
    return out


def _paired(first: list[dict[str, Any]], second: list[dict[str, Any]]) -> tuple[float, float]:
    """The win-rate difference second - first in points over the same seeds, with the
    half-width of its 95% interval (from the per-seed differences)."""
    d = [int(y["won"]) - int(x["won"]) for x, y in zip(first, second, strict=True)]
    n = len(d)
    mean = sum(d) / max(1, n)
    var = sum((x - mean) ** 2 for x in d) / max(1, n - 1)
    return 100 * mean, 100 * 1.96 * math.sqrt(var / max(1, n))


def with_crews(document: str, section: str) -> str:
    """`document` with its section "Crews" replaced by `section` (added at the end when it
    has none); the other sections stay as they are."""
    lines = document.rstrip("\n").split("\n") if document.strip() else []
    start = next((i for i, line in enumerate(lines) if line.strip() == CREWS_HEADING), None)
    if start is None:
        return "\n".join(lines + ([""] if lines else []) + [section])
    end = next((i for i in range(start + 1, len(lines)) if lines[i].startswith("## ")),
               len(lines))
    tail = lines[end:]
    return "\n".join(lines[:start] + [section] + ([""] + tail if tail else []))


def add_arguments(p: Any) -> None:
    """`frostdesk balance frontier-stations` options (an argparse parser)."""
    p.add_argument("--games", type=int, default=500, help="games per station count")
    p.add_argument("--difficulty-games", type=int, default=None,
                   help="games per difficulty row (default: --games)")
    p.add_argument("--card-games", type=int, default=None,
                   help="standard games with 4 stations for the systems' win-rate ratios "
                        "(the 4-station games of the first table count towards them; "
                        "default: no such section)")
    p.add_argument("--crews", action="store_true",
                   help="play only the crews table (each crew on the same seeds) and write it "
                        "as the section \"Crews\" of --out, keeping the rest of that file")
    p.add_argument("--crew-stations", default=str(DIFFICULTY_STATIONS),
                   help="with --crews: station counts, comma-separated (default 4)")
    p.add_argument("--crew-settings", default="standard",
                   help="with --crews: settings, comma-separated: "
                        + ", ".join(CREW_SETTINGS) + " (default standard); SETTING:N plays "
                        "N games of that setting instead of --games")
    p.add_argument("--crew-store", type=Path, default=None,
                   help="with --crews: a JSON Lines file that keeps every finished game; "
                        "games found there (same cards, crew, seed) are not played again: "
                        "stop a long run, finish it later, or report the seeds played so far "
                        "with a smaller --games")
    p.add_argument("--crews-of", default=",".join(CREWS),
                   help="with --crews: the crews compared, the first as the baseline "
                        "(default heuristic,planner)")


def run(args: Any, progress: Progress) -> str:
    if args.crews:
        try:
            stations = tuple(int(x) for x in str(args.crew_stations).split(","))
        except ValueError:
            raise SystemExit(f"frostdesk balance: --crew-stations takes numbers like 2,4, "
                             f"not {args.crew_stations!r}") from None
        if any(not 1 <= n <= 6 for n in stations):
            raise SystemExit("frostdesk balance: --crew-stations must be 1 to 6 stations")
        crews = tuple(x.strip() for x in str(args.crews_of).split(",") if x.strip())
        game = load_game(GAME)
        for bot in crews:
            try:
                make_agent(game, bot, 0)
            except ValueError as exc:
                raise SystemExit(f"frostdesk balance: {exc}") from None
        try:
            section = crews_report(args.games, args.seed, jobs=max(1, args.jobs),
                                   stations=stations,
                                   settings=tuple(str(args.crew_settings).split(",")),
                                   crews=crews, progress=progress, store=args.crew_store)
        except ValueError as exc:
            raise SystemExit(f"frostdesk balance: {exc}") from None
        old = args.out.read_text(encoding="utf-8") if args.out and args.out.exists() else ""
        return with_crews(old, section) if old else section
    text = report(args.games, args.seed, jobs=max(1, args.jobs),
                  difficulty_games=args.difficulty_games, progress=progress,
                  card_games=args.card_games)
    old = args.out.read_text(encoding="utf-8") if args.out and args.out.exists() else ""
    return with_kept_crews(text, old)


def with_kept_crews(report_text: str, old: str) -> str:
    """The report followed by what `old` (the file being replaced) holds from its section
    "Crews" to its end: the crews' games are played only with --crews (hours of them), and the
    sections written by hand after it stay; the rest of `old` is replaced."""
    lines = old.rstrip("\n").split("\n")
    start = next((i for i, line in enumerate(lines) if line.strip() == CREWS_HEADING), None)
    if start is None:
        return report_text
    return report_text.rstrip("\n") + "\n\n" + "\n".join(lines[start:])
