"""ISMCTS: budgets, search statistics, and planning across several of its own actions."""

import pytest

from tabulae.bots import ISMCTSBot, Search, decide, make_bot
from tabulae.bots.standing import payoffs
from tabulae.core import Action, Rng
from tests.plugin_games.horreum import GAME as HORREUM
from tests.plugin_games.tesserae import GAME as TESSERAE


def test_an_iteration_budget_is_spent_exactly_and_visits_add_up():
    state = TESSERAE.new(3, seed=2)
    search = ISMCTSBot(iterations=60).search(state.determinize(0, Rng(1)), 0, Rng(2))
    assert search.iterations == 60
    rows = search.statistics()
    assert {row["action"] for row in rows} == {"draw", "pass"}
    assert sum(row["visits"] for row in rows) == 60
    assert all(0.0 <= row["mean"] <= 1.0 for row in rows)
    assert str(search.best()) == rows[0]["action"]


def test_a_time_budget_stops_the_search():
    search = ISMCTSBot(seconds=0.02).search(TESSERAE.new(2, seed=2), 0, Rng(2))
    assert search.iterations >= 1 and search.seconds >= 0.02


def test_ismcts_plans_a_long_turn_to_its_end():
    """Alone at the last market with 6 grain at price 2, every sale is a point: sell three
    times, then be done."""
    state = HORREUM.new(1, seed=1, years=1)
    for _ in range(3):
        state.apply(0, Action("sow"))
    state.grain[0], state.price = 6, 2
    bot = ISMCTSBot(iterations=200)
    taken = []
    while state.to_move:
        action = decide(bot, state, 0, Rng(len(taken)))
        taken.append(str(action))
        state.apply(0, action)
    assert taken == ["sell", "sell", "sell", "done"]
    assert state.result().scores[0] == 3 + state.patrons[0]


@pytest.mark.parametrize("rollout", ["random", "greedy"])
def test_rollouts_by_any_bot_and_cut_short_by_the_evaluation(rollout):
    state = HORREUM.new(3, seed=4)
    for depth in (None, 0, 3):
        bot = make_bot("ismcts", iterations=30, rollout=rollout, depth=depth)
        assert decide(bot, state, state.to_move[0], Rng(1)) in state.legal_actions(0)


def test_budgets_are_checked():
    with pytest.raises(ValueError, match="positive budget"):
        ISMCTSBot(iterations=0)
    with pytest.raises(ValueError, match="depth"):
        ISMCTSBot(depth=-1)
    with pytest.raises(ValueError, match="discount"):
        ISMCTSBot(discount=0)
    with pytest.raises(ValueError, match="no bot 'wizard'"):
        ISMCTSBot(rollout="wizard")
    assert ISMCTSBot().describe() == {
        "bot": "ismcts",
        "iterations": 1000,
        "c": 0.7,
        "rollout": "random",
        "depth": 20,
    }


def test_a_cut_rollout_first_finishes_the_secret_choice_under_way():
    """Judged before the rival's tile is revealed, playing a tile only costs a tile; judged
    after, the highest tile in the game, 12, has won the round."""
    state = TESSERAE.new(2, seed=3)
    state.apply(0, Action("pass"))
    state.apply(1, Action("pass"))
    state.apply(0, Action("play", 12))
    search = Search(ISMCTSBot(depth=0), state, 1, Rng(1))
    world = state.clone()
    rewards = search._rollout(world, (0, 1), Rng(2))
    assert world.points == [1, 0] and world.step == "draw"
    assert rewards == payoffs(world) and rewards[0] > 0.9 > 0.1 > rewards[1]


def test_a_discount_draws_a_payoff_towards_an_even_one_by_the_actions_taken():
    """The same simulation, judged one action and the rollout's after the decision: with a
    discount of a half, the winner's payoff and the loser's each come at least halfway
    towards a half, and the further the more."""
    state = TESSERAE.new(2, seed=3)
    for seat, action in ((0, "pass"), (1, "pass"), (0, "play 12")):
        state.apply(seat, Action.parse(action))
    judged = []
    for taken in (1, 3):
        world = state.clone()
        search = Search(ISMCTSBot(depth=0, discount=0.5), state, 1, Rng(1))
        judged.append(search._rollout(world, (0, 1), Rng(2), taken))
    plain = payoffs(world)
    for near, far in [judged]:
        assert 0.5 < far[0] < near[0] <= 0.5 + (plain[0] - 0.5) / 2
        assert 0.5 > far[1] > near[1] >= 0.5 - (0.5 - plain[1]) / 2
        assert near[0] - 0.5 == pytest.approx((far[0] - 0.5) * 4)
