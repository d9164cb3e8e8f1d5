"""Parameterized test classes: ``product``, ``product_dict``, ``parameterize`` and
pytest-style ``parameterize_pytest``."""
import functools
import itertools
import types
import unittest

from chainer.testing import _bundle


def product(parameter):
    """Returns the Cartesian product of parameter values as a list of dicts.

    Args:
        parameter (dict or list): either a dict mapping each name to the list of its
            values, e.g. ``{'a': [1, 2], 'b': [3]}`` gives
            ``[{'a': 1, 'b': 3}, {'a': 2, 'b': 3}]`` (a key ``'a,b'`` takes a list
            of ``(a, b)`` tuples); or a list of lists of dicts, in
            which case one dict is taken from each list and they are merged (the same
            as :func:`product_dict`).

    Returns:
        list of dict: one dict per combination.
    """
    if isinstance(parameter, dict):
        keys = sorted(parameter)
        for k in keys:
            if isinstance(parameter[k], (str, bytes)) or \
                    not hasattr(parameter[k], '__iter__'):
                raise TypeError(
                    'product expects a list of values for parameter {!r}, got {!r}'
                    .format(k, parameter[k]))
        # a key 'a,b' takes tuples of values, as in v7 (pytest's style)
        return product_dict(*[from_pytest_parameterize(k, list(parameter[k]))
                              if ',' in k else [{k: v} for v in parameter[k]]
                              for k in keys])
    if isinstance(parameter, (list, tuple)):
        return product_dict(*parameter)
    raise TypeError('product expects a dict of value lists or a list of lists of '
                    'dicts, got {}'.format(type(parameter).__name__))


def product_dict(*parameters):
    """Returns the merged dicts of the Cartesian product of lists of dicts.

    ``product_dict([{'a': 1}, {'a': 2}], [{'b': 3}])`` gives
    ``[{'a': 1, 'b': 3}, {'a': 2, 'b': 3}]``.

    Args:
        parameters: lists of dicts.

    Returns:
        list of dict: one merged dict per combination.
    """
    return [_merge(combo) for combo in itertools.product(*parameters)]


def _merge(dicts):
    merged = {}
    for d in dicts:
        if not isinstance(d, dict):
            raise TypeError('product_dict expects lists of dicts, got an item of '
                            'type {}'.format(type(d).__name__))
        merged.update(d)
    return merged


def _as_class_attribute(value):
    # A plain function stored on a class would become a method and receive
    # ``self``; keep it a plain callable.
    if isinstance(value, types.FunctionType):
        return staticmethod(value)
    return value


def _describe(param):
    return ', '.join('{}={!r}'.format(k, param[k]) for k in sorted(param))


def _name_parameters(error, param):
    """Adds the test's parameters to ``error``'s message, keeping its class (a test
    expecting e.g. ``FunctionTestError`` still sees one)."""
    text = 'parameter: {}'.format(_describe(param))
    args = error.args
    if not args or (len(args) == 1 and isinstance(args[0], str)):
        error.args = ('{}\n\n{}'.format(args[0] if args else '', text),)
    elif hasattr(error, 'add_note'):
        error.add_note(text)


def _parameter_variants(base, params):
    for index, param in enumerate(params):
        members = {k: _as_class_attribute(v) for k, v in param.items()}

        def __str__(self, _param=param):
            return '{}  parameter: {}'.format(base.__str__(self), _param)
        members['__str__'] = __str__

        def wrap(method, _param=param):
            # Say which parameters failed: pytest shows the class name only.
            @functools.wraps(method)
            def wrapped(self, *args, **kwargs):
                try:
                    return method(self, *args, **kwargs)
                except unittest.SkipTest:
                    raise
                except Exception as e:
                    _name_parameters(e, _param)
                    raise
            return wrapped

        yield '{}_param_{}'.format(base.__name__, index), members, wrap


def parameterize(*params):
    """Class decorator generating one test class per parameter dict.

    For every dict ``params[i]`` a subclass ``<Base>_param_<i>`` of the decorated
    class is created whose class attributes are the dict's items, and it is put in the
    decorated class's module, where pytest (and unittest) collect it. The decorated
    class itself is not a test any more: the module name is bound to a bundle of the
    generated classes (v1 bound it to None), which further ``parameterize``,
    :func:`~chainer.testing.inject_backend_tests` or
    :func:`~chainer.testing.fix_random` decorators above this one take, as in v7.
    A failing test's error (of the same class) names the parameters.

    Args:
        params: dicts of attribute names to values (typically from :func:`product`).

    Returns:
        callable: the class decorator.
    """
    for p in params:
        if not isinstance(p, dict):
            raise TypeError('parameterize expects dicts, got {}'.format(
                type(p).__name__))
    return _bundle.generating_decorator(lambda base: _parameter_variants(base, params))


def from_pytest_parameterize(names, values):
    """Converts pytest's ``parametrize`` arguments to a list of parameter dicts.

    Args:
        names (str): comma-separated parameter names, e.g. ``'a,b'``.
        values (list): one value per case (one name) or one tuple of values per case.

    Returns:
        list of dict: e.g. ``from_pytest_parameterize('a,b', [(1, 2), (3, 4)])`` gives
        ``[{'a': 1, 'b': 2}, {'a': 3, 'b': 4}]``.
    """
    if not isinstance(names, str):
        raise TypeError('names must be a comma-separated str, got {!r}'.format(names))
    if not isinstance(values, (list, tuple)):
        raise TypeError('values must be a list or a tuple, got {!r}'.format(values))
    keys = [n.strip() for n in names.split(',')]
    cases = []
    for value in values:
        if len(keys) == 1:
            cases.append({keys[0]: value})
            continue
        if not isinstance(value, (list, tuple)) or len(value) != len(keys):
            raise ValueError('each case must give {} values for {}, got {!r}'.format(
                len(keys), names, value))
        cases.append(dict(zip(keys, value)))
    return cases


def parameterize_pytest(names, values):
    """:func:`parameterize` with pytest's ``parametrize`` arguments.

    Args:
        names (str): comma-separated parameter names.
        values (list): the cases (see :func:`from_pytest_parameterize`).

    Returns:
        callable: the class decorator.
    """
    return parameterize(*from_pytest_parameterize(names, values))


#: :func:`product_dict` itself, kept under this name for a test configuration that
#: swaps ``testing.product_dict`` for :func:`_pairwise_product_dict` while test
#: files are collected (v7's ``CHAINER_TEST_PAIRWISE_PARAMETERIZATION``) and puts
#: it back afterwards.
_product_dict_orig = product_dict


def _pairwise_product_dict(*parameters):
    """A subset of :func:`product_dict` in which every pair of values of any two of
    the lists still occurs together (all of it for up to two lists).

    The full product is walked in a fixed pseudo-random order and a combination is
    kept when it brings a pair not seen yet, so the result is reproducible.
    """
    lists = [list(p) for p in parameters]
    if len(lists) <= 2:
        return product_dict(*lists)
    import numpy
    pairs = list(itertools.combinations(range(len(lists)), 2))
    combos = list(itertools.product(*[range(len(values)) for values in lists]))
    numpy.random.RandomState(0).shuffle(combos)
    seen = set()
    kept = []
    for combo in combos:
        new = {(i, j, combo[i], combo[j]) for i, j in pairs} - seen
        if new:
            seen |= new
            kept.append(combo)
    return [_merge(lists[k][index] for k, index in enumerate(combo))
            for combo in sorted(kept)]
