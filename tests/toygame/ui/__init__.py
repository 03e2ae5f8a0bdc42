"""Toy Tally's UI plug-in (plugin.py) and its table screen, built on the app's kit."""
