"""The table kit: what every game's table uses, and nothing that belongs to one game.

scene.py (the scene and its view), items.py (the base graphics items), animator.py (plays the
rules' motions, engine/motion.py, on any game's table), layout.py
(specs and rectangles), text.py (the one text painter), icons.py, log_panel.py, handoff.py,
card_dialog.py, menus.py (menus of many choices as submenus) and screen.py (the screen base
with the log and the action bar, and ChoiceScreen, the base of click-to-choose tables).
"""
