"""`python -m mjscore` runs the same command line as the `mjscore` script."""

from .cli import main

if __name__ == "__main__":
    main()
