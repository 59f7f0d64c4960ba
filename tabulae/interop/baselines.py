"""Reference scores for research: each built-in player, and each constant policy, against a
fixed opponent, with standard errors and the processor time of a decision.

A learner's figure means something only beside figures a reviewer can reproduce: these are
the floor (random, constant policies) and the bar (greedy, the `medium` and `hard` levels)
of each game at the player counts it names (`Game.baseline_players`). Every reference plays
the same deals from a rotating seat against the random bot in every other seat, so two
references' figures differ by their play and not by their luck. `tabulae research baselines` runs it
and writes the results folder (`write_results`).
"""

from __future__ import annotations

import json
import math
import os
import platform
import shlex
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from time import process_time
from typing import Any

from tabulae.arena.stats import Rate
from tabulae.bots import Bot, decide, make_bot
from tabulae.core import Action, Rng, State, load
from tabulae.core import all_games as registered

OPPONENT = "random"
"""The bot in every seat but the reference's."""
DECISIONS_PER_PLAYER = 1_000
"""A game still running after this many decisions per player is stopped and counts as lost
(a constant policy can stall a game: The Builders ends only when a player finishes buildings)."""


@dataclass(frozen=True)
class Configuration:
    """A game and player count the references are measured on."""

    game: str
    players: int
    label: str

    @property
    def key(self) -> str:
        return f"{self.game}-{self.players}p"


def configurations(chosen: Sequence[str] = ()) -> tuple[Configuration, ...]:
    """Each registered game (or each of `chosen`) at the player counts it names for
    baselines (`Game.baseline_players`), or at its fewest."""
    found = [load(name) for name in chosen] if chosen else list(registered().values())
    return tuple(
        Configuration(
            game.id,
            players,
            f"{game.name}, solo" if players == 1 else f"{game.name}, {players} players",
        )
        for game in found
        for players in game.baseline_players or (game.min_players,)
    )


class FirstBot(Bot):
    """Always the first legal action, in the game's own order."""

    name = "first"

    def choose(self, state: State, seat: int, rng: Rng) -> Action:
        return state.legal_actions(seat)[0]


class LastBot(Bot):
    """Always the last legal action, in the game's own order."""

    name = "last"

    def choose(self, state: State, seat: int, rng: Rng) -> Action:
        return state.legal_actions(seat)[-1]


@dataclass(frozen=True)
class Reference:
    """A player measured: a name for the tables and how to make it for a game."""

    name: str
    about: str
    make: Callable[[State], Bot]


def references(seconds: float) -> tuple[Reference, ...]:
    """Every reference, `medium` searching at most `seconds` a decision and `hard` twice that,
    as the levels' own budgets (1 s and 2 s) stand."""
    return (
        Reference("random", "a uniformly random legal action", lambda s: make_bot("random")),
        Reference("first", "always the first legal action", lambda s: FirstBot()),
        Reference("last", "always the last legal action", lambda s: LastBot()),
        Reference("greedy", "one ply, the game's evaluation", lambda s: make_bot("greedy")),
        Reference(
            "medium",
            f"the medium level, at most {seconds:g} s a decision",
            lambda s: make_bot("medium", s, seconds=seconds),
        ),
        Reference(
            "hard",
            f"the hard level, at most {2 * seconds:g} s a decision",
            lambda s: make_bot("hard", s, seconds=2 * seconds),
        ),
    )


@dataclass
class Played:
    """One game from the reference's seat."""

    score: float | None  # None: stopped unfinished
    win: float  # 1 for a win, 1/k for a k-way tie for first, 0 otherwise
    decisions: int
    cpu: float  # processor seconds of the reference's decisions


@dataclass
class Figure:
    """A reference's results in one configuration: means over every game with their standard
    errors, and the processor time of its decisions."""

    reference: str
    about: str
    games: int
    seeds: int
    unfinished: int
    mean_score: float
    score_error: float
    win_rate: float | None
    win_error: float | None
    win_interval: tuple[float, float] | None  # Wilson's 95% interval, which a rate of 0 or 1 needs
    cpu_per_decision: float
    cpu_error: float
    decisions_per_game: float
    per_seed_score: list[float] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        return dict(self.__dict__)


def play(config: Configuration, reference: Reference, seed: int, index: int) -> Played:
    """Game `index` of `seed`: the deal and the bots' streams depend on both alone, so every
    reference meets the same deals; the reference sits in seat `index mod players`."""
    state = load(config.game).new(config.players, _derive(seed, index, 1))
    seat = index % config.players
    bots = [make_bot(OPPONENT) for _ in range(config.players)]
    bots[seat] = reference.make(state)
    rngs = [Rng(_derive(seed, index, 2, s)) for s in range(config.players)]
    decisions, cpu, steps = 0, 0.0, 0
    limit = DECISIONS_PER_PLAYER * config.players
    while (movers := state.to_move) and steps < limit:
        for mover in movers:  # simultaneous choices are made on the position they see
            if mover not in state.to_move:
                continue
            if mover == seat:
                started = process_time()
                action = decide(bots[mover], state, mover, rngs[mover])
                cpu += process_time() - started
                decisions += 1
            else:
                action = decide(bots[mover], state, mover, rngs[mover])
            state.apply(mover, action)
            steps += 1
    result = state.result()
    if result is None:
        return Played(None, 0.0, decisions, cpu)
    first = result.ranks.count(1)
    win = 1.0 / first if result.ranks[seat] == 1 else 0.0
    return Played(result.scores[seat], win, decisions, cpu)


def measure(
    config: Configuration, reference: Reference, games: int, seeds: Sequence[int]
) -> Figure:
    """`games` games for each seed, summed up."""
    played = {
        seed: [play(config, reference, seed, index) for index in range(games)] for seed in seeds
    }
    every = [game for results in played.values() for game in results]
    scores = [game.score for game in every if game.score is not None]
    wins = [game.win for game in every]
    per_decision = [game.cpu / game.decisions for game in every if game.decisions]
    decisions = sum(game.decisions for game in every)
    solo = config.players == 1
    return Figure(
        reference=reference.name,
        about=reference.about,
        games=len(every),
        seeds=len(seeds),
        unfinished=len(every) - len(scores),
        mean_score=_mean(scores),
        score_error=_error(scores),
        win_rate=None if solo else _mean(wins),
        win_error=None if solo else _error(wins),
        win_interval=None if solo else _interval(sum(wins), len(wins)),
        cpu_per_decision=sum(game.cpu for game in every) / decisions if decisions else 0.0,
        cpu_error=_error(per_decision),
        decisions_per_game=decisions / len(every),
        per_seed_score=[
            _mean([g.score for g in results if g.score is not None]) for results in played.values()
        ],
    )


def run(
    games: int,
    seeds: int,
    seconds: float,
    configurations: Sequence[Configuration],
    chosen: Sequence[str] | None = None,
    progress: Callable[[str], None] | None = None,
) -> dict[str, Any]:
    """Every reference (or each of `chosen`) in each configuration, as a JSON-ready report."""
    report: dict[str, Any] = {
        "opponent": OPPONENT,
        "games_per_seed": games,
        "seeds": list(range(seeds)),
        "seconds": seconds,
        "trained_agent": None,
        "configurations": [],
    }
    for config in configurations:
        figures = []
        for reference in references(seconds):
            if chosen and reference.name not in chosen:
                continue
            if progress:
                progress(f"{config.label}: {reference.name}")
            figures.append(measure(config, reference, games, range(seeds)).to_json())
        report["configurations"].append(
            {
                "key": config.key,
                "game": config.game,
                "players": config.players,
                "label": config.label,
                "figures": figures,
            }
        )
    return report


def machine() -> dict[str, Any]:
    """What the figures were measured on: processor times depend on it."""
    return {
        "platform": platform.platform(),
        "python": platform.python_version(),
        "cpus": os.cpu_count(),
        "load_average": [round(load, 2) for load in os.getloadavg()],
    }


def write_results(report: dict[str, Any], out: Path, command: Sequence[str]) -> Path:
    """A new timestamped folder under `out` with ``baselines.json``, ``baselines.md`` and,
    where matplotlib is installed, ``baselines.png``; never an existing folder."""
    stamp = datetime.now(UTC).strftime("%Y%m%dT%H%M%SZ")
    folder, number = out / f"baselines-{stamp}", 1
    while folder.exists():
        number += 1
        folder = out / f"baselines-{stamp}-{number}"
    folder.mkdir(parents=True)
    report = {**report, "command": shlex.join(command), "machine": machine()}
    (folder / "baselines.json").write_text(json.dumps(report, indent=1) + "\n")
    (folder / "baselines.md").write_text(markdown(report))
    plotted = plot(report, folder / "baselines.png")
    if not plotted:
        print("No plot: matplotlib is not installed (pip install matplotlib)", file=sys.stderr)
    return folder


def markdown(report: dict[str, Any]) -> str:
    """The report as a Markdown table per configuration, with the command and the machine."""
    seeds = len(report["seeds"])
    lines = [
        f"Each reference against `{report['opponent']}` in every other seat, "
        f"{report['games_per_seed']} games for each of {seeds} seeds, the seat rotating; "
        "± is one standard error over the games. CPU ms is the processor time of one "
        "of the reference's decisions.",
        "",
        f"```bash\n{report['command']}\n```",
        "",
    ]
    if "machine" in report:
        found = report["machine"]
        load_average = ", ".join(f"{value:g}" for value in found["load_average"])
        lines += [
            f"Machine: {found['cpus']} CPUs, {found['platform']}, Python {found['python']}; "
            f"load average {load_average} at the end.",
            "",
        ]
    for config in report["configurations"]:
        solo = config["players"] == 1
        lines += [f"### {config['label']}", ""]
        header = ["reference", "games", "mean score"]
        header += [] if solo else ["win rate"]
        header += ["CPU ms / decision", "decisions / game"]
        lines += ["| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
        for figure in config["figures"]:
            row = [f"{figure['reference']} ({figure['about']})", str(figure["games"])]
            unfinished = f" ({figure['unfinished']} unfinished)" if figure["unfinished"] else ""
            row.append(f"{figure['mean_score']:.2f} ± {figure['score_error']:.2f}{unfinished}")
            if not solo:
                row.append(f"{figure['win_rate']:.1%} ± {figure['win_error']:.1%}")
            row.append(
                f"{1000 * figure['cpu_per_decision']:.2f} ± {1000 * figure['cpu_error']:.2f}"
            )
            row.append(f"{figure['decisions_per_game']:.0f}")
            lines.append("| " + " | ".join(row) + " |")
        lines.append("")
    trained = report.get("trained_agent") or "none is shipped"
    lines.append(f"Trained agent: {trained}.")
    return "\n".join(lines) + "\n"


def plot(report: dict[str, Any], path: Path) -> bool:
    """Each configuration's mean scores with their standard errors as bars; False when
    there is none to draw, or matplotlib is missing (it comes with the research extra)."""
    if not report["configurations"]:
        return False
    try:
        import matplotlib
    except ImportError:
        return False
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    configs = report["configurations"]
    figure, axes = plt.subplots(1, len(configs), figsize=(4 * len(configs), 4), squeeze=False)
    for ax, config in zip(axes[0], configs, strict=True):
        names = [f["reference"] for f in config["figures"]]
        means = [f["mean_score"] for f in config["figures"]]
        errors = [f["score_error"] for f in config["figures"]]
        ax.bar(names, means, yerr=errors, capsize=3)
        ax.set_title(config["label"])
        ax.set_ylabel("mean score")
        ax.tick_params(axis="x", rotation=45)
    figure.tight_layout()
    figure.savefig(path, dpi=80)
    plt.close(figure)
    return True


def _mean(values: Sequence[float]) -> float:
    return sum(values) / len(values) if values else math.nan


def _error(values: Sequence[float]) -> float:
    """The standard error of the mean (0 for a single value)."""
    if len(values) < 2:
        return 0.0
    mean = _mean(values)
    variance = sum((value - mean) ** 2 for value in values) / (len(values) - 1)
    return math.sqrt(variance / len(values))


def _interval(wins: float, games: int) -> tuple[float, float]:
    rate = Rate.of(wins, games)
    return rate.low, rate.high


def _derive(*parts: int) -> int:
    rng = Rng(0xBA5E_11E5)
    for part in parts:
        rng = Rng(rng.next64() ^ part)
    return rng.next64()
