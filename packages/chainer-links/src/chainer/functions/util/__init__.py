"""util functions."""

__all__ = []
