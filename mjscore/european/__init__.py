"""European (points-and-doubles) rules: per-player facts, points rows, doubles and special
hands as predicates; their values and options live in rulesets/european.toml.

Loading a ruleset with European tables imports the predicate modules (through
`registry.check_tables`), so they are loaded only when a European line is scored.
"""
