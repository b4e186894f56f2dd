"""European (points-and-doubles) rules: per-player facts, points rows, doubles and special
hands as predicates; their values and options live in rulesets/european.toml.

Importing `registry` is enough to use them: `registry.checked(ruleset)` imports the
predicate modules, so they are loaded only when a European line is scored.
"""
