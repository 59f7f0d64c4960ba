"""OpenSpiel: every Tabulae game as a Python game named ``tabulae_<id>``.

>>> import pyspiel
>>> import tabulae.interop.openspiel  # registers tabulae_sylla, tabulae_builders, …
>>> game = pyspiel.load_game("tabulae_sylla", {"players": 3})

Importing this module registers every game of `tabulae.all_games()` for two players or
more; `register` adds any other `Game`. The games are sequential, imperfect-information
and zero-sum:

- Parameters: ``players`` (default four where allowed, at least two), ``seed`` (-1: drawn
  by chance; 0 to 2**31 - 1, OpenSpiel's integer range: that fixed deal, with no chance
  nodes), ``compact_infostate`` (false: the readable information-state string; true: a
  32-character digest of it, the key tabular algorithms such as MCCFR store) and every
  game option under its own name.
- Chance: a Tabulae game draws all its chance inside `apply` from the state's own
  SplitMix64 generator, whose whole state is the seed. So chance acts only at the start:
  eight chance nodes draw the 64-bit seed a byte at a time (256 equally likely outcomes
  each), and the game is then a fixed function of that hidden seed and the actions.
  No seat ever sees the seed, only what its view reveals of the cards it dealt.
- Turns: a simultaneous decision becomes turns, one action at a time in seat order (see
  `tabulae.interop.episode`); a later mover sees no earlier secret choice.
- Returns: each seat's pairwise rank outcome in [-1, 1] (`tabulae.interop.episode.outcomes`).
- Observation: the seat's view, as a string (compact JSON) and a tensor
  (`tabulae.interop.observation`). Information state: the seat's view, every event it
  has seen and every action it has played, as a string; the tensor is the observation
  tensor followed by how many times the seat has played each action code.
- Serialization: a state's serialized form holds its Tabulae match record (seed and
  action log) and is rebuilt by replaying it; a re-sampled state, whose hidden cards no
  seed deals, holds its position (`State.position`) and its action log instead.
- ``resample_from_infostate`` re-samples the hidden information with `State.determinize`,
  which is what OpenSpiel's ISMCTS bot calls. Playing on a true copy inside one of
  OpenSpiel's perfect-information searches (`PERFECT_INFORMATION_SEARCHES`) warns with
  `PerfectInformationWarning`; other copies (tests, trajectories) are played silently.
  `Evaluator` judges leaves by `Game.evaluate` instead of random rollouts, and
  `BotPlayer` seats Tabulae's own bots.
"""

from __future__ import annotations

import hashlib
import json
import sys
import warnings
from types import FrameType
from typing import Any, ClassVar, cast

import numpy as np
import pyspiel
from open_spiel.python.algorithms import mcts

from tabulae.bots.base import Bot, decide, make_bot
from tabulae.core import Game, Match, Rng, all_games, visible
from tabulae.core.bench import default_players
from tabulae.core.table import Table as TablePosition

from .episode import UNSTATED_LONGEST_GAME, Episode, as_game, pairwise
from .observation import encoder

SEED_BYTES = 8
MAX_GAME_LENGTH = UNSTATED_LONGEST_GAME
RESERVED = ("players", "seed", "compact_infostate")
# OpenSpiel's searches that play on copies of the true state as if every card were open.
PERFECT_INFORMATION_SEARCHES = frozenset(
    {
        "open_spiel.python.algorithms.mcts",
        "open_spiel.python.algorithms.minimax",
        "open_spiel.python.algorithms.alpha_zero.model",
    }
)


def short_name(game: Game) -> str:
    return f"tabulae_{game.id}"


def register(game: Game | str) -> str:
    """Register a game with OpenSpiel (again if need be) and return its short name."""
    game = as_game(game)
    if game.max_players < 2:
        raise ValueError(f"{game.name} is a solo game: play it through Gymnasium")
    clash = [o.name for o in game.options if o.name in RESERVED]
    if clash:
        raise ValueError(f"{game.name} has an option named {clash[0]}, an OpenSpiel parameter")
    name = short_name(game)
    game_class = type(f"{type(game).__name__}Spiel", (TabulaeGame,), {"tabulae": game})
    pyspiel.register_game(_game_type(game), game_class)
    return name


def load(game: Game | str, **params: Any) -> pyspiel.Game:
    """Register `game` if needed and load it with these parameters (``players=3``, options)."""
    return pyspiel.load_game(register(game), params)


def _game_type(game: Game) -> pyspiel.GameType:
    return pyspiel.GameType(
        short_name=short_name(game),
        long_name=f"Tabulae {game.name}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.ZERO_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=game.max_players,
        min_num_players=max(2, game.min_players),
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification={
            "players": max(2, default_players(game)),
            "seed": -1,
            "compact_infostate": False,
            **{option.name: option.default for option in game.options},
        },
    )


class TabulaeGame(pyspiel.Game):
    """One configuration of a Tabulae game (subclassed per game by `register`)."""

    tabulae: ClassVar[Game]

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        game = self.tabulae
        params = dict(params or {})
        players = int(params.get("players", max(2, default_players(game))))
        if players < 2:
            raise ValueError("OpenSpiel plays Tabulae games with two players or more")
        options = game.configure(
            players, {o.name: params[o.name] for o in game.options if o.name in params}
        )
        space = game.action_space(players, **options)
        found = encoder(game, players, **options)
        info = pyspiel.GameInfo(
            num_distinct_actions=len(space),
            max_chance_outcomes=256,
            num_players=players,
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=0.0,
            max_game_length=SEED_BYTES + (found.longest_game or MAX_GAME_LENGTH),
        )
        super().__init__(_game_type(game), info, params)
        self.players, self.options, self.space = players, dict(options), space
        self.seed = int(params.get("seed", -1))
        self.compact = bool(params.get("compact_infostate", False))
        self.encoder = found

    def new_initial_state(self) -> TabulaeState:
        return TabulaeState(self)

    def max_chance_nodes_in_history(self) -> int:
        return SEED_BYTES if self.seed < 0 else 0

    def make_py_observer(
        self, iig_obs_type: pyspiel.IIGObservationType | None = None, params: Any = None
    ) -> Observer:
        if not isinstance(iig_obs_type, pyspiel.IIGObservationType):
            iig_obs_type = None  # called with the parameters alone: the default observation
        if iig_obs_type is not None and (
            not iig_obs_type.public_info
            or iig_obs_type.private_info != pyspiel.PrivateInfoType.SINGLE_PLAYER
        ):
            raise ValueError(
                "Tabulae games observe for one seat with public information "
                "(the default observation or the information state)"
            )
        recall = iig_obs_type is not None and iig_obs_type.perfect_recall
        return Observer(self, recall, compact=recall and self.compact)


class Table:
    """What a TabulaeState holds: the seed bytes drawn so far, then the episode.

    OpenSpiel clones a Python state by deep-copying its attributes and serializes it by
    pickling them, so this holder clones with `Episode.clone` and pickles as a match.
    """

    __slots__ = ("copy", "episode", "game", "imagined", "seed_bytes")

    def __init__(self, game: TabulaeGame) -> None:
        self.game = game
        self.seed_bytes: list[int] = []
        self.episode: Episode | None = None
        self.copy = False  # a copy of a real table, hidden information and all
        self.imagined = False  # hidden information re-sampled (by resample_from_infostate)
        if game.seed >= 0:
            self.deal(game.seed)

    def deal(self, seed: int) -> None:
        game = self.game
        self.episode = Episode.start(game.tabulae, game.players, seed, **game.options)

    def draw(self, byte: int) -> None:
        self.seed_bytes.append(byte)
        if len(self.seed_bytes) == SEED_BYTES:
            self.deal(int.from_bytes(bytes(self.seed_bytes), "big"))

    def __deepcopy__(self, memo: dict[int, Any]) -> Table:
        twin = Table.__new__(Table)
        twin.game, twin.seed_bytes = self.game, list(self.seed_bytes)
        twin.episode = self.episode.clone() if self.episode else None
        twin.copy, twin.imagined = True, self.imagined
        return twin

    def __reduce__(self) -> tuple[Any, ...]:
        episode = self.episode
        params = self.game.get_parameters()
        name = short_name(self.game.tabulae)
        if episode is not None and not episode.replayable:
            # Re-sampled: no seed deals these cards, so the position itself is kept.
            if episode.game.position_class is None:
                raise ValueError(
                    f"a re-sampled state of {episode.game.name} cannot be serialized: "
                    "the game has no position format"
                )
            position = _text(cast(TablePosition, episode.state).position())
            log = Match(episode.game.id, episode.players, episode.seed, {}, [], episode.log)
            imagined = (position, log.dumps())
            return (_restore, (name, params, self.seed_bytes, None, imagined))
        match = episode.match().dumps() if episode else None
        return (_restore, (name, params, self.seed_bytes, match))


def _restore(
    name: str,
    params: dict[str, Any],
    seed_bytes: list[int],
    match: str | None,
    imagined: tuple[str, str] | None = None,
) -> Table:
    game = pyspiel.load_game(name, params)
    table = Table.__new__(Table)
    table.game, table.seed_bytes = game, list(seed_bytes)
    table.copy = table.imagined = False
    table.episode = Episode.replay(game.tabulae, Match.loads(match)) if match else None
    if imagined is not None:
        position, record = imagined
        log = Match.loads(record)
        state = game.tabulae.from_position(json.loads(position))
        table.episode = Episode(game.tabulae, game.players, log.seed, game.options, state)
        table.episode.log, table.episode.replayable = list(log.actions), False
        table.imagined = True
    return table


class TabulaeState(pyspiel.State):
    def __init__(self, game: TabulaeGame) -> None:
        super().__init__(game)
        self.table = Table(game)

    @property
    def episode(self) -> Episode | None:
        """The Tabulae episode, None while chance is still drawing the seed."""
        return self.table.episode

    def current_player(self) -> int:
        episode = self.table.episode
        if episode is None:
            return int(pyspiel.PlayerId.CHANCE)
        seat = episode.seat
        return int(pyspiel.PlayerId.TERMINAL) if seat is None else seat

    def is_terminal(self) -> bool:
        episode = self.table.episode
        return episode is not None and episode.over

    def _legal_actions(self, player: int) -> list[int]:
        episode = self.table.episode
        return episode.legal_codes(player) if episode else []

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return [(byte, 1 / 256) for byte in range(256)]

    def _apply_action(self, action: int) -> None:
        table = self.table
        if table.copy and not table.imagined and table.episode is not None and _in_search():
            warnings.warn(PerfectInformationWarning(PERFECT_INFORMATION), stacklevel=2)
        episode = table.episode
        if episode is None:
            self.table.draw(action)
        else:
            episode.play(action)

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"seed byte {action}"
        return str(self.table.game.space.decode(action))

    def returns(self) -> list[float]:
        episode = self.table.episode
        return list(episode.outcomes()) if episode else [0.0] * self.table.game.players

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> TabulaeState:
        """A state `player_id` cannot tell from this one, its hidden information re-sampled.

        `probability_sampler()` gives a number in [0, 1) that seeds the re-sampling.
        """
        twin: TabulaeState = self.clone()
        if self.table.episode is not None:
            rng = Rng(int(probability_sampler() * 2**53))
            twin.table.episode = self.table.episode.determinized(player_id, rng)
        twin.table.imagined = True
        return twin

    def __str__(self) -> str:
        episode = self.table.episode
        if episode is None:
            return f"chance is drawing the seed: {len(self.table.seed_bytes)} of {SEED_BYTES} bytes"
        state = episode.state
        return "\n".join(
            f"seat {seat}: {_text(state.view(seat))}" for seat in range(episode.players)
        )


def _in_search() -> bool:
    """Whether one of OpenSpiel's perfect-information searches is playing this action."""
    frame: FrameType | None = sys._getframe(2)
    while frame is not None:
        if frame.f_globals.get("__name__") in PERFECT_INFORMATION_SEARCHES:
            return True
        frame = frame.f_back
    return False


def _text(data: Any) -> str:
    return json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


class Observer:
    """OpenSpiel's observer protocol over a seat's view (and, for recall, its history)."""

    def __init__(self, game: TabulaeGame, recall: bool, compact: bool = False) -> None:
        self.recall, self.compact = recall, compact
        self.encoder = game.encoder
        size = self.encoder.size
        self.tensor = np.zeros(size + (len(game.space) if recall else 0), np.float32)
        self.dict = {"view": self.tensor[:size]}
        if recall:
            self.dict["played"] = self.tensor[size:]

    def set_from(self, state: TabulaeState, player: int) -> None:
        self.tensor.fill(0.0)
        episode = state.episode
        if episode is None:
            return
        self.dict["view"][:] = self.encoder.observe(episode.state, player)
        if self.recall:
            played = self.dict["played"]
            for action in episode.own_actions(player):
                played[episode.space.encode(action)] += 1.0

    def string_from(self, state: TabulaeState, player: int) -> str:
        episode = state.episode
        if episode is None:
            return f"seat {player}: the cards are not dealt yet"
        view = _text(episode.state.view(player))
        if not self.recall:
            return view
        seen = (_text([e.key, e.args]) for e in visible(episode.state.events, player))
        played = " · ".join(str(a) for a in episode.own_actions(player))
        text = "\n".join([f"seat {player}", view, *seen, f"played: {played}"])
        return compact_key(text) if self.compact else text


def compact_key(text: str) -> str:
    """A 32-character digest of an information-state string: the same string, the same key."""
    return hashlib.blake2b(text.encode(), digest_size=16).hexdigest()


class BotPlayer(pyspiel.Bot):
    """A Tabulae bot (`tabulae.bots`) as an OpenSpiel bot, to play against or evaluate with.

    It decides through `tabulae.bots.decide`, so it sees only a determinized copy.
    """

    def __init__(self, bot: Bot | str, seed: int = 0) -> None:
        pyspiel.Bot.__init__(self)
        self.bot = make_bot(bot) if isinstance(bot, str) else bot
        self.rng = Rng(seed)

    def restart_at(self, state: TabulaeState) -> None:
        """Nothing to do: the bot decides from the position alone, as `evaluate_bots` asks."""

    def inform_action(self, state: TabulaeState, player_id: int, action: int) -> None:
        """Nothing to note: the bot reads what it may know from the position."""

    def restart(self) -> None:
        """Nothing to forget."""

    def step(self, state: TabulaeState) -> int:
        episode = state.episode
        if episode is None or episode.seat is None:
            raise ValueError("a bot acts only at a seat's decision")
        action = decide(self.bot, episode.state, episode.seat, self.rng)
        return episode.space.encode(action)


class Evaluator(mcts.Evaluator):
    """Judges a position for MCTS and ISMCTS by `Game.evaluate`, with no rollouts.

    Each seat's value is its pairwise standing by the game's own evaluation, in [-1, 1]
    like the returns; priors are uniform.
    """

    def evaluate(self, state: TabulaeState) -> np.ndarray:
        episode = state.episode
        if state.is_terminal() or episode is None:
            return np.array(state.returns())
        game = episode.game
        values = [game.evaluate(episode.state, seat) for seat in range(episode.players)]
        return np.array(pairwise(values))

    def prior(self, state: TabulaeState) -> list[tuple[int, float]]:
        if state.is_chance_node():
            return state.chance_outcomes()
        actions = state.legal_actions(state.current_player())
        return [(action, 1.0 / len(actions)) for action in actions]


class PerfectInformationWarning(UserWarning):
    """A search played on a true copy of an imperfect-information state."""


PERFECT_INFORMATION = (
    "an action was played on a copy of a Tabulae state that holds the hidden information "
    "(deck orders, other seats' secret cards): a perfect-information search such as "
    "OpenSpiel's MCTSBot sees what the player cannot. Search re-sampled states instead: "
    "open_spiel.python.algorithms.ismcts.ISMCTSBot, or resample_from_infostate"
)


class CppBotRefused(TypeError):
    """OpenSpiel's C++ search bots cannot play Python games; they would end the process."""


def _refuse(name: str, game: Any) -> None:
    if isinstance(game, TabulaeGame):
        raise CppBotRefused(
            f"OpenSpiel's C++ {name} cannot play {game.get_type().short_name}, a Python game: "
            "it would end the process without a word. Use the Python bots instead: "
            "open_spiel.python.algorithms.ismcts.ISMCTSBot with tabulae.interop.openspiel"
            ".Evaluator()"
        )


class _GuardedMCTSBot(pyspiel.MCTSBot):
    """pyspiel.MCTSBot, refusing Tabulae games with an error instead of a crash."""

    def __init__(self, game: Any, *args: Any, **kwargs: Any) -> None:
        _refuse("MCTSBot", game)
        super().__init__(game, *args, **kwargs)


class _GuardedISMCTSBot(pyspiel.ISMCTSBot):
    """pyspiel.ISMCTSBot, refusing Tabulae states with an error instead of a crash."""

    def step(self, state: Any) -> int:
        if isinstance(state, TabulaeState):
            _refuse("ISMCTSBot", state.get_game())
        action: int = super().step(state)
        return action


pyspiel.MCTSBot, pyspiel.ISMCTSBot = _GuardedMCTSBot, _GuardedISMCTSBot

for _game in all_games().values():
    if _game.max_players >= 2:
        register(_game)
