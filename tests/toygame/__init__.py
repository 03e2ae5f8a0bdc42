"""Toy Tally: a small game that lives entirely under tests/ (model, UI, cards, rules) and is
registered only by a test fixture (tests/conformance/conftest.py).

It is the proof that a new game needs no edit under frostdesk/: the conformance suite and the
app play it through its GameDescription (description.py) alone.
"""
