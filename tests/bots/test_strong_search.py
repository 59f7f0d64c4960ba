"""The strong search: grouped actions, informed rollouts, tree reuse and worker processes.

It must act legally in every game at every player count, decide from what its seat knows
only (with a tree kept from its last decision too), and leave no process behind.
"""

import multiprocessing

import pytest

import tabulae
from tabulae.arena import parse_entrants
from tabulae.bots import ISMCTSBot, Search, bot_steps, decide, make_bot
from tabulae.core import Action, Rng, visible
from tabulae.games.hadrians_wall.components import ATTRIBUTE_LENGTH
from tabulae.games.hadrians_wall.sheet import ATTRIBUTE, COHORT, SCOUTS
from tabulae.tui.seats import Seat
from tests.plugin_games.horreum import GAME as HORREUM
from tests.plugin_games.tesserae import GAME as TESSERAE

from .games import copies, every_game, player_counts, positions

# Small budgets: legality and information do not depend on how long the search thinks.
STRONG = {"iterations": 12, "depth": 6, "rollout": "informed", "group": 1, "prune": 1, "reuse": 1}
ACTIONS = 600
HADRIANS_WALL = tabulae.load("hadrians_wall")


@every_game
def test_the_strong_search_acts_legally_at_every_player_count(game):
    for players in player_counts(game):
        bots = [make_bot("ismcts", **STRONG) for _ in range(players)]
        state = game.new(players, seed=players)
        played = 0
        rngs = [Rng(10 * players + seat) for seat in range(players)]
        for seat, action in bot_steps(state, bots, rngs):
            legal = state.legal_actions(seat)
            assert action in legal, f"{game.id}, {players} players: '{action}' from {legal}"
            played += 1
            if played == ACTIONS:
                break
        assert played == ACTIONS or state.result() is not None


@every_game
def test_the_strong_search_decides_the_same_for_every_copy_of_the_same_information(game):
    for players in sorted({game.min_players, game.max_players}):
        for state in positions(game, players, seed=players, count=4):
            for seat in state.to_move:
                chosen = {
                    make_bot("ismcts", **STRONG).choose(copy, seat, Rng(99))
                    for copy in copies(state, seat)
                }
                assert len(chosen) == 1, f"the strong search peeked in {game.id}"


def solo_after_own_action(seed: int):
    """A solitaire Hadrian's Wall in its actions, the bot's first decision of the year made."""
    state = HADRIANS_WALL.new(1, seed=seed)
    state.apply(0, state.legal_actions(0)[0])
    while state.pending[0]:
        state.apply(0, state.legal_actions(0)[0])
    return state


def test_a_kept_tree_is_followed_only_below_the_bots_own_last_action():
    state = solo_after_own_action(3)
    bot = ISMCTSBot(iterations=150, rollout="informed", group=1, reuse=1)
    action = decide(bot, state, 0, Rng(1))
    memory = bot.memory
    assert memory is not None and memory.played == action
    state.apply(0, action)
    seen = state.clone()
    seen.events = list(visible(seen.events, 0))
    kept = memory.follow(tuple((e.key, repr(e.args)) for e in seen.events), 0)
    assert kept is not None and kept.edges, "the subtree below the action played was lost"
    assert sum(edge.visits for edge in kept.edges.values()) > 0
    search = bot.search(seen, 0, Rng(2))
    assert search.trees[0] is kept
    assert search.iterations == 150
    assert sum(edge.visits for edge in kept.edges.values()) > 150
    # Asked again at the same point, or for another seat, the bot starts afresh.
    assert bot.memory.follow(bot.memory.history, 0) is None
    assert memory.follow(tuple((e.key, repr(e.args)) for e in seen.events), 1) is None


def test_with_a_kept_tree_the_decision_still_depends_only_on_what_the_seat_knows():
    """Two bots that made the same last decision decide the same on every copy of the next."""
    before = solo_after_own_action(5)
    first = ISMCTSBot(iterations=60, rollout="informed", group=1, reuse=1)
    played = decide(first, before, 0, Rng(1))
    after = before.clone()
    after.apply(0, played)
    while after.pending[0]:
        after.apply(0, after.legal_actions(0)[0])
    chosen = set()
    for copy in copies(after, 0):
        bot = ISMCTSBot(iterations=60, rollout="informed", group=1, reuse=1)
        assert decide(bot, before, 0, Rng(1)) == played
        chosen.add(bot.choose(copy, 0, Rng(7)))
    assert len(chosen) == 1


@pytest.mark.parametrize("game_id, players", [("hadrians_wall", 2), ("sylla", 3)])
def test_worker_processes_give_a_legal_answer_and_are_gone_after(game_id, players):
    game = tabulae.load(game_id)
    state = positions(game, players, seed=4, count=3)[1]
    seat = state.to_move[0]
    bot = ISMCTSBot(iterations=30, workers=2)
    search = bot.search(state.determinize(seat, Rng(3)), seat, Rng(3))
    assert search.best() in state.legal_actions(seat)
    assert search.iterations == 60, "the helper's iterations were not added"
    assert sum(row["visits"] for row in search.statistics()) == 60
    assert multiprocessing.active_children() == []


def scouting_position():
    """A solitaire game played by the quick judgement until a Scout may be sent."""
    state = HADRIANS_WALL.new(1, seed=11)
    rng = Rng(11)
    while state.to_move:
        legal = state.legal_actions(0)
        if sum(action[0] == "scout" for action in legal) > 8:
            return state
        action = HADRIANS_WALL.rollout_action(state, 0, legal, rng)
        state.apply(0, action or legal[rng.below(len(legal))])
    raise AssertionError("no Scout was ever offered")


def test_grouped_scouts_are_weighed_once_and_any_of_them_may_still_be_played():
    state = scouting_position()
    legal = state.legal_actions(0)
    scouts = [action for action in legal if action[0] == "scout"]
    keys = {HADRIANS_WALL.action_key(state, 0, action) for action in scouts}
    assert 1 < len(keys) < len(scouts)
    search = ISMCTSBot(iterations=len(legal) * 2, group=1).search(state.clone(), 0, Rng(1))
    weighed = [row["action"] for row in search.statistics()]
    assert len([a for a in weighed if a.startswith("scout")]) == len(keys)
    assert len(weighed) == len(legal) - len(scouts) + len(keys)
    for action in scouts:  # every member of every group stays a player's choice
        twin = state.clone()
        twin.apply(0, action)
        assert twin.sheets[0][SCOUTS] == state.sheets[0][SCOUTS] + 1


def test_alike_scouts_bring_the_same_and_differ_only_in_place():
    state = scouting_position()
    groups: dict = {}
    for action in state.legal_actions(0):
        if action[0] == "scout":
            groups.setdefault(HADRIANS_WALL.action_key(state, 0, action), []).append(action)
    for members in groups.values():
        gains = set()
        for member in members:
            twin = state.clone()
            twin.apply(0, member)
            gains.add(repr(twin.events[-1].args["gained"]))
        assert len(gains) == 1


def test_by_default_a_game_keeps_every_action_apart_weighs_them_all_and_rolls_out_at_random():
    state = TESSERAE.new(3, seed=1)
    seat = state.to_move[0]
    legal = state.legal_actions(seat)
    assert [TESSERAE.action_key(state, seat, a) for a in legal] == legal
    assert TESSERAE.sensible_actions(state, seat, legal) == legal
    assert TESSERAE.rollout_action(state, seat, legal, Rng(1)) is None


@pytest.mark.parametrize(
    "game_id, players, unplanned",
    [("builders", 2, {"loan", "free"}), ("sylla", 3, {"pass", "tavern"})],
)
def test_quick_judgements_leave_unplanned_actions_to_the_tree(game_id, players, unplanned):
    game = tabulae.load(game_id)
    rng = Rng(3)
    avoided = 0
    for seed in range(3):
        for state in positions(game, players, seed=seed, count=40):
            for seat in state.to_move:
                legal = state.legal_actions(seat)
                action = game.rollout_action(state, seat, legal, rng)
                assert action in legal
                if any(a[0] not in unplanned for a in legal):
                    assert action[0] not in unplanned
                    avoided += any(a[0] in unplanned for a in legal)
    assert avoided > 0, "no position offered an action to leave aside"


def test_the_quick_judgement_sends_a_cohort_reward_to_the_weakest_cohort():
    """Rulings: a Cohort reward fills the next box of any one Cohort; N filled boxes defend
    against N attack cards, so the weakest Cohort is where a box helps most."""
    state = solo_after_own_action(2)
    sheet = state.sheets[0]
    sheet[COHORT], sheet[COHORT + 1], sheet[COHORT + 2] = 3, 1, 2
    state.pending[0] = ["cohort"]
    legal = state.legal_actions(0)
    assert {HADRIANS_WALL.rollout_action(state, 0, legal, Rng(s)) for s in range(8)} == {
        Action("cohort", "centre")
    }


def test_the_quick_judgement_gives_a_chosen_attribute_where_the_next_box_pays():
    """Rulebook (H-04): "each attribute is at most 25; points beyond are lost". Every point
    on a track scores alike, so a chosen point goes to a track not yet full, first where its
    box pays a reward (the sixth Piety box: a Servant), then to the emptiest track."""
    state = solo_after_own_action(2)
    sheet = state.sheets[0]
    for index, filled in enumerate((ATTRIBUTE_LENGTH, 5, 3, 9)):
        sheet[ATTRIBUTE + index] = filled
    state.pending[0] = ["attribute_of_choice"]
    legal = state.legal_actions(0)
    assert Action("attribute", "renown") in legal

    def chosen():
        return {HADRIANS_WALL.rollout_action(state, 0, legal, Rng(s)) for s in range(8)}

    assert chosen() == {Action("attribute", "piety")}
    sheet[ATTRIBUTE + 1] = 6
    assert chosen() == {Action("attribute", "valour")}


def test_the_quick_judgement_plays_legally_and_fills_the_year():
    rng = Rng(4)
    scores = []
    for seed in range(6):
        state = HADRIANS_WALL.new(1, seed=seed)
        while state.to_move:
            legal = state.legal_actions(0)
            action = HADRIANS_WALL.rollout_action(state, 0, legal, rng)
            action = action or legal[rng.below(len(legal))]
            assert action in legal
            state.apply(0, action)
        scores.append(state.result().scores[0])
    random_scores = []
    for seed in range(6):
        state = HADRIANS_WALL.new(1, seed=seed)
        while state.to_move:
            legal = state.legal_actions(0)
            state.apply(0, legal[rng.below(len(legal))])
        random_scores.append(state.result().scores[0])
    assert sum(scores) > sum(random_scores) + 6 * 10


def test_rollouts_by_rounds_end_where_the_year_ends():
    """H-17: the year ends with the attack; a rollout told to stop after one round stops at
    the start of the next year, its attack resolved, and is judged there."""
    state = solo_after_own_action(6)
    search = ISMCTSBot(rollout="informed", rounds=1).search(state.clone(), 0, Rng(1))
    assert search.best() in state.legal_actions(0)
    world = state.clone()
    search._rollout(world, (0,), Rng(2))
    assert (world.year, world.phase) == (state.year + 1, "choose")
    assert world.sheets[0] != state.sheets[0]


def test_in_a_game_without_rounds_the_depth_still_cuts_rollouts():
    state = HORREUM.new(1, seed=1)
    assert HORREUM.round(state) is None
    search = Search(ISMCTSBot(rounds=1, depth=2), state, 0, Rng(1))
    world = state.clone()
    search._rollout(world, state.to_move, Rng(2))
    assert len(world.events) > len(state.events) and world.result() is None


@pytest.mark.parametrize("params", [{"rounds": 1}, {"rounds": 2, "scale": 20}, {"scale": 5}])
def test_rounds_and_a_fixed_scale_act_legally_alone(params):
    bot = make_bot("ismcts", **{**STRONG, **params})
    state = HADRIANS_WALL.new(1, seed=8)
    rng = Rng(8)
    for played, (seat, action) in enumerate(bot_steps(state, [bot], [rng])):
        assert action in state.legal_actions(seat)
        if played == 60:
            break


def test_a_game_tunes_a_level_for_its_tables_and_parameters_given_still_override_it():
    """Hadrian's Wall plays `hard` alone with simulations to the end of the game, and The
    Builders weighing sensible actions only and preferring the sooner win, at four players
    without its tree kept; in Hadrian's Wall at two, and in a game that tunes nothing, the
    level is as written."""
    solo, pair = HADRIANS_WALL.new(1, seed=1), HADRIANS_WALL.new(2, seed=1)
    hard = make_bot("hard", solo).describe()
    assert hard["depth"] is None and "rounds" not in hard and hard["iterations"] == 1000
    assert hard["c"] == 0.3
    assert hard["seconds"] == 2 and hard["rollout"] == "informed"
    assert make_bot("hard", pair).describe() == make_bot("hard").describe()
    assert make_bot("medium", solo).describe() == make_bot("medium").describe()
    assert make_bot("hard", HORREUM.new(1, seed=1)).describe() == make_bot("hard").describe()
    assert make_bot("hard", solo, iterations=20).describe()["iterations"] == 20
    assert make_bot("ismcts", solo).describe() == make_bot("ismcts").describe()
    # The Builders keeps no tree between `hard`'s decisions at four players, and does at two.
    builders = tabulae.load("builders")
    four = make_bot("hard", builders.new(4, seed=1)).describe()
    assert "reuse" not in four and four["prune"] == 1 and four["discount"] < 1
    two = make_bot("hard", builders.new(2, seed=1)).describe()
    assert two == make_bot("hard", prune=1, discount=four["discount"]).describe()
    # The arena and the terminal make their bots for the game they play.
    assert parse_entrants("hard")[0].make(solo).describe() == hard
    assert Seat.parse("hard").bot(solo).describe() == hard


def test_the_tuned_level_plays_its_simulations_to_the_end_of_the_game():
    state = solo_after_own_action(6)
    bot = make_bot("hard", state, iterations=3)
    assert isinstance(bot, ISMCTSBot)
    search = bot.search(state.clone(), 0, Rng(1))
    assert search.best() in state.legal_actions(0)
    world = state.clone()
    search._rollout(world, (0,), Rng(2))
    assert world.result() is not None


def test_in_sylla_rollouts_by_rounds_end_where_the_round_ends():
    """A rollout told to stop after one round stops as the next round opens, every phase of
    the round played."""
    sylla = tabulae.load("sylla")
    state = sylla.new(4, seed=1)
    search = Search(ISMCTSBot(rounds=1, rollout="informed"), state, state.to_move[0], Rng(1))
    world = state.clone()
    search._rollout(world, state.to_move, Rng(2))
    assert (sylla.round(state), sylla.round(world)) == (1, 2)
    assert world.phase == "first_consul" and world.result() is None
