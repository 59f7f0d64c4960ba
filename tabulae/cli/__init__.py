"""The `tabulae` command."""

from .app import app, main

__all__ = ["app", "main"]
