"""Last Aurora\x27s table UI (a plug-in on the kit; see plugin.py)."""
