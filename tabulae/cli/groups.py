"""A command group that runs its default command when no subcommand is named.

`tabulae bench GAME` measures the engine and `tabulae bench server` the server: the group
reads its first argument as a subcommand only when it names one.
"""

from __future__ import annotations

import typer
from typer.core import TyperGroup


class DefaultCommandGroup(TyperGroup):
    default_command = "engine"

    def parse_args(self, ctx: typer.Context, args: list[str]) -> list[str]:
        if not args or args[0] not in self.commands:  # `bench --help` too: the engine's options
            args = [self.default_command, *args]
        return super().parse_args(ctx, args)
