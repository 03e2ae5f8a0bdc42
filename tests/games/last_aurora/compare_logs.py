"""Whether two `frostdesk simulate --log` files played the same games: every line but the
action lines (whose legal lists may differ) and the `shifted` lines (cargo moves), compared
game by game; the first line that differs is named.

    python -m tests.games.last_aurora.compare_logs before.jsonl after.jsonl
"""

from __future__ import annotations

import json
import sys
from typing import Any


def games(path: str) -> dict[int, list[dict[str, Any]]]:
    out: dict[int, list[dict[str, Any]]] = {}
    with open(path, encoding="utf-8") as f:
        for line in f:
            d = json.loads(line)
            if d.get("type") in ("action", "setup", "shifted"):
                continue
            d.pop("seq", None)
            out.setdefault(int(d["game"]), []).append(d)
    return out


def main(argv: list[str]) -> int:
    a, b = games(argv[0]), games(argv[1])
    same = 0
    for g in sorted(a):
        ea, eb = a[g], b.get(g, [])
        if ea == eb:
            same += 1
            continue
        i = next((i for i, (x, y) in enumerate(zip(ea, eb, strict=False)) if x != y),
                 min(len(ea), len(eb)))
        print(f"game {g} differs at event {i} of {len(ea)}")
    print(f"{same} of {len(a)} games play the same events")
    return 0 if same == len(a) else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
