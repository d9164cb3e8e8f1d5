"""How a converted batch reaches the loss or evaluation function.

Chainer v1's updaters and evaluator wrapped every array of the batch in a
:class:`~chainer.Variable` (volatile in the evaluator), and v1 models read Variable
attributes of their inputs (``x.data``). From v2 on the arrays are passed as they
come, and v2+ models apply array operations to them (``x.sum()``, ``x != 0``). The two
are told apart by the code of the model: a class of it that defines ``forward`` is
v5+ code (v1 had no ``forward``), one that only defines ``__call__`` is v1-style code.
Classes of this project (``chainer.*``) say nothing, as they serve both.
"""
import chainer

_V1 = 'v1'
_V2 = 'v2+'


def _is_project_class(cls):
    module = getattr(cls, '__module__', '') or ''
    return module == 'chainer' or module.startswith('chainer.') or cls is object


def _links_of(obj):
    """The Link behind ``obj`` (a Link, or a bound method of one), or None."""
    if isinstance(obj, chainer.Link):
        return obj
    owner = getattr(obj, '__self__', None)
    if isinstance(owner, chainer.Link):
        return owner
    return None


def _class_style(cls):
    """'v2+' when a user class in ``cls``'s MRO defines ``forward``, 'v1' when one
    defines ``__call__`` only, None when the MRO holds no user class saying either."""
    style = None
    for klass in cls.__mro__:
        if _is_project_class(klass):
            break
        if 'forward' in vars(klass):
            return _V2
        if '__call__' in vars(klass):
            style = _V1
    return style


def code_style(*objects):
    """Judges whether the functions and links in ``objects`` are v1 or v2+ code.

    Args:
        objects: loss or evaluation functions and target links (None is skipped).

    Returns:
        ``'v2+'`` when some user class among the links (and all their sublinks)
        defines ``forward``; else ``'v1'`` when one defines ``__call__``; else None
        (bare project links, plain functions: nothing to judge from).
    """
    found_v1 = False
    seen = set()
    for obj in objects:
        link = _links_of(obj)
        if link is None:
            continue
        for sub in link.links():
            cls = type(sub)
            if cls in seen:
                continue
            seen.add(cls)
            style = _class_style(cls)
            if style == _V2:
                return _V2
            found_v1 = found_v1 or style == _V1
    return _V1 if found_v1 else None


def wants_variables(default, *objects):
    """True when the batch should reach the function wrapped in Variables (v1).

    Args:
        default (bool): the answer when the code cannot be judged.
        objects: as for :func:`code_style`.

    Returns:
        bool: True for v1 code, False for v2+ code, ``default`` otherwise.
    """
    style = code_style(*objects)
    if style is None:
        return bool(default)
    return style == _V1


class InputStyle(object):
    """:func:`wants_variables` remembered for the last function and links asked
    about (an updater asks at every iteration; the answer is recomputed only when
    they change).

    Args:
        default (bool): the answer when the code cannot be judged.
    """

    def __init__(self, default):
        self.default = bool(default)
        self._key = None
        self._answer = self.default

    def __call__(self, func, *links):
        """Returns :func:`wants_variables` for ``func`` and ``links``."""
        key = (func,) + links
        if self._key is None or len(key) != len(self._key) or any(
                a is not b for a, b in zip(key, self._key)):
            self._answer = wants_variables(self.default, func, *links)
            self._key = key
        return self._answer
