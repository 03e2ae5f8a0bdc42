"""Frost Shelter's table: the screen, card items and their QPainter faces, zones and damage
tracks, the game log's words and move selection.

screen.py is the screen the main window shows for this game; snapshot.py (where things lie,
from a view and as the rules' motions move them), layout.py (where each item goes, from
table.yaml and the window's shape) and choices.py (what the viewer may click) are plain
Python; everything else here is Qt, and all table text goes through table_text.py (the kit's
text painter, noting any text that came out smaller than laid out or spilled out of its box).
"""
