"""Toy Tally's model: content (YAML), rules and bots. Pure Python: no Qt below here."""
