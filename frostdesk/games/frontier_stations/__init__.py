"""Frontier Stations: cooperative dice and engine building for 1-6 stations."""
