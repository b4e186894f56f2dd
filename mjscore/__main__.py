"""`python -m mjscore` runs the same command line as the `mjscore` script."""

from mjscore.cli import main

if __name__ == "__main__":
    main()
