"""noise functions."""

__all__ = []
