"""Docstrings assembled from a function's own text and a shared part."""
import inspect


def extend(doc, tail):
    """``doc`` followed by ``tail``, both dedented, separated by a blank line.

    Both parts are cleaned with :func:`inspect.cleandoc` first: Python 3.13 strips the
    indentation of docstrings when it compiles them and earlier versions keep it, so
    gluing an indented shared part to a compiled docstring gives text whose sections
    (``Args:``, ``Returns:``) are misaligned on one version or the other.

    Args:
        doc (str or None): the docstring of the function (None under ``python -OO``).
        tail (str): the shared part, indented as in source or not.

    Returns:
        str or None: the whole docstring, or None when ``doc`` is None.
    """
    if doc is None:
        return None
    return inspect.cleandoc(doc).rstrip() + '\n\n' + inspect.cleandoc(tail).strip() + '\n'
