"""Scoring strategies: han/fu for the riichi family, points/doubles for European rules."""
