"""A person holding a Harpoon before the first trick: the table offers the Relics and keeping
the Harpoon, and the Hint names the Hard bot's choice with the rule's reason (the Hard bot
names the Relic by the Normal bot's rule: docs/balance/frost-shelter.md, "a card given"), its
reasons whole beside the first-game tips at 1280x720."""

from __future__ import annotations

from typing import Any

import pytest
from PySide6.QtCore import Qt

from frostdesk.engine.session import Seat
from frostdesk.games.frost_shelter.bots import harpoon_rule
from frostdesk.games.frost_shelter.rules import FrostShelter
from frostdesk.games.frost_shelter.state import Harpoon, State

pytestmark = [pytest.mark.ui, pytest.mark.gui]

SEATS = [Seat("Ana"), Seat("Bot Aster", "bot", "heuristic"), Seat("Bot Boreal", "bot", "heuristic"),
         Seat("Bot Cirrus", "bot", "heuristic")]


def _with_a_harpoon(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every new game deals Ana (seat 0) a Harpoon from the market as well."""
    setup = FrostShelter.setup

    def setup_with_harpoon(self: FrostShelter, options: Any, seed: int) -> State:
        s = setup(self, options, seed)
        ids = self.content.equipment_ids
        harpoon = next(e for e in s.market if ids[e].startswith("harpoon-"))
        s.market = [e for e in s.market if e != harpoon]
        s.equipment = [[*s.equipment[0], harpoon], *s.equipment[1:]]
        return s

    monkeypatch.setattr(FrostShelter, "setup", setup_with_harpoon)


@pytest.mark.parametrize("seed", [2, 3])  # the rule uses the Harpoon; keeps it
def test_the_hint_for_a_harpoon_gives_the_rules_reason(make_table: Any,
                                                       monkeypatch: pytest.MonkeyPatch,
                                                       seed: int, tmp_path: Any) -> None:
    _with_a_harpoon(monkeypatch)
    t = make_table(hard_bot_ms=80)
    c = t.controller
    c.new_game("frost-shelter", SEATS, seed=seed, options={"first_leader": 0})
    t.wait_turn()
    gs = t.screen
    assert t.state.phase == "harpoon" and t.state.turn == 0
    expected, why = harpoon_rule(c.game, c.view(), 0)
    t.qtbot.mouseClick(gs.hint_button, Qt.MouseButton.LeftButton)
    t.qtbot.waitUntil(lambda: gs.hint_action is not None, timeout=5000)
    assert gs.hint_action == expected
    words = gs.choices.action_label(expected)  # the words on the move's own button
    assert ("Fuel" in words) if expected == Harpoon(0) else words == "Keep the Relic"
    assert gs.message.text() == f"Hint: {words}. Why: at the right."
    assert gs.hint_box.isVisible() and gs.hint_box.title.text() == f"Hint: {words}"
    assert gs.hint_box.text.text() == why
    # the reasons are whole at 1280x720 beside the first-game tips, once the panel is laid out
    reasons = gs.hint_box.reasons
    t.qtbot.waitUntil(lambda: reasons.height() >= reasons.widget().layout()
                      .totalHeightForWidth(reasons.viewport().width())
                      and not reasons.verticalScrollBar().isVisible(), timeout=2000)
    assert gs.tips.isVisible() and all(b.isVisible() for b in gs.action_buttons)
    t.window.grab().save(str(tmp_path / f"harpoon-hint-{seed}.png"))
