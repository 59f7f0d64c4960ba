"""The action catalogue: fixed per configuration, and the single source of legality."""

import pytest

from tabulae.core import Action, IllegalAction, Rng
from tabulae.core.conformance import snapshot
from tabulae.games.hadrians_wall import GAME


@pytest.mark.parametrize("players", range(1, 7))
def test_the_catalogue_is_fixed_and_sized_by_the_table(players):
    space = GAME.action_space(players)
    # Three Prospect cards for a scout (own and two others: neighbours or Neutral cards) and
    # three sources for a purchase (two other Prospect cards, or the Fate deck) at every table.
    assert sum(1 for a in space if a[0] == "scout") == 3 * 8 * 20
    assert sum(1 for a in space if a[0] == "market") == 3 * 8
    assert list(space) == list(GAME.action_space(players))
    for action in space:
        assert Action.parse(str(action)) == action


def test_market_and_scout_sources_follow_the_player_count():
    words = {n: {a[2] for a in GAME.action_space(n) if a[0] == "market"} for n in (1, 2, 4)}
    assert words == {
        1: {"deck", "neutral1", "neutral2"},
        2: {"left", "deck", "neutral1"},
        4: {"left", "right", "deck"},
    }


def _positions(players: int, seed: int, every: int):
    """Positions along a random game, one in `every` steps."""
    state = GAME.new(players, seed=seed)
    rng = Rng(seed)
    step = 0
    while state.to_move:
        if step % every == every // 2:
            yield state.clone()
        movers = state.to_move
        seat = movers[rng.below(len(movers))]
        legal = state.legal_actions(seat)
        state.apply(seat, legal[rng.below(len(legal))])
        step += 1


@pytest.mark.parametrize("players", [1, 2, 4, 6])
def test_an_action_applies_exactly_when_it_is_listed(players):
    space = list(GAME.action_space(players))
    checked = 0
    positions = [s for seed in range(3) for s in _positions(players, seed, every=17)]
    for state in positions:
        picture = snapshot(state)
        for seat in state.to_move:
            legal = set(state.legal_actions(seat))
            for action in space:
                if action in legal:
                    state.clone().apply(seat, action)
                else:
                    with pytest.raises(IllegalAction) as refusal:
                        state.apply(seat, action)
                    assert refusal.value.reason.strip()
            checked += 1
        assert snapshot(state) == picture
    assert checked > 10
