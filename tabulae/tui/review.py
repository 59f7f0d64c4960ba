"""What `tabulae review` prints: a seat's decisions with the strongest search's marks, and the
game's turning points, in the player's language."""

from __future__ import annotations

from rich import box
from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from tabulae.bots.review import BLUNDER, GOOD, INACCURACY, MISTAKE, Judgement, Review
from tabulae.core import Action
from tabulae.i18n import N_, GameText

MARK_WORDS = {
    GOOD: N_("good"),
    INACCURACY: N_("inaccuracy"),
    MISTAKE: N_("mistake"),
    BLUNDER: N_("blunder"),
}
MARK_STYLES = {GOOD: "green", INACCURACY: "yellow", MISTAKE: "dark_orange", BLUNDER: "bold red"}


def mark(text: GameText, judged: Judgement) -> Text:
    """A decision's mark in the player's language, coloured by how much it cost."""
    return Text(text.tr._(MARK_WORDS[judged.mark]), style=MARK_STYLES[judged.mark])


def value(text: GameText, found: Review, amount: float) -> str:
    """An expected result or a loss as the measure reads: a share of wins in percent, a score
    in points to a tenth."""
    if found.measure == "score":
        return text.tr.number(amount, 1)
    return f"{round(100 * amount)}%"


def header(text: GameText, found: Review, seed: int) -> RenderableType:
    tr = text.tr
    seat = found.seat
    title = tr._(
        "Review of {name}, seat {seat}: {game}, seed {seed}",
        name=text.seat(seat),
        seat=seat + 1,
        game=text.title,
        seed=seed,
    )
    limits = found.thresholds
    if found.measure == "score":
        how = tr._(
            "Each decision is judged by the strongest bot from what {name} knew then, by the "
            "final score it expects. A loss of {inaccuracy} points or more is an inaccuracy, "
            "{mistake} a mistake, {blunder} a blunder.",
            name=text.seat(seat),
            inaccuracy=tr.number(limits.inaccuracy),
            mistake=tr.number(limits.mistake),
            blunder=tr.number(limits.blunder),
        )
    else:
        how = tr._(
            "Each decision is judged by the strongest bot from what {name} knew then, by the "
            "share of wins it expects. A loss of {inaccuracy}% or more is an inaccuracy, "
            "{mistake}% a mistake, {blunder}% a blunder.",
            name=text.seat(seat),
            inaccuracy=round(100 * limits.inaccuracy),
            mistake=round(100 * limits.mistake),
            blunder=round(100 * limits.blunder),
        )
    return Group(Text(title, style="bold"), Text(how))


def decisions(text: GameText, found: Review) -> RenderableType:
    """Every decision reviewed: the move played and the best one, each with its expected
    result, the loss and the mark."""
    tr = text.tr
    table = Table(
        tr._("action"),
        tr._("move played"),
        tr._("expected"),
        tr._("best move"),
        tr._("expected"),
        tr._("loss"),
        tr._("mark"),
        box=box.SIMPLE,
    )
    for judged in found.decisions:
        same = judged.best == judged.played
        table.add_row(
            str(judged.number),
            move(text, judged.played),
            value(text, found, judged.played_value),
            Text("=", style="dim") if same else move(text, judged.best),
            "" if same else value(text, found, judged.best_value),
            value(text, found, judged.loss),
            mark(text, judged),
        )
    return table


def move(text: GameText, action: Action) -> Text:
    """A move's label, with its notation in grey where they differ."""
    label, notation = text.action(action), str(action)
    if label == notation:
        return Text(label)
    return Text.assemble(label, " ", (notation, "dim"))


def summary(text: GameText, found: Review) -> RenderableType:
    tr = text.tr
    counts = found.counts()
    line = tr._(
        "{decisions:# decision|# decisions} reviewed, mean loss {loss}: "
        "{blunders:# blunder|# blunders}, {mistakes:# mistake|# mistakes}, "
        "{inaccuracies:# inaccuracy|# inaccuracies}.",
        decisions=len(found.decisions),
        loss=value(text, found, found.mean_loss),
        blunders=counts[BLUNDER],
        mistakes=counts[MISTAKE],
        inaccuracies=counts[INACCURACY],
    )
    return Text(line)


def turning_points(text: GameText, found: Review) -> RenderableType:
    """The three decisions that lost the most, each with what the search would have played."""
    tr = text.tr
    points = found.turning_points()
    if not points:
        return Text(tr._("No turning point: every move played was the best the search found."))
    lines: list[RenderableType] = [Text(tr._("Turning points"), style="bold")]
    for judged in points:
        told = tr._(
            "Action {number}: {played} instead of {best}, a loss of {loss} ({mark}).",
            number=judged.number,
            played=text.action(judged.played),
            best=text.action(judged.best),
            loss=value(text, found, judged.loss),
            mark=tr._(MARK_WORDS[judged.mark]),
        )
        lines.append(Text("· " + told))
    return Group(*lines)


def nothing_to_review(text: GameText, seat: int) -> Text:
    return Text(
        text.tr._("{name} had no choice to make: nothing to review.", name=text.seat(seat)),
        style="yellow",
    )
