"""The base: tiles, value classes, frozen mappings and errors; imports nothing of the project."""
