"""A command group that runs its default command when no subcommand is named.

`tabulae bench GAME` measures the engine and `tabulae bench server` the server: the group
reads its first argument as a subcommand only when it names one.
"""

from __future__ import annotations

from typing import Any

from typer.core import TyperGroup


class DefaultCommandGroup(TyperGroup):
    default_command = "engine"

    # `ctx` is click's Context, which typer has vendored under a private module since 0.20.
    def parse_args(self, ctx: Any, args: list[str]) -> list[str]:
        if not args or args[0] not in self.commands:  # `bench --help` too: the engine's options
            args = [self.default_command, *args]
        return super().parse_args(ctx, args)
