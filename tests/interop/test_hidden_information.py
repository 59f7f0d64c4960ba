"""The hidden-information audit: no adapter tells a seat what it cannot know.

For random positions of every game, `State.determinize(seat, rng)` re-samples all that
`seat` cannot know (deck orders, others' drawn cards and secret choices, the colours of
tokens behind screens). Every number and string an adapter gives `seat` must then be the
same for the true position and the imagined one.
"""

import numpy as np
import pytest

import tabulae
from tabulae.core import Rng, random_steps
from tabulae.interop import gymnasium, openspiel, pettingzoo
from tabulae.interop.episode import Episode
from tests.interop.games import EVERY_GAME, SOLO, config_id, configurations

CONFIGS = configurations([*EVERY_GAME, SOLO])
GAMES_PER_CONFIG = 3
EVERY = 5  # audit one position in this many


def positions(game, players):
    """Episodes at random positions of a few seeded random games."""
    for seed in range(GAMES_PER_CONFIG):
        episode = Episode.start(game, players, seed=seed)
        rng = Rng(seed)
        for step, _ in enumerate(random_steps(episode.state, rng)):
            if step % EVERY == 0:
                yield episode, rng


def imagined(episode, seat, rng):
    """The same position with what `seat` cannot know re-sampled twice."""
    return [episode.determinized(seat, Rng(rng.next64())) for _ in range(2)]


@pytest.mark.parametrize("config", CONFIGS, ids=config_id)
def test_pettingzoo_observations_are_blind_to_what_a_seat_cannot_know(config):
    game, players = config
    table = pettingzoo.env(game, players)
    table.reset(seed=0)
    audited = 0
    for episode, rng in positions(game, players):
        for seat, agent in enumerate(table.possible_agents):
            table.episode = episode
            truth = table.observe(agent)
            for twin in imagined(episode, seat, rng):
                table.episode = twin
                seen = table.observe(agent)
                assert np.array_equal(seen["observation"], truth["observation"])
                assert np.array_equal(seen["action_mask"], truth["action_mask"])
                audited += 1
    assert audited >= GAMES_PER_CONFIG  # every game was audited


@pytest.mark.parametrize("config", CONFIGS, ids=config_id)
def test_gymnasium_observations_are_blind_to_what_a_seat_cannot_know(config):
    game, players = config
    audited = 0
    for seat in range(players):
        solo = gymnasium.env(game, players, "random", seat=seat)
        for episode, rng in positions(game, players):
            solo.episode = episode
            truth, mask = solo._observe(), solo.action_masks()
            for twin in imagined(episode, seat, rng):
                solo.episode = twin
                assert np.array_equal(solo._observe(), truth)
                assert np.array_equal(solo.action_masks(), mask)
                audited += 1
    assert audited >= GAMES_PER_CONFIG  # every game was audited


@pytest.mark.parametrize("config", configurations(EVERY_GAME, fewest=2), ids=config_id)
def test_openspiel_observations_and_information_states_are_blind(config):
    """Tensors and strings, of the observation and of the information state."""
    game, players = config
    spiel = openspiel.load(game, players=players)
    samples = np.random.default_rng(0)
    audited = 0
    for episode, _ in positions(game, players):
        state = spiel.new_initial_state()
        state.table.episode = episode.clone()
        state.table.seed_bytes = [0] * openspiel.SEED_BYTES
        for seat in range(players):
            for _ in range(2):
                twin = state.resample_from_infostate(seat, samples.random)
                for read in (
                    "observation_tensor",
                    "information_state_tensor",
                    "observation_string",
                    "information_state_string",
                ):
                    assert getattr(twin, read)(seat) == getattr(state, read)(seat), read
                audited += 1
    assert audited >= GAMES_PER_CONFIG  # every game was audited


@pytest.mark.parametrize("open_screens", [False, True])
def test_sylla_money_behind_a_screen_does_not_reach_other_seats(open_screens):
    """Rulebook: each player keeps his deniers hidden behind his screen.

    `determinize` keeps money totals (every payment is public, so they follow from the
    record), so this test changes one by hand: the other seats' numbers must not move
    unless the screens are open (ruling S-40).
    """
    game = tabulae.load("sylla")
    encoder = pettingzoo.env(game, 4, open_screens=open_screens).encoder
    state = game.new(4, seed=3, open_screens=open_screens)
    for _ in zip(range(40), random_steps(state, Rng(3)), strict=False):
        pass
    richer = state.clone()
    richer.money[2] += 7
    for seat in (0, 1, 3):
        unchanged = np.array_equal(encoder.observe(richer, seat), encoder.observe(state, seat))
        assert unchanged is not open_screens
    assert not np.array_equal(encoder.observe(richer, 2), encoder.observe(state, 2))
