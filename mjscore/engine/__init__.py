"""The engine: the catalog (a ruleset checked against the registries), the setting of a
line, the validation of a hand against its ruleset, and the one loop that scores a line."""
