"""Frontier Stations' table: the ring of stations and threat areas, the shop, the dice.

screen.py is the screen the main window shows for this game; geometry.py (pure) and frames.py
say where things lie and how an action's events move them; items.py, painter.py and icons.py
draw them; picker.py is the payment picker; log.py the game log.
"""
