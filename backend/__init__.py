"""Answerbase: typed answers and document search over an organisation's own knowledge."""

from backend.config import apply_process_environment

__version__ = "0.1.0"

apply_process_environment()  # before any module of the package imports lancedb or the Hugging Face libraries
