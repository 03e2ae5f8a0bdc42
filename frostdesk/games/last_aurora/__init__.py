"""Last Aurora (base game): the model, no Qt."""
