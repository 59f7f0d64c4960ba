"""The play loop: bots decide, people choose, and everyone hears what they may hear."""

from __future__ import annotations

import sys
from collections.abc import Iterable
from pathlib import Path

from rich.console import Console
from rich.rule import Rule
from rich.text import Text

from tabulae.bots import decide
from tabulae.bots.hints import hint
from tabulae.core import Action, Event, IllegalAction, Match, Result, Rng, State
from tabulae.i18n import GameText, Translator

from . import saving, screens
from .choice import Command, Unclear, choose, find
from .renderer import renderer
from .seats import Seat
from .undo import last_decision, revealed_since


class Leave(Exception):
    """The person asked to stop; the game is saved to `path`."""

    def __init__(self, path: Path) -> None:
        super().__init__(str(path))
        self.path = path


class Session:
    """One table at one terminal: a match, its seats, and who has seen which events."""

    def __init__(
        self,
        match: Match,
        seats: list[Seat],
        tr: Translator,
        console: Console,
        save_path: Path | None = None,
        bot_rng: int | None = None,
    ) -> None:
        self.match, self.seats, self.tr, self.console = match, seats, tr, console
        self.state: State = match.replay()
        self.text = GameText(tr, self.state.game, match.seats)
        self.renderer = renderer(self.state.game)
        self.bots = {
            seat: spec.bot(self.state) for seat, spec in enumerate(seats) if not spec.human
        }
        self.humans = [seat for seat, spec in enumerate(seats) if spec.human]
        self.rng = Rng(Rng(match.seed).next64() if bot_rng is None else bot_rng)
        self.save_path = save_path
        self.saved_to: Path | None = None  # the last file saved to, where quitting saves
        # The seat whose eyes are on the screen (None: only bots play, so show what is public).
        self.viewer: int | None = self.humans[0] if len(self.humans) == 1 else None
        self.seen: dict[int | None, int] = {}

    # The loop

    def run(self) -> Result:
        """Play to the end and show the end screen; raises Leave when a person quits."""
        self.console.print(screens.seating(self.text, self.seats, self.match.seed))
        while self.state.to_move:
            seat = self.next_seat()
            if seat in self.bots:
                self.bot_turn(seat)
            else:
                self.human_turn(seat)
        self.narrate()
        result = self.state.result()
        assert result is not None, "a game without moves left has a result"
        self.console.print(screens.end_screen(self.text, result, self.renderer))
        return result

    def next_seat(self) -> int:
        """Bots first; among people, whoever already has the screen, to spare hand-overs."""
        movers = self.state.to_move
        bots = [seat for seat in movers if seat in self.bots]
        if bots:
            return bots[0]
        return self.viewer if self.viewer in movers else movers[0]

    def play(self, seat: int, action: Action) -> None:
        self.match.play(self.state, seat, action)
        if self.save_path:
            self.save_quietly(self.save_path)
        self.narrate()

    def bot_turn(self, seat: int) -> None:
        if self.console.is_terminal:
            thinking = self.tr._("{name} is thinking…", name=self.text.names[seat])
            with self.console.status(thinking):
                action = decide(self.bots[seat], self.state, seat, self.rng)
        else:
            action = decide(self.bots[seat], self.state, seat, self.rng)
        self.play(seat, action)

    def human_turn(self, seat: int) -> None:
        if len(self.humans) > 1 and self.viewer != seat:
            screens.clear(self.console)
            self.console.print(screens.hand_over(self.text, seat))
            self.read("⏎ › ")
            screens.clear(self.console)
            self.viewer = seat
        self.narrate()
        self.show(seat)
        legal = self.state.legal_actions(seat)
        prompt = f"{self.text.names[seat]} [1–{len(legal)}] › "
        while True:
            reply = choose(self.read(prompt), legal, [self.text.action(a) for a in legal])
            if isinstance(reply, Action):
                self.play(seat, reply)
                return
            if isinstance(reply, Command):
                if self.command(seat, reply, legal):
                    return
            elif isinstance(reply, Unclear):
                self.unclear(reply, len(legal), seat)

    # What the screen shows

    def narrate(self) -> None:
        """Print the events the viewer has not seen yet and may see."""
        start = self.seen.get(self.viewer, 0)
        self.tell(event for event in self.state.events[start:] if event.visible_to(self.viewer))
        self.seen[self.viewer] = len(self.state.events)

    def tell(self, events: Iterable[Event]) -> None:
        screens.tell(self.console, self.renderer, self.text, events)

    def show(self, seat: int, focus: int | None = None) -> None:
        title = self.tr._(
            "{game} · {name} to move", game=self.text.title, name=self.text.names[seat]
        )
        self.console.print(Rule(Text(title)))
        view = self.state.view(seat)
        self.console.print(self.renderer.table(view, self.text, seat, focus))
        self.console.print(screens.choices(self.text, self.state.legal_actions(seat)))
        self.console.print(Text(self.tr._("Type a number or an action; ? for help."), style="dim"))

    def unclear(self, reply: Unclear, count: int, seat: int) -> None:
        if reply.matches:
            options = ", ".join(str(action) for action in reply.matches)
            self.say(self.tr._("“{text}” could be: {options}.", text=reply.text, options=options))
        elif reply.text.isdigit():
            self.say(self.tr._("Choose a number from 1 to {count}.", count=count))
        else:
            error = self.refusal(seat, reply.text)
            if error is None:
                self.say(self.tr._("“{text}” is not an action you can take now.", text=reply.text))
                return
            self.say(self.tr._("Not allowed: {reason}", reason=self.text.refusal(error)))
            section = self.state.game.rules().for_refusal(error.key)
            if section is not None:
                command = f"tabulae rules {self.state.game.id} {section.id}"
                self.console.print(
                    Text(self.tr._("The rule: {command}", command=command), style="dim")
                )

    def refusal(self, seat: int, typed: str) -> IllegalAction | None:
        """The rules' refusal of an action of the game typed in notation; None for what is
        no action of the game at all."""
        action = Action.parse(typed)
        state = self.state
        if action not in state.game.action_space(state.players, **state.options):
            return None
        try:
            state.clone().apply(seat, action)
        except IllegalAction as error:
            return error
        return None

    def say(self, message: str) -> None:
        self.console.print(Text(message, style="yellow"), soft_wrap=True)

    # Commands

    def command(self, seat: int, command: Command, legal: list[Action]) -> bool:
        """Carry out a command; True when the turn must start over (after an undo)."""
        if command.name == "help":
            self.help(command.argument, legal)
        elif command.name == "undo":
            return self.undo(seat)
        elif command.name == "save":
            path = Path(command.argument) if command.argument else self.default_path()
            if self.save_quietly(path):
                self.say(self.tr._("Saved to {path}.", path=str(path)))
        elif command.name == "log":
            self.tell(event for event in self.state.events if event.visible_to(seat))
        elif command.name == "view":
            focus = self.player(command.argument)
            if focus is None and command.argument:
                self.say(self.tr._("“{text}” is not a player.", text=command.argument))
            self.show(seat, focus)
        elif command.name == "hint":
            self.hint(seat, legal)
        elif command.name == "quit":
            path = self.default_path()
            if self.save_quietly(path):
                raise Leave(path)
            self.say(self.tr._("Save the game elsewhere (“s FILE”) before you quit."))
        return False

    def player(self, argument: str) -> int | None:
        """The seat a player's number or name names, or None."""
        argument = argument.strip()
        if argument.isdigit() and 1 <= int(argument) <= len(self.seats):
            return int(argument) - 1
        names = [name.lower() for name in self.text.names]
        return names.index(argument.lower()) if argument.lower() in names else None

    def help(self, argument: str, legal: list[Action]) -> None:
        if not argument:
            self.console.print(screens.help_screen(self.text))
            return
        found = find(argument, legal)
        if not found:
            self.say(self.tr._("“{text}” is not an action you can take now.", text=argument))
        for kind in dict.fromkeys(action.kind for action in found):
            self.console.print(
                screens.action_help(self.text, next(a for a in found if a.kind == kind))
            )

    def hint(self, seat: int, legal: list[Action]) -> None:
        """Show the strongest level's best moves for `seat`, searched on what it knows. The
        search draws on its own random stream, so asking changes no bot's later play."""
        rng = Rng(Rng(self.match.seed ^ len(self.match.actions)).next64())
        if self.console.is_terminal:
            with self.console.status(self.tr._("Looking for a hint…")):
                found = hint(self.state, seat, rng)
        else:
            found = hint(self.state, seat, rng)
        self.console.print(screens.hint(self.text, found, legal))

    def undo(self, seat: int) -> bool:
        if len(self.humans) != 1:
            self.say(self.tr._("Undo is for games against bots only."))
            return False
        index = last_decision(self.match, seat)
        if index is None:
            self.say(self.tr._("You have made no decision to take back yet."))
            return False
        if revealed_since(self.match, index, seat):
            self.say(
                self.tr._("You cannot take it back: something hidden has been revealed since.")
            )
            return False
        action = self.match.actions[index][1]
        later = len(self.match.actions) - index - 1
        del self.match.actions[index:]
        self.state = self.match.replay()
        self.seen[self.viewer] = len(self.state.events)
        if self.save_path:
            self.save_quietly(self.save_path)
        self.say(
            self.tr._(
                "Taken back: {action} (and {moves:# bot move|# bot moves} after it).",
                action=self.text.action(action),
                moves=later,
            )
        )
        return True

    def read(self, prompt: str) -> str:
        """A line from the person; echoed when it comes from a script, so the log reads well."""
        reply = self.console.input(Text(prompt))
        if not sys.stdin.isatty():
            self.console.print(Text(reply), highlight=False)
        return reply

    # Saving

    def default_path(self) -> Path:
        return (
            self.saved_to or self.save_path or Path(f"{self.state.game.id}-{self.match.seed}.json")
        )

    def save(self, path: Path) -> None:
        saving.save(path, self.match, self.seats, self.rng.state)

    def save_quietly(self, path: Path) -> bool:
        """Save, or say why the file cannot be written and play on; whether it was saved."""
        try:
            self.save(path)
        except OSError as error:
            self.say(
                self.tr._("Cannot save to {path}: {reason}.", path=str(path), reason=error.strerror)
            )
            return False
        self.saved_to = path
        return True
