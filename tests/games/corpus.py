"""A corpus of recorded bot games, replayed to the same events and results.

Each game's file holds seeded games of random and greedy bots over every player count:
the actions in notation and a digest of the events and the result they led to. Replaying
them catches any change in what the engine does with the same actions, which is what a
refactoring must not change. A deliberate rule change re-records the corpus:

    python -m tests.games.corpus            # every registered game
    python -m tests.games.corpus sylla      # one game
"""

from __future__ import annotations

import gzip
import hashlib
import json
import sys
from itertools import islice
from pathlib import Path
from typing import Any

import tabulae
from tabulae.bots import make_bot
from tabulae.bots.play import bot_steps
from tabulae.core import Action, Game, Rng, State

HERE = Path(__file__).resolve().parent / "recorded"
GAMES_PER_GAME = 300
# A game still running after this many actions is recorded as far as it went (random seats in
# The Builders can wander for a very long time).
MOST_ACTIONS = 3000


def path(game_id: str) -> Path:
    return HERE / f"{game_id}.json.gz"


def digest(state: State) -> str:
    """A fingerprint of everything that happened and how it ended."""
    result = state.result()
    record = {
        "events": [event.to_json() for event in state.events],
        "result": None if result is None else [result.scores, result.ranks, result.tiebreaks],
    }
    return hashlib.sha256(json.dumps(record, sort_keys=True).encode()).hexdigest()


def record_game(game: Game, players: int, seed: int) -> dict[str, Any]:
    """One seeded game: greedy and random bots in alternating seats."""
    bots = [
        make_bot("greedy", samples=1) if (seed + seat) % 2 == 0 else make_bot("random")
        for seat in range(players)
    ]
    rngs = [Rng(seed * 10 + seat) for seat in range(players)]
    state = game.new(players, seed)
    steps = islice(bot_steps(state, bots, rngs), MOST_ACTIONS)
    entry = {"players": players, "seed": seed}
    entry["actions"] = [[seat, str(action)] for seat, action in steps]
    entry["digest"] = replay(game, entry)
    return entry


def record(game: Game, count: int = GAMES_PER_GAME) -> list[dict[str, Any]]:
    counts = range(game.min_players, game.max_players + 1)
    return [record_game(game, counts[seed % len(counts)], seed) for seed in range(count)]


def load(game_id: str) -> list[dict[str, Any]]:
    with gzip.open(path(game_id), "rt", encoding="utf-8") as file:
        return json.load(file)


def replay(game: Game, entry: dict[str, Any]) -> str:
    """The digest of the recorded actions played again."""
    state = game.new(entry["players"], entry["seed"])
    for seat, notation in entry["actions"]:
        state.apply(seat, Action.parse(notation))
    return digest(state)


def main(names: list[str]) -> None:
    games = tabulae.all_games()
    for game_id in names or sorted(games):
        entries = record(games[game_id])
        with gzip.GzipFile(path(game_id), "wb", mtime=0) as file:
            file.write(json.dumps(entries, separators=(",", ":")).encode())
        print(f"{game_id}: {len(entries)} games recorded")


if __name__ == "__main__":
    main(sys.argv[1:])
