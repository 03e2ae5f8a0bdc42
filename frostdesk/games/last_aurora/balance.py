"""`frostdesk balance last-aurora`: the base game's figures against the brief's targets
(shared/design/games/last-aurora.md, section 6), from seeded bot games.

Per player count, with `heuristic` in every seat: how often someone boards, how often the
first boarder wins when someone does, the median winning margin, each seat's win rate (fair:
1 / players), and `heuristic` against `random` seats; solo, `heuristic` against the Automa
at each level. Rates carry 95% Wilson intervals.
"""

from __future__ import annotations

import random
import statistics
from collections.abc import Callable
from typing import Any

from frostdesk.ai import make_agent
from frostdesk.engine.stats import rate
from frostdesk.progress import Progress

SOLO_TARGETS = {"easy": (55, 70), "normal": (40, 55), "hard": (25, 40)}


def play(game: Any, n: int, seed: int, lineup: list[str], automa: str = "normal",
         modules: tuple[str, ...] = (), crews: list[str] | None = None) -> tuple[Any, Any]:
    """One game with these bots (solo: against the Automa at `automa`; with Frozen Steel's
    `modules` on, and Module 3's `crews` per seat); (final state, outcome)."""
    options: dict[str, Any] = {"players": n, "automa": automa} if n == 1 else {"players": n}
    if modules:
        options["modules"] = list(modules)
    if crews:
        options["crews"] = list(crews)
    s, _ = game.new_game(options, seed)
    bots = [make_agent(game, name, seed * 10 + i) for i, name in enumerate(lineup)]
    while game.to_move(s) is not None:
        seat = game.to_move(s)
        action = bots[seat].choose(game, game.view(s, seat), game.legal(s), seat)
        s, _ = game.apply(s, action)
    return s, game.outcome(s)


def solo_lines(game: Any, games: int, master: random.Random, progress: Progress,
               bot: str = "heuristic", modules: tuple[str, ...] = ()) -> list[str]:
    """The solo table: `bot` against the Automa at each level, with the brief's targets."""
    lines = ["", "## Solo: heuristic against the Automa", "",
             "| Automa | games | heuristic wins | target | you board | it boards "
             "| mean Fame (you · it) |", "|---|---|---|---|---|---|---|"]
    for level, (lo, hi) in SOLO_TARGETS.items():
        progress.phase(f"solo, {bot} against the {level} Automa", total=games)
        won = you_board = it_boards = 0
        yours = its = 0
        for _ in range(games):
            s, o = play(game, 1, master.randrange(2**31), [bot], level, modules)
            progress.tick()
            won += o.places[0] == 1
            you_board += 0 in s.boarded
            it_boards += s.n in s.boarded
            yours += o.scores[0]
            its += o.details["automa"]
        lines.append(f"| {level.title()} | {games} | {rate(won, games)} | {lo}–{hi}% "
                     f"| {100 * you_board / games:.0f}% | {100 * it_boards / games:.0f}% "
                     f"| {yours / games:.1f} · {its / games:.1f} |")
    return lines


def modules_report(games: int, seed: int, progress: Progress, modules: tuple[str, ...],
                   counts: tuple[int, ...] = (2, 3, 4), solo_games: int = 0,
                   with_base: bool = True) -> str:
    """Frozen Steel's modules against the base game (brief 6: boarding within 10 points of
    the base game's, 5.5-6 rounds): heuristic in every seat, then solo against the Automa
    with the modules. The games' seeds are the base report's for the same --games and
    --seed; `with_base` plays each seed without the modules too, for the differences."""
    from frostdesk.games import load_game
    from frostdesk.games.last_aurora import modules as fs

    game = load_game("last-aurora")
    master = random.Random(seed)
    names = ", ".join(fs.name(m) for m in modules)
    lines = [f"## Frozen Steel: {names}", "",
             "Made by `frostdesk balance last-aurora --modules " + ",".join(modules)
             + f" --games {games} --solo-games {solo_games} --seed {seed}"
             + (" --with-base`: each game is played twice from the same seed, with the "
                "modules and without." if with_base else
                "`: the same seeds as the base game's report with the same --games and "
                "--seed (its table gives the base figures)."), "",
             "| players | games | someone boards | base game | difference (target ≤ 10) "
             "| mean rounds | target | seat wins | first boarder wins "
             "| enemies destroyed a game (base) |",
             "|---|---|---|---|---|---|---|---|---|---|"]
    story_lines: list[str] = []  # Module 4: the Fame the Story cards give (brief 6: 2-5)
    for n in counts:
        progress.phase(f"{n} players, heuristic, with {names}"
                       + (" and without" if with_base else ""), total=games)
        boards = base_boards = rounds = first_wins = kills = base_kills = 0
        story_fame = 0
        wins = [0] * n
        for _ in range(games):
            game_seed = master.randrange(2**31)
            s, o = play(game, n, game_seed, ["heuristic"] * n, modules=modules)
            b = play(game, n, game_seed, ["heuristic"] * n)[0] if with_base else None
            progress.tick()
            winners = [x for x in range(n) if o.places[x] == 1]
            for x in winners:
                wins[x] += 1
            rounds += s.round
            boards += bool(s.boarded)
            base_boards += bool(b is not None and b.boarded)
            # each destroyed enemy's winner takes a Loot card: the 6 minus those left
            kills += 6 - sum(len(pile) for pile in s.loot)
            base_kills += 6 - sum(len(pile) for pile in b.loot) if b is not None else 0
            first_wins += bool(s.boarded) and s.boarded[0] in winners
            if s.story is not None:
                story_fame += sum(game.story.fame_of(s, x) for x in range(n))
        diff = f"{100 * (boards - base_boards) / games:+.0f}" if with_base else "—"
        seat_text = " · ".join(f"{100 * w / games:.0f}%" for w in wins)
        base_text = rate(base_boards, games) if with_base else "—"
        kill_text = f"{kills / games:.2f}" + (f" ({base_kills / games:.2f})" if with_base
                                               else "")
        lines.append(f"| {n} | {games} | {rate(boards, games)} | {base_text} "
                     f"| {diff} | {rounds / games:.2f} | 5.5–6 | {seat_text} "
                     f"| {rate(first_wins, boards)} | {kill_text} |")
        if "story" in modules:
            story_lines.append(f"| {n} | {games} | {story_fame / games / n:.2f} | 2–5 |")
    if story_lines:
        lines += ["", "Story cards: the Fame their results give and take, and their ★ cells "
                      "at the end, per player per game:", "",
                  "| players | games | Story Fame a player | target |", "|---|---|---|---|",
                  *story_lines]
    if solo_games:
        lines += solo_lines(game, solo_games, master, progress, modules=modules)
        lines[lines.index("## Solo: heuristic against the Automa")] = \
            f"### Solo with {names}: heuristic against the Automa"
    return "\n".join(lines)


def crews_report(games: int, seed: int, progress: Progress,
                 modules: tuple[str, ...] = ("crew",), values: str = "") -> str:
    """Module 3 (brief 6: each crew within 6 points of a fair win rate at 4 players): heuristic
    in every seat, the four crews handed round the seats so each plays each seat equally
    (game g gives seat x the crew (x + g) mod 4). `values` ("249=4,250=3") plays the survivors
    with other values than the data's: a tuning trial."""
    import dataclasses

    from frostdesk.games import load_game

    game = load_game("last-aurora")
    if values:
        try:
            tried = {k.strip(): int(v) for k, v in (w.split("=") for w in values.split(","))}
        except ValueError:
            raise SystemExit("frostdesk balance: --values takes card=value pairs such as "
                             "249=4,250=3") from None
        crew_cards = {game.cards[i].id for c in game.content.crews for i in c.cards}
        if not set(tried) <= crew_cards or any(not 0 <= v <= 5 for v in tried.values()):
            raise SystemExit("frostdesk balance: --values names crew cards 247-254 and "
                             "values 0-5")
        content = game.content
        cards = tuple(dataclasses.replace(c, value=tried[c.id]) if c.id in tried else c
                      for c in content.cards)
        game = type(game)(dataclasses.replace(content, cards=cards))
    master = random.Random(seed)
    ids = [c.id for c in game.content.crews]
    n = len(ids)
    wins = dict.fromkeys(ids, 0)
    fame = dict.fromkeys(ids, 0)
    aboard = dict.fromkeys(ids, 0)
    boards = rounds = 0
    progress.phase(f"{n} players, heuristic, crews rotated", total=games)
    for g in range(games):
        crews = [ids[(x + g) % n] for x in range(n)]
        s, o = play(game, n, master.randrange(2**31), ["heuristic"] * n, modules=modules,
                    crews=crews)
        progress.tick()
        boards += bool(s.boarded)
        rounds += s.round
        for x, crew in enumerate(crews):
            wins[crew] += o.places[x] == 1
            fame[crew] += o.scores[x]
            aboard[crew] += x in s.boarded
    fair = 100 / n
    lines = [f"## Frozen Steel: the crews at {n} players", "",
             f"Made by `frostdesk balance last-aurora --crews --games {games} --seed {seed}"
             + (f" --modules {','.join(modules)}" if modules != ("crew",) else "")
             + (f" --values {values}" if values else "")
             + f"`: heuristic in every seat; game g gives seat x the crew (x + g) mod {n}, so "
             f"each crew plays each seat {games // n} times. Someone boards in "
             f"{rate(boards, games)}; mean rounds {rounds / games:.2f}.", "",
             f"| crew | wins (fair {fair:.0f}% ± 6) | off by | boards | mean Fame |",
             "|---|---|---|---|---|"]
    for crew in game.content.crews:
        off = 100 * wins[crew.id] / games - fair
        lines.append(f"| {crew.name} | {rate(wins[crew.id], games)} | {off:+.1f} "
                     f"| {100 * aboard[crew.id] / games:.0f}% | {fame[crew.id] / games:.1f} |")
    return "\n".join(lines)


def lone_attacker(game: Any, n: int, games: int, master: random.Random,
                  attacker: str = "heuristic", on_game: Callable[[], None] | None = None
                  ) -> tuple[int, int]:
    """Player vs. Player with `attacker` in one seat (taking turns) among `peaceful` seats
    (the heuristic that never fires at a rival): (the attacker's wins, its shots at rivals)
    over `games` games, each dealt from `master`."""
    from frostdesk.games.last_aurora.state import Raid

    won = shots = 0
    for g in range(games):
        seat = g % n
        lineup = ["peaceful"] * n
        lineup[seat] = attacker
        s, _ = game.new_game({"players": n, "modules": ["pvp"]}, master.randrange(2**31))
        bots = [make_agent(game, name, g * 10 + i) for i, name in enumerate(lineup)]
        while game.to_move(s) is not None:
            x = game.to_move(s)
            action = bots[x].choose(game, game.view(s, x), game.legal(s), x)
            shots += isinstance(action, Raid)
            s, _ = game.apply(s, action)
        if on_game is not None:
            on_game()
        won += game.outcome(s).places[seat] == 1
    return won, shots


def pvp_report(games: int, seed: int, progress: Progress,
               counts: tuple[int, ...] = (2, 3, 4)) -> str:
    """Player vs. Player (brief 6): a lone attacker (`heuristic`, which fires at the richest
    rival when it expects 1 Damage past its Evasion) among `peaceful` seats (the same bot,
    never firing at a rival), its seat taking turns; and everyone attacking (`heuristic` in
    every seat): how often someone boards. Targets: the lone attacker above a fair share and
    at most 1.5 times it; boarding at least 65% with everyone attacking."""
    from frostdesk.games import load_game

    game = load_game("last-aurora")
    master = random.Random(seed)
    lines = ["## Frozen Steel: Player vs. Player", "",
             f"Made by `frostdesk balance last-aurora --pvp --games {games} --seed {seed}`: "
             "the lone attacker's seat takes turns; shots are the attacker's shots at rivals "
             "a game.", "",
             "| players | games | lone attacker wins | fair | target | shots a game "
             "| everyone attacks: someone boards | target | mean rounds |",
             "|---|---|---|---|---|---|---|---|---|"]
    for n in counts:
        progress.phase(f"{n} players, a lone attacker, then everyone attacking",
                       total=2 * games)
        won, shots = lone_attacker(game, n, games, master, on_game=progress.tick)
        boards = rounds = 0
        for _ in range(games):
            s, _ = play(game, n, master.randrange(2**31), ["heuristic"] * n, modules=("pvp",))
            progress.tick()
            boards += bool(s.boarded)
            rounds += s.round
        fair = 100 / n
        lines.append(f"| {n} | {games} | {rate(won, games)} | {fair:.0f}% "
                     f"| {fair:.0f}–{1.5 * fair:.0f}% | {shots / games:.2f} "
                     f"| {rate(boards, games)} | ≥ 65% | {rounds / games:.2f} |")
    return "\n".join(lines)


def report(games: int, seed: int, progress: Progress, counts: tuple[int, ...] = (2, 3, 4),
           random_games: int = 0, solo_games: int = 0) -> str:
    from frostdesk.games import load_game

    game = load_game("last-aurora")
    master = random.Random(seed)
    lines = ["# Last Aurora: balance (base game)", "",
             "Made by `frostdesk balance last-aurora "
             f"--games {games} --random-games {random_games} --solo-games {solo_games} "
             f"--seed {seed}`; every figure "
             "comes from seeded games of the bots named, with 95% intervals in brackets.", "",
             "## Heuristic in every seat", "",
             "| players | games | someone boards | target | first boarder wins | target "
             "| median margin | target | seat wins (fair ± 4) | mean rounds |",
             "|---|---|---|---|---|---|---|---|---|---|"]
    targets = {2: 65, 3: 75, 4: 80}
    for n in counts:
        progress.phase(f"{n} players, heuristic", total=games)
        boards = first_wins = 0
        margins: list[int] = []
        wins = [0] * n
        rounds = 0
        for _ in range(games):
            s, o = play(game, n, master.randrange(2**31), ["heuristic"] * n)
            progress.tick()
            winners = [x for x in range(n) if o.places[x] == 1]
            for x in winners:
                wins[x] += 1
            rounds += s.round
            top = sorted(o.scores, reverse=True)
            margins.append(top[0] - top[1])
            if s.boarded:
                boards += 1
                first_wins += s.boarded[0] in winners
        seat_text = " · ".join(f"{100 * w / games:.0f}%" for w in wins)
        fair = 100 / n
        worst = max(abs(100 * w / games - fair) for w in wins)
        lines.append(
            f"| {n} | {games} | {rate(boards, games)} | ≥ {targets.get(n, 0)}% "
            f"| {rate(first_wins, boards)} | 45–70% | {statistics.median(margins):g} | ≤ 5 "
            f"| {seat_text} (fair {fair:.0f}%, off by {worst:.0f}) "
            f"| {rounds / games:.2f} |")
    if random_games:
        lines += ["", "## Heuristic against random seats", "",
                  "| players | games | heuristic wins | target |", "|---|---|---|---|"]
        for n in counts:
            progress.phase(f"{n} players, heuristic against random", total=random_games)
            won = 0
            for g in range(random_games):
                seat = g % n
                lineup = ["random"] * n
                lineup[seat] = "heuristic"
                _, o = play(game, n, master.randrange(2**31), lineup)
                progress.tick()
                won += o.places[seat] == 1
            lines.append(f"| {n} | {random_games} | {rate(won, random_games)} | ≥ 90% |")
    if solo_games:
        lines += solo_lines(game, solo_games, master, progress)
    lines += ["", "The search bot (`mcts`, the Hard level) is measured by its own commands: "
              "see \"The search bot\" below."]
    return "\n".join(lines)


def add_arguments(p: Any) -> None:
    """`frostdesk balance last-aurora` options (an argparse parser)."""
    p.add_argument("--games", type=int, default=200, help="heuristic games per player count")
    p.add_argument("--random-games", type=int, default=100,
                   help="games per player count of one heuristic against random seats")
    p.add_argument("--players", default="2,3,4", help="player counts, comma-separated")
    p.add_argument("--solo-games", type=int, default=200,
                   help="solo games of heuristic against the Automa at each level")
    p.add_argument("--modules", default="",
                   help="Frozen Steel modules (comma-separated): their report against the "
                        "base game on the same seeds, instead of the base game's")
    p.add_argument("--with-base", action="store_true",
                   help="with --modules: play each seed without the modules too")
    p.add_argument("--crews", action="store_true",
                   help="Module 3: each crew's win rate at 4 players, the crews rotated round "
                        "the seats (with --modules: those modules on besides)")
    p.add_argument("--values", default="",
                   help="with --crews: a trial of other survivor values, such as "
                        "249=4,250=3 (the data's values otherwise)")
    p.add_argument("--pvp", action="store_true",
                   help="Player vs. Player: a lone attacker among peaceful seats, and "
                        "everyone attacking")


def run(args: Any, progress: Progress) -> str:
    try:
        counts = tuple(int(x) for x in str(args.players).split(",") if x.strip())
    except ValueError:
        raise SystemExit("frostdesk balance: --players takes numbers such as 2,3,4") from None
    if not counts or any(not 2 <= n <= 4 for n in counts):
        raise SystemExit("frostdesk balance: Last Aurora seats 2 to 4 convoys here")
    if getattr(args, "crews", False):
        from frostdesk.games.last_aurora import modules as fs

        try:
            extra = fs.parse({"modules": args.modules}) if args.modules else ()
        except ValueError as exc:
            raise SystemExit(f"frostdesk balance: {exc}") from None
        chosen = tuple(m for m in fs.IDS if m in set(extra) | {"crew"})
        return crews_report(max(1, args.games), args.seed, progress, chosen,
                            str(getattr(args, "values", "") or ""))
    if getattr(args, "pvp", False):
        return pvp_report(max(1, args.games), args.seed, progress, counts)
    if args.modules:
        from frostdesk.games.last_aurora import modules as fs

        try:
            chosen = fs.parse({"modules": args.modules})
        except ValueError as exc:
            raise SystemExit(f"frostdesk balance: {exc}") from None
        return modules_report(max(1, args.games), args.seed, progress, chosen, counts,
                              max(0, args.solo_games), bool(args.with_base))
    return report(max(1, args.games), args.seed, progress, counts, max(0, args.random_games),
                  max(0, args.solo_games))
