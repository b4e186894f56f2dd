"""The face: the typer app, the runner that owns the exit codes, parallel chunks, the
config file and the records commands. Nothing in the core imports it."""

from .commands import main

__all__ = ["main"]
