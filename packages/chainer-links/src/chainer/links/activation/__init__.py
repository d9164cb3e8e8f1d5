"""activation links."""

__all__ = []
