"""activation functions."""

__all__ = []
