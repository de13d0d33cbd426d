"""Embedders: text → vectors, behind one protocol, chosen by name from settings."""

from backend.embed.base import Embedder, build_embedder

__all__ = ["Embedder", "build_embedder"]
