"""One package per game: its table screen and everything on it that is the game's own.

Each imports the shared table kit (frostdesk.ui.kit) and never another game's package.
"""
