"""loss links."""

__all__ = []
