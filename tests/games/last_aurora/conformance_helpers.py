"""What the Last Aurora runs of the conformance suite with an option on share: the suite's
module, the checks they run, and the game's description with an option's default changed."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

from frostdesk.engine import registry
from frostdesk.engine.registry import GameDescription

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "conformance"))
import test_rules_contract as suite  # noqa: E402  (the suite's folder is not a package)

CHECKS = [suite.test_random_play_to_the_end_keeps_the_invariants,
          suite.test_legal_is_never_empty_until_the_game_is_over,
          suite.test_applying_an_action_leaves_the_old_state_untouched,
          suite.test_illegal_actions_are_refused_and_change_nothing,
          suite.test_a_view_is_equal_for_every_world_the_seat_cannot_tell_apart,
          suite.test_replaying_the_log_reproduces_the_states_and_the_result]
CHECK_IDS = [c.__name__[5:] for c in CHECKS]


def desc_with_default(key: str, value: Any, **changes: Any) -> GameDescription:
    """Last Aurora's description with option `key` defaulting to `value` (and `changes`)."""
    desc = registry.get("last-aurora")
    options = tuple(o._replace(default=value) if o.key == key else o for o in desc.options)
    return desc._replace(options=options, **changes)
