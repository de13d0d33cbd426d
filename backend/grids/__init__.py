"""Extraction grids: typed questions asked of every document of a context (service) and run in the background
(runner)."""
