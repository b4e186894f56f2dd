"""European (points-and-doubles) rules: points rows, doubles and special hands as
predicates of the one rule registry (`yaku.registry`, kinds rows, doubles and
special) over the one facts type (`facts.HandFacts`); their values and options
live in rulesets/european.toml.

Loading a ruleset with European tables imports the predicate modules (the loader's
table check), so they are loaded only when a European line is scored.
"""
