"""Pass-and-play: two humans share the device; no one sees another's hand."""

from __future__ import annotations

from typing import Any

import pytest
from PySide6.QtCore import Qt

from frostdesk.engine.session import Seat

pytestmark = pytest.mark.ui


def hidden_from_viewer(t: Any) -> set[int]:
    """Every card in a hand the current viewer may not see."""
    viewer = t.controller.viewer
    return {c for seat, hand in enumerate(t.state.hands) if seat != viewer for c in hand}


# 60 pauses (seed 21: both people have taken the table by the 3rd; 26 hand-offs, 8 of them in
# the first 20).
@pytest.mark.gui
@pytest.mark.parametrize("pauses", [60])
def test_hand_off_covers_the_table_between_two_humans(make_table: Any, pauses: int) -> None:
    t = make_table()
    seats = [Seat("Ana"), Seat("Ben"), Seat("Bot Aster", "bot", "heuristic")]
    t.controller.new_game("frost-shelter", seats, seed=21, options={"first_leader": 0})
    handoffs: list[int] = []
    t.bus.handoff_requested.connect(handoffs.append)
    viewers_seen = set()
    for _ in range(pauses):
        t.wait_turn()
        gs = t.screen
        # at every pause, the table shows no hand but the viewer's (none during a hand-off)
        assert not (t.face_up_cards() & hidden_from_viewer(t))
        log = gs.log.plain_text()
        for e in (e for batch in t.controller.history for e in batch):
            if e.kind == "hand_dealt" and e.data["seat"] != t.controller.viewer:
                assert t.controller.names(e.text) not in log
        if t.controller.awaiting_handoff is not None:
            seat = t.controller.awaiting_handoff
            assert gs.overlay.isVisible()
            assert t.controller.viewer is None
            assert not any(item.face_up() for key, item in gs.scene.items_by_key.items()
                           if key[0] == "card" and key[1] in
                           {c for hand in t.state.hands for c in hand})
            assert seats[seat].name in gs.overlay.button.text()
            t.qtbot.mouseClick(gs.overlay.button, Qt.MouseButton.LeftButton)
            t.qtbot.waitUntil(lambda seat=seat: t.controller.viewer == seat, timeout=3000)
            assert not gs.overlay.isVisible()
            assert set(t.state.hands[seat]) <= t.face_up_cards()
            viewers_seen.add(seat)
            continue
        if t.controller.is_over():
            break
        action, _ = t.controller.hint()
        before = len(t.controller.session.records)
        t.bus.action_requested.emit(action)
        t.qtbot.waitUntil(lambda n=before: len(t.controller.session.records) > n, timeout=3000)
    assert viewers_seen == {0, 1}
    assert len(handoffs) >= 3


@pytest.mark.gui
def test_one_human_always_sees_their_own_view(make_table: Any) -> None:
    t = make_table()
    seats = [Seat("Ana"), Seat("Bot Aster", "bot", "heuristic"),
             Seat("Bot Boreal", "bot", "heuristic")]
    t.controller.new_game("frost-shelter", seats, seed=4, options={"first_leader": 1})
    for _ in range(8):
        t.wait_turn()
        assert t.controller.viewer == 0
        assert not t.screen.overlay.isVisible()
        shown = t.face_up_cards()
        assert set(t.state.hands[0]) <= shown
        assert not shown & (set(t.state.hands[1]) | set(t.state.hands[2]))
        action, _ = t.controller.hint()
        before = len(t.controller.session.records)
        t.bus.action_requested.emit(action)
        t.qtbot.waitUntil(lambda n=before: len(t.controller.session.records) > n, timeout=3000)
