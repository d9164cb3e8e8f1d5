"""chainer.utils._docstrings.extend: a docstring and a shared part, aligned alike
whether the docstring was dedented by the compiler (Python 3.13+) or not."""
import inspect

from chainer.utils import _docstrings

_TAIL = '''
    Args:
        x (int): the input.

    Returns:
        int: the output.
    '''


def test_indented_and_dedented_docstrings_give_the_same_text():
    indented = 'Head line.\n\n    More about it.\n    '
    dedented = 'Head line.\n\nMore about it.\n'  # what Python 3.13 compiles
    a = _docstrings.extend(indented, _TAIL)
    b = _docstrings.extend(dedented, _TAIL)
    assert a == b
    assert a == ('Head line.\n\nMore about it.\n\nArgs:\n    x (int): the input.\n\n'
                 'Returns:\n    int: the output.\n')
    assert inspect.cleandoc(a) == a.rstrip('\n')


def test_none_stays_none():
    assert _docstrings.extend(None, _TAIL) is None
