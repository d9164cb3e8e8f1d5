"""array functions."""

__all__ = []
