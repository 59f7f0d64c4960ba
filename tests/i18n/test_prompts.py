"""Every step of every game says what it asks, in every language: the view's prompt names the
question to the seat to move (`<game>.prompt.<step>`) and the step, for those who wait
(`<game>.step.<step>`), and each language's catalog words both."""

from __future__ import annotations

import itertools

import pytest

import tabulae
from tabulae.core import Rng, random_steps
from tabulae.i18n import LANGUAGES, translator
from tabulae.i18n.catalogs import read

GAMES = sorted(tabulae.all_games().values(), key=lambda game: game.id)
MOST_STEPS = 3000  # a random seat of The Builders can wander for a long time


def prompts_of_a_game(game, players, seed):
    """The prompts the views gave the seats to move, one per question, through a seeded game."""
    state = game.new(players, seed)
    found = {}
    for seat, _ in itertools.islice(random_steps(state, Rng(seed)), MOST_STEPS):
        prompt = state.view(seat)["prompt"]
        found.setdefault(prompt["key"], prompt)
    return found


def words(lang, game, msgid, args):
    template = read(lang, game).messages.get(msgid)
    assert template, f"{lang}: no message {msgid}"
    filled = translator(lang).format(template, args, (), ["Ann", "Bob", "Cleo", "Dan"])
    assert "{" not in filled, f"{lang}: {msgid} left {filled!r}"
    return filled


@pytest.mark.parametrize("game", GAMES, ids=lambda game: game.id)
def test_each_step_reached_in_a_game_says_what_it_asks_in_every_language(game):
    prompts = prompts_of_a_game(game, game.max_players, seed=3)
    steps = {prompt["step"] for prompt in prompts.values()}
    assert len(steps) >= min(3, len(game.new(2, 0).STEPS)), steps
    for prompt, lang in itertools.product(prompts.values(), LANGUAGES):
        asked = words(lang, game, prompt["key"], prompt["args"])
        named = words(lang, game, prompt["name"], prompt["args"])
        assert asked != named


@pytest.mark.parametrize("game", GAMES, ids=lambda game: game.id)
def test_every_step_of_a_game_has_its_question_and_name_in_every_language(game):
    """Steps a short game may not reach (Sylla's tie among the events) are worded too."""
    for step, lang in itertools.product(game.new(2, 0).STEPS, LANGUAGES):
        messages = read(lang, game).messages
        assert messages.get(f"{game.id}.prompt.{step}"), f"{lang}: {game.id} asks nothing at {step}"
        assert messages.get(f"{game.id}.step.{step}"), f"{lang}: {game.id} names no {step}"


def test_a_simultaneous_step_says_that_everyone_chooses_at_once_and_in_secret():
    sylla = tabulae.load("sylla")
    prompt = sylla.new(3, 1).view(0)["prompt"]
    assert prompt["key"] == "sylla.prompt.choose"
    assert words("en", sylla, prompt["key"], prompt["args"]) == (
        "Choose 6 more starting characters to keep, in secret: everyone chooses at once."
    )
    assert "w tajemnicy" in words("pl", sylla, prompt["key"], prompt["args"])
