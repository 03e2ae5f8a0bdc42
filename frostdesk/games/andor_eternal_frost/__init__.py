"""The Legends of Andor: The Eternal Frost (model, no Qt)."""
