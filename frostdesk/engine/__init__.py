"""The game-agnostic model. Nothing below this package imports Qt."""
