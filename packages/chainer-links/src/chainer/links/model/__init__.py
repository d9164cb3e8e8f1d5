"""model links."""

__all__ = []
