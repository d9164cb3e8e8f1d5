"""normalization links."""

__all__ = []
