"""Parameterized test classes: ``product``, ``product_dict`` and ``parameterize``."""
import functools
import itertools
import sys
import types


def product(parameter):
    """Returns the Cartesian product of parameter values as a list of dicts.

    Args:
        parameter (dict or list): either a dict mapping each name to the list of its
            values, e.g. ``{'a': [1, 2], 'b': [3]}`` gives
            ``[{'a': 1, 'b': 3}, {'a': 2, 'b': 3}]``; or a list of lists of dicts, in
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
        values = [list(parameter[k]) for k in keys]
        return [dict(zip(keys, combo)) for combo in itertools.product(*values)]
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
    result = []
    for combo in itertools.product(*parameters):
        merged = {}
        for d in combo:
            if not isinstance(d, dict):
                raise TypeError('product_dict expects lists of dicts, got an item of '
                                'type {}'.format(type(d).__name__))
            merged.update(d)
        result.append(merged)
    return result


def _as_class_attribute(value):
    # A plain function stored on a class would become a method and receive
    # ``self``; keep it a plain callable.
    if isinstance(value, types.FunctionType):
        return staticmethod(value)
    return value


def _describe(param):
    return ', '.join('{}={!r}'.format(k, param[k]) for k in sorted(param))


def _wrap_test_method(method, param):
    # Say which parameters failed: pytest shows the class name only.
    @functools.wraps(method)
    def wrapped(self, *args, **kwargs):
        try:
            return method(self, *args, **kwargs)
        except AssertionError as e:
            s = '{}\n\nparameter: {}'.format(e, _describe(param))
            raise AssertionError(s).with_traceback(e.__traceback__) from None
    return wrapped


def _make_case(base, index, param):
    name = '{}_param_{}'.format(base.__name__, index)
    members = {k: _as_class_attribute(v) for k, v in param.items()}
    for attr_name in dir(base):
        if attr_name.startswith('test'):
            method = getattr(base, attr_name)
            if isinstance(method, types.FunctionType):
                members[attr_name] = _wrap_test_method(method, param)
    members['__module__'] = base.__module__
    members['__qualname__'] = name
    cls = type(name, (base,), members)
    return cls


def parameterize(*params):
    """Class decorator generating one test class per parameter dict.

    For every dict ``params[i]`` a subclass ``<Base>_param_<i>`` of the decorated
    class is created whose class attributes are the dict's items, and it is put in the
    decorated class's module, where pytest (and unittest) collect it. The decorated
    class itself is removed (the decorator returns None), so only the parameterized
    variants run. Assertion failures name the parameters.

    Args:
        params: dicts of attribute names to values (typically from :func:`product`).
    """
    for p in params:
        if not isinstance(p, dict):
            raise TypeError('parameterize expects dicts, got {}'.format(
                type(p).__name__))

    def decorate(base):
        if not isinstance(base, type):
            raise TypeError('parameterize decorates classes, got {!r}'.format(base))
        module = sys.modules[base.__module__]
        for i, param in enumerate(params):
            cls = _make_case(base, i, param)
            setattr(module, cls.__name__, cls)
        return None

    return decorate
