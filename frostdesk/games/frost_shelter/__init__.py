"""Frost Shelter: competitive trick-taking survival for 2-5 players."""
