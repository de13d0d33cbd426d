"""Answerbase: typed answers and document search over an organisation's own knowledge."""

__version__ = "0.1.0"
