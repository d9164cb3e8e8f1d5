"""Marking APIs as experimental (v1.24): a FutureWarning on use, unless disabled."""
import warnings


def experimental(api_name):
    """Warns that ``api_name`` is experimental: its interface may change.

    Call it at the start of the function, method or constructor to mark; the warning
    (a :class:`FutureWarning`) is not issued while
    ``chainer.disable_experimental_feature_warning`` is True.

    Args:
        api_name (str): the name of the experimental API, e.g. ``'chainer.foo.C'``.
    """
    import chainer  # the flag lives on the package, where v1 users set it
    if not chainer.disable_experimental_feature_warning:
        warnings.warn('{} is experimental. The interface can change in the '
                      'future.'.format(api_name), FutureWarning, stacklevel=2)
