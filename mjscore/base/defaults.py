"""The one default ruleset name, below every floor: `mjscore` and the lean file run read
it without loading the rulesets (their TOML reader)."""

DEFAULT_RULESET = "riichi"  # the ruleset of a line, a run or a call that names none
