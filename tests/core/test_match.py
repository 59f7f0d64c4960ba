import json

import pytest

from tabulae.core import Action, Match, MatchFormatError, Rng, random_steps
from tabulae.core.conformance import snapshot


def played_match(seed: int = 4) -> tuple[Match, object]:
    match = Match("tests.plugin_games.tesserae:GAME", 3, seed, {"rounds": 2}, ["ann", "bob", "cy"])
    state = match.start()
    for seat, action in random_steps(state.clone(), Rng(seed)):
        match.play(state, seat, action)
    return match, state


def test_replay_rebuilds_the_same_state_and_any_prefix():
    match, state = played_match()
    assert state.result() is not None
    assert snapshot(match.replay()) == snapshot(state)
    assert match.replay(upto=2).to_move != ()


def test_json_round_trip_and_file(tmp_path):
    match, _ = played_match()
    again = Match.loads(match.dumps())
    assert again == match
    path = tmp_path / "m.json"
    match.save(path)
    assert Match.open(path) == match
    assert json.loads(path.read_text())["format"] == "tabulae.match"


def test_unreadable_records_give_clear_errors():
    match, _ = played_match()
    data = match.to_json()
    with pytest.raises(MatchFormatError, match="not JSON"):
        Match.loads("{")
    with pytest.raises(MatchFormatError, match="not a Tabulae match"):
        Match.from_json({"game": "x"})
    with pytest.raises(MatchFormatError, match="version 99"):
        Match.from_json({**data, "version": 99})
    with pytest.raises(MatchFormatError, match="malformed"):
        Match.from_json({**data, "actions": [[0]]})


def test_replaying_an_illegal_log_says_which_action():
    match, _ = played_match()
    match.actions.insert(0, (1, Action("play", 99)))
    with pytest.raises(MatchFormatError, match=r"action 1 .* is illegal"):
        match.replay()


def test_play_records_only_accepted_actions():
    match = Match("tests.plugin_games.tesserae:GAME", 2)
    state = match.start()
    with pytest.raises(ValueError):
        match.play(state, 1, Action("draw"))
    assert match.actions == []
