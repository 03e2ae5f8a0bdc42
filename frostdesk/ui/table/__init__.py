"""The Frost Shelter table: scene and view, card items and their QPainter faces, zones and
damage tracks, the animator, the hand-off overlay, the game log panel and move selection.

snapshot.py (where things lie, from a view and from events) and layout.py (where each item
goes, from table.yaml) are plain Python; everything else here is Qt.
"""
