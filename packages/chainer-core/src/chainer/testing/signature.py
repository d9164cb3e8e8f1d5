"""Checking an implementation's signature against a documented parameter list.

The Chainer documentation gives each callable a parameter list written as text, such as
``(x, axis=None, keepdims=False)``. :func:`check_signature` parses that text and compares
it with ``inspect.signature`` of the implementation, so that a renamed, reordered,
re-defaulted, missing or unexplained added parameter fails a test.
"""
import ast
import inspect

_P = inspect.Parameter
_POSITIONAL = (_P.POSITIONAL_ONLY, _P.POSITIONAL_OR_KEYWORD, _P.VAR_POSITIONAL)
_BY_KEYWORD = (_P.POSITIONAL_OR_KEYWORD, _P.KEYWORD_ONLY)
# Defaults written as literals compare by type and value; any other documented default
# (``numpy.float32``, ``F.relu``, ``OFF``) names an object and must be that very object.
_LITERAL_TYPES = (type(None), bool, int, float, complex, str, bytes, tuple, list, dict,
                  set, frozenset)


def parse_signature(text, namespace=None):
    """Parses a documented parameter list.

    Args:
        text (str): The parameter list as the documentation writes it, in parentheses:
            ``'(x, axis=None, *args, key=..., **kwargs)'``. A default written ``...``
            means "documented without a value": its presence is checked, its value is
            not.
        namespace (dict): Names that the defaults may use (e.g. ``{'numpy': numpy}``
            for ``dtype=numpy.float32``).

    Returns:
        list of inspect.Parameter: The documented parameters in order, with their kinds
        (parameters after ``*`` or ``*args`` are keyword-only) and evaluated defaults.

    Raises:
        ValueError: ``text`` is not a parenthesized parameter list, or a default uses a
            name missing from ``namespace``.
    """
    if not isinstance(text, str) or not text.strip().startswith('('):
        raise ValueError(
            'text must be a parameter list in parentheses such as "(x, axis=None)", '
            'got {!r}'.format(text))
    try:
        args = ast.parse('def f{}: pass'.format(text.strip())).body[0].args
    except SyntaxError as e:
        raise ValueError('text {!r} is not a parameter list: {}'.format(text, e)) from e
    names = dict(namespace or {})

    def value(node):
        if node is None:
            return _P.empty
        try:
            return eval(compile(ast.Expression(node), '<documented>', 'eval'), dict(names))
        except NameError as e:
            raise ValueError('a default in {!r} uses a name missing from namespace: '
                             '{}'.format(text, e)) from e

    positional = args.posonlyargs + args.args
    padding = [None] * (len(positional) - len(args.defaults))
    kinds = [_P.POSITIONAL_ONLY] * len(args.posonlyargs) + \
        [_P.POSITIONAL_OR_KEYWORD] * len(args.args)
    params = [_P(a.arg, kind, default=value(d))
              for a, kind, d in zip(positional, kinds, padding + list(args.defaults))]
    if args.vararg:
        params.append(_P(args.vararg.arg, _P.VAR_POSITIONAL))
    params += [_P(a.arg, _P.KEYWORD_ONLY, default=value(d))
               for a, d in zip(args.kwonlyargs, args.kw_defaults)]
    if args.kwarg:
        params.append(_P(args.kwarg.arg, _P.VAR_KEYWORD))
    return params


def implemented_parameters(obj):
    """The parameters a caller passes to ``obj``.

    Args:
        obj: A function, a method (bound, or looked up on its class, or the raw
            ``staticmethod``/``classmethod`` object of the class dictionary) or a class.

    Returns:
        list of inspect.Parameter: For a class, the parameters of its constructor; for a
        method, the parameters after ``self``/``cls``.
    """
    if isinstance(obj, (staticmethod, classmethod)):
        obj = obj.__func__
    params = list(inspect.signature(obj).parameters.values())
    # A method looked up on its class is a plain function that still takes self.
    if inspect.isfunction(obj) and params and params[0].name in ('self', 'cls'):
        params = params[1:]
    return params


def _same_default(documented, actual):
    if documented is Ellipsis:
        return True
    if isinstance(documented, _LITERAL_TYPES):
        return type(documented) is type(actual) and documented == actual
    return documented is actual


def _passable_like(documented, implemented):
    """Whether every documented way of passing the parameter works on the
    implementation (a documented keyword argument may be positional-or-keyword)."""
    if documented.kind == _P.KEYWORD_ONLY:
        return implemented.kind in _BY_KEYWORD
    return implemented.kind == documented.kind


def _describe(obj):
    return getattr(obj, '__qualname__', None) or repr(obj)


def check_signature(obj, expected, extras=(), namespace=None, name=None):
    """Asserts that a callable has the documented signature.

    The rules, so that every documented call keeps meaning the same thing:

    - the documented positional parameters (and ``*args``) come first, in the
      documented order, with the documented names and kinds;
    - documented keyword-only parameters (after ``*``) and ``**kwargs`` exist by name
      (in any position) and can be passed the documented way;
    - every documented default is the implementation's default: a literal
      (``None``, ``1``, ``0.5``, ``'L1'``, ``(1, 'epoch')``) of the same type and value,
      a name (``numpy.float32``, ``F.relu``) the very same object; ``...`` skips the
      value, and a parameter documented without a default has none;
    - the parameters beyond the documented ones are exactly ``extras``, in that order,
      and each is optional (a default, or ``**kwargs``).

    Args:
        obj: The implementation: a function, a method or a class (see
            :func:`implemented_parameters`).
        expected (str): The documented parameter list (see :func:`parse_signature`).
        extras: Names of the parameters the implementation may add after the
            documented ones, in order; ``None`` allows any optional ones.
        namespace (dict): Names that the documented defaults use.
        name (str): How the failure messages name ``obj`` (default: its qualified
            name).

    Raises:
        AssertionError: The signature differs from the documented one.
        ValueError: ``expected`` is not a parameter list.
    """
    documented = parse_signature(expected, namespace)
    actual = implemented_parameters(obj)
    name = _describe(obj) if name is None else name
    leading = [p for p in documented if p.kind in _POSITIONAL]
    assert [(p.name, p.kind) for p in actual[:len(leading)]] == \
        [(p.name, p.kind) for p in leading], \
        '{}: documented {}, implemented ({})'.format(
            name, expected, ', '.join(str(p) for p in actual))
    by_name = {p.name: p for p in actual}
    for doc in documented:
        impl = by_name.get(doc.name)
        assert impl is not None and _passable_like(doc, impl), \
            '{}: documented parameter {} missing'.format(name, doc.name)
        assert _same_default(doc.default, impl.default), \
            '{}: {} defaults to {!r}, documented {!r}'.format(
                name, doc.name, impl.default, doc.default)
    documented_names = {p.name for p in documented}
    added = [p for p in actual[len(leading):] if p.name not in documented_names]
    if extras is not None:
        assert [p.name for p in added] == list(extras), \
            '{}: undocumented parameters {} (allowed: {})'.format(
                name, [p.name for p in added], list(extras))
    for p in added:
        assert p.default is not p.empty or p.kind == p.VAR_KEYWORD, \
            '{}: the added parameter {} needs a default'.format(name, p.name)
