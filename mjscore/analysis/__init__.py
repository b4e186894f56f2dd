"""Questions about a hand that is not (yet) a win: waits, shanten and ukeire."""
