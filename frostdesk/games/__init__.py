"""One package per game. Nothing below this package imports Qt."""
