"""Each game's designed observation: a fixed layout from the rules, faithful to the view."""

import numpy as np
import pytest

import tabulae
from tabulae.core import Rng, random_steps
from tabulae.interop.observation import DesignedEncoder, ViewEncoder, encoder
from tests.interop.games import config_id
from tests.plugin_games.tesserae import GAME as TOY

GAMES = list(tabulae.all_games().values())
CONFIGS = [
    (game, players) for game in GAMES for players in range(game.min_players, game.max_players + 1)
]


def random_positions(game, players, games=2, every=3):
    for seed in range(games):
        state = game.new(players, seed=seed)
        for step, _ in enumerate(random_steps(state, Rng(seed))):
            if step % every == 0:
                yield state


@pytest.mark.parametrize("config", CONFIGS, ids=config_id)
def test_every_game_has_a_designed_layout_fixed_by_its_configuration(config):
    game, players = config
    found = encoder(game, players)
    assert isinstance(found, DesignedEncoder)
    assert found is encoder(game, players)
    assert len(found.labels) == len(set(found.labels)) == found.size
    widths = [int(np.prod(shape)) for _, shape in found.fields.values()]
    assert sum(widths) == found.size
    for state in random_positions(game, players, games=1, every=7):
        for seat in range(players):
            vector = found.observe(state, seat)
            assert vector.shape == (found.size,) and vector.dtype == np.float32
            assert np.isfinite(vector).all()


def test_the_builders_observation_fits_in_4000_numbers_at_four_players():
    assert encoder(tabulae.load("builders"), 4).size <= 4000


def test_a_game_without_a_design_falls_back_on_its_encoded_views():
    assert TOY.observation(3, TOY.configure(3, {})) is None
    assert isinstance(encoder(TOY, 3), ViewEncoder)


@pytest.mark.parametrize("players", [2, 4])
def test_the_builders_observation_holds_what_the_view_shows(players):
    game = tabulae.load("builders")
    found = encoder(game, players)
    for state in random_positions(game, players):
        seat = state.active_seat
        view = state.view(seat)
        parts = found.parts(found.observe(state, seat))
        order = [(seat + k) % players for k in range(players)]
        mine = view["players"][seat]
        assert parts["sesterces"].tolist() == [view["players"][p]["sesterces"] for p in order]
        assert parts["vp"].tolist() == [view["players"][p]["vp"] for p in order]
        assert sorted(np.flatnonzero(parts["building_row"]) + 1) == sorted(
            b["card"] for b in view["buildings"]["row"]
        )
        assert parts["building_deck"][0] == view["buildings"]["deck"]
        assert parts["site"][0].sum() == len(mine["sites"])
        for site in mine["sites"]:
            card = site["building"]["card"]
            assert parts["supplied"][0, card - 1].tolist() == site["supplied"]
        assert parts["idle"][0].sum() == len(mine["idle"])
        assert parts["working"][0].sum() == sum(len(s["crew"]) for s in mine["sites"])
        assert parts["finished"][0].sum() == len(mine["finished"]) + len(mine["machines"])
        assert parts["to_move"][0] == (view["turn"] is not None)


@pytest.mark.parametrize("players", [1, 3, 6])
def test_the_hadrians_wall_observation_holds_what_the_view_shows(players):
    game = tabulae.load("hadrians_wall")
    found = encoder(game, players)
    for state in random_positions(game, players, every=5):
        for seat in range(players):
            view = state.view(seat)
            parts = found.parts(found.observe(state, seat))
            order = [(seat + k) % players for k in range(players)]
            assert parts["year"][0] == view["year"]
            for k, p in enumerate(order):
                shown = view["players"][p]
                assert parts["sheet"][k, :5].tolist() == list(shown["pool"].values())
                assert parts["scouting_map"][k].tolist() == shown["right_sheet"]["scouting_map"]
                assert parts["paths"][k].sum() == len(shown["paths"])
                assert parts["unseen"][k].sum() == len(shown["cards_unseen"])
                assert parts["pending"][k].sum() == len(shown["pending"])
            assert parts["drawn"].sum() == len(view["drawn"])
            assert parts["choice"].sum() == (view["choice"] is not None)


@pytest.mark.parametrize("players", [2, 4])
def test_the_sylla_observation_holds_what_the_view_shows(players):
    game = tabulae.load("sylla")
    found = encoder(game, players)
    for state in random_positions(game, players):
        for seat in range(players):
            view = state.view(seat)
            parts = found.parts(found.observe(state, seat))
            order = [(seat + k) % players for k in range(players)]
            assert parts["round"][0] == view["round"]
            assert parts["famine"][0] == view["famine"]
            assert parts["ladder"].tolist() == list(view["ladder"].values())
            for k, p in enumerate(order):
                shown = view["players"][p]
                assert parts["prestige"][k] == shown["prestige"]
                assert parts["screen_open"][k] == (shown["money"] is not None)
                assert parts["money"][k] == (shown["money"] or 0)
                assert parts["characters"][k].sum() == len(shown["characters"])
                assert parts["face_down"][k].sum() == sum(
                    c["face_down"] for c in shown["characters"]
                )
                assert parts["unknown_tokens"][k].sum() == len(shown["unknown_tokens"])
                assert parts["buildings"][k].sum() == len(shown["buildings"])
            assert parts["display"].sum() == len(view["display"])
            assert parts["to_move"].sum() == len(view["to_move"])
