"""connection links."""

__all__ = []
