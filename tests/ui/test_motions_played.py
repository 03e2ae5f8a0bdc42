"""The kit's animator plays the rules' motions (frostdesk/engine/motion.py) on every game's
table: a piece flies from where its source zone is to its place in the target zone, a value
moves its marker or its tokens, dice show their faces; and a game whose motions are empty is
still shown right, each new state drawn as it is."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from frostdesk.engine import registry
from frostdesk.engine.motion import Changed, Moved, Rolled
from frostdesk.engine.session import Seat

pytestmark = pytest.mark.ui


def _idle(t: Any, speed: str = "") -> None:
    """Until the person may act and nothing moves; then animate at `speed` if given."""
    t.wait_turn()
    t.qtbot.waitUntil(lambda: not t.screen.animator.busy, timeout=10000)
    if speed:
        t.screen.settings.animation_speed = speed


def _play(t: Any, kind: str, motions: list[Any]) -> dict[Any, Any]:
    """Play `motions` on the table shown now (as one event of `kind`) and return the specs of
    the table they lead to; the animation is running when this returns."""
    screen = t.screen
    plan = screen.animator.plan(screen._table_state(), screen._specs)
    plan.add(kind, motions)
    steps = plan.finish(plan.board, kind="end")
    screen.animator.run(steps)
    return steps[-1].specs


def _inside(item: Any, rect: Any) -> bool:
    return rect.x <= item.pos().x() <= rect.right and rect.y <= item.pos().y() <= rect.bottom


@pytest.mark.gui
def test_frost_shelter_cards_fly_between_zones_and_the_damage_marker_slides(
        make_table: Any) -> None:
    t = make_table()
    t.controller.new_game("frost-shelter", [Seat("Ana"), Seat("Bot Aster", "bot", "heuristic"),
                                            Seat("Bot Boreal", "bot", "heuristic")], seed=5)
    _idle(t, "fast")
    screen, scene = t.screen, t.screen.scene
    lay = screen.layout_
    mine = screen.snap.hands[0][0]
    back = max(k for k in scene.items_by_key if k[0] == "back" and k[1] == 1)
    back_pos = scene.items_by_key[back].pos()
    theirs = next(c for c in range(len(t.controller.game.content.card_ids))
                  if c not in screen.snap.hands[0])  # a card of a hidden hand, say
    specs = _play(t, "card_played", [
        Moved(("card", mine), ("hand", 0), ("trick",)),
        Moved(("card", theirs), ("hand", 1), ("trick",)),
        Changed(("damage", 2), by=4, to=4)])
    flying = scene.items_by_key[("card", theirs)]
    assert flying.pos() == back_pos  # from the last face-down card of that hand
    assert back not in scene.items_by_key  # which turned into it
    t.qtbot.waitUntil(lambda: not screen.animator.busy, timeout=5000)
    trick = lay.zones["trick"]
    for card in (mine, theirs):
        item = scene.items_by_key[("card", card)]
        assert item.pos().x() == pytest.approx(specs[("card", card)].x)
        assert item.pos().y() == pytest.approx(specs[("card", card)].y)
        assert _inside(item, trick)
    x0, x1, _ = lay.track_geometry(2)
    marker = scene.items_by_key[("marker", 2)]
    assert marker.pos().x() == pytest.approx(x0 + (x1 - x0) * 4 / 30)
    assert marker.data["value"] == 4


@pytest.mark.gui
def test_frontier_stations_tokens_and_the_captain_move_and_the_dice_show_their_faces(
        make_table: Any) -> None:
    t = make_table()
    t.controller.new_game("frontier-stations", [Seat("Ana"), Seat("Bot", "bot", "heuristic")],
                          seed=5)
    _idle(t, "fast")
    screen, scene = t.screen, t.screen.scene
    lay = screen.layout_
    state = screen.shown
    game = t.controller.game
    # a card of station 0 with room for one more token of some kind (tokens live on cards)
    slot, kind = next((i, r) for i in range(len(state.installed[0])) for r in range(5)
                      if game.card_room(state, 0, i)[0][r] > state.held[0][i][r])
    have = state.res[0][kind]
    other = (state.captain + 1) % state.n
    specs = _play(t, "produced", [Changed(("tok", 0, kind), by=1),
                                  Changed(("held", 0, slot, kind), by=1),
                                  Moved(("captain",), ("station", state.captain),
                                        ("station", other)),
                                  Rolled(("dice",), (4,))])
    new = [("tok", 0, kind, have)]
    sx, sy = lay.stock
    for key in new:  # from the stock ...
        assert (scene.items_by_key[key].pos().x(), scene.items_by_key[key].pos().y()) == \
            pytest.approx((sx, sy))
    t.qtbot.waitUntil(lambda: not screen.animator.busy, timeout=5000)
    for key in new:  # ... onto the station's cards
        item = scene.items_by_key[key]
        assert (item.pos().x(), item.pos().y()) == pytest.approx((specs[key].x, specs[key].y))
        assert _inside(item, lay.station_box[0])
    assert _inside(scene.items_by_key[("captain",)], lay.station_box[other])
    assert scene.items_by_key[("die", 0)].data["value"] == 4


@pytest.fixture
def toy() -> Iterator[Any]:
    from toygame.description import DESCRIPTION

    registry.register(DESCRIPTION)
    yield DESCRIPTION
    registry.unregister(DESCRIPTION.id)


@pytest.mark.gui
@pytest.mark.parametrize("moving", [True, False], ids=["motions", "no-motions"])
def test_a_game_is_shown_right_with_its_motions_and_without(
        make_table: Any, toy: Any, monkeypatch: pytest.MonkeyPatch, moving: bool) -> None:
    """Toy Tally (tests/toygame) animates with its motions; with none at all, each batch is
    one step to the new state and the table still ends exactly as its layout says."""
    from toygame.model.rules import ToyTally

    if not moving:
        monkeypatch.setattr(ToyTally, "motions", lambda self, event: [])
    t = make_table()
    c = t.controller
    c.new_game("toy", [Seat("Ana"), Seat("Bot", "bot", "heuristic")], seed=4)
    _idle(t, "fast")
    ran: list[list[Any]] = []
    screen = t.screen
    run = screen.animator.run
    monkeypatch.setattr(screen.animator, "run", lambda steps: (ran.append(steps), run(steps)))
    for _ in range(3):
        _idle(t)
        c.request(c.legal()[0])
    _idle(t)
    kinds = [s.kind for steps in ran for s in steps]
    if moving:
        assert "card_played" in kinds
    else:
        assert {len(steps) for steps in ran} == {1} and set(kinds) == {"sync"}
    specs = screen._specs(screen._table_state())
    items = screen.scene.items_by_key
    assert set(items) == set(specs)
    for key, spec in specs.items():
        assert (items[key].pos().x(), items[key].pos().y()) == pytest.approx((spec.x, spec.y))


@pytest.mark.gui
def test_looks_change_when_the_movement_ends_and_a_step_with_none_still_rests(
        make_table: Any) -> None:
    """A step that only changes looks (a won trick) shows them at once and rests its pause;
    in a step where things move, what stays put takes its new looks when they have landed."""
    from frostdesk.ui.kit.animator import Step

    t = make_table()
    t.controller.new_game("frost-shelter", [Seat("Ana"), Seat("Bot Aster", "bot", "heuristic"),
                                            Seat("Bot Boreal", "bot", "heuristic")], seed=5)
    _idle(t, "normal")
    screen, animator = t.screen, t.screen.animator
    specs = screen._specs(screen.snap)
    zone = screen.scene.items_by_key[("zone", "trick")]
    won = {**specs, ("zone", "trick"): dataclass_replace(specs[("zone", "trick")],
                                                         winner="Bot Aster")}
    group = animator._build(Step(won, screen.snap, "trick_won"))
    assert zone.data["winner"] == "Bot Aster"  # at once: nothing moves to cause it
    assert group.totalDuration() == animator.pause_after["trick_won"]
    group.deleteLater()

    card = screen.snap.hands[0][0]
    moved = dict(won)
    moved[("card", card)] = dataclass_replace(specs[("card", card)],
                                              x=specs[("card", card)].x + 80)
    moved[("zone", "trick")] = dataclass_replace(specs[("zone", "trick")], winner="Ana")
    animator.run([Step(moved, screen.snap, "card_played")])
    assert zone.data["winner"] == "Bot Aster"  # the card is still on its way
    t.qtbot.waitUntil(lambda: zone.data["winner"] == "Ana", timeout=3000)
    # ... and when the new looks show, the card has landed
    assert screen.scene.items_by_key[("card", card)].pos().x() == \
        pytest.approx(moved[("card", card)].x)


def dataclass_replace(spec: Any, **data: Any) -> Any:
    """A copy of `spec` with some of its data (x: its position) changed."""
    from dataclasses import replace

    x = data.pop("x", spec.x)
    return replace(spec, x=x, data={**spec.data, **data})


@pytest.mark.expect_errors("animating the events failed")
def test_motions_that_fail_are_logged_and_the_table_shows_the_new_state(
        make_table: Any, toy: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    from toygame.model.rules import ToyTally

    def broken(self: Any, event: Any) -> list[Any]:
        raise KeyError("no such card")

    monkeypatch.setattr(ToyTally, "motions", broken)
    t = make_table()
    c = t.controller
    c.new_game("toy", [Seat("Ana"), Seat("Bot", "bot", "heuristic")], seed=4)
    _idle(t, "fast")
    c.request(c.legal()[0])
    _idle(t)
    screen = t.screen
    specs = screen._specs(screen._table_state())
    assert set(screen.scene.items_by_key) == set(specs)
    assert screen._table_state().state == c.view()
