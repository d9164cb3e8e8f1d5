"""math functions."""

__all__ = []
