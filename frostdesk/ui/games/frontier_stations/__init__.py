"""Frontier Stations' table: the ring of stations and threat areas, the shop, the dice.

screen.py is the screen the main window shows for this game; geometry.py (pure) says where
things lie and board.py (pure) holds the table as the rules' motions move it (the kit plays
them); scene.py says where its zones are; items.py, painter.py and icons.py
draw them; picker.py is the payment picker; log.py the game log.
"""
