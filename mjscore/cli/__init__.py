"""The face: the typer app, the runner that owns the exit codes, parallel chunks, the
config file and the records commands. Nothing in the core imports it.

`main` hands a machine-format `score` run to `lean` (no typer: start-up counts for a
file of hands through the native core) and every other command line to typer.
"""


def main() -> None:
    """Console script `mjscore` and `python -m mjscore`."""
    from .lean import lean_main

    if not lean_main():
        from .commands import main as typer_main

        typer_main()


__all__ = ["main"]
