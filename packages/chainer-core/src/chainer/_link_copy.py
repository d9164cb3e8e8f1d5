"""Copies of a :class:`chainer.Link` hierarchy (``copy``) and copies of values
between two hierarchies of the same structure (``copyparams``)."""
import copy as copy_module

import numpy

from chainer import _link_params as _lp
from chainer import cuda


def copy_link(link, mode):
    """The copy :meth:`chainer.Link.copy` returns (see there for ``mode``)."""
    if mode in ('copy', 'init'):
        ret = copy_module.deepcopy(link)  # keeps the name, as v7 does
        if mode == 'init':
            for param in ret.params(include_uninit=False):
                _lp.reinitialize(param)
        return ret
    if mode != 'share':
        raise ValueError("The 'mode' argument should be either 'init', 'copy', or "
                         "'share'. But {!r} was given.".format(mode))
    ret = copy_module.copy(link)
    ret._params = set(link._params)
    ret._persistent = set(link._persistent)
    ret._uninitialized_params = {
        name: copy_module.copy(pending)
        for name, pending in link._uninitialized_params.items()}
    ret.name = None
    d = ret.__dict__
    for name in ret._params:
        d[name] = _lp.share(d[name])
    ret._copy_children()
    return ret


def paired_params(dst_link, src_link):
    """(destination, source) parameters matched by path, both initialized; a clear
    error on a structural mismatch."""
    src = dict(src_link.namedparams())
    for path, param in dst_link.namedparams():
        if path not in src:
            raise ValueError('source link has no parameter {!r}'.format(path))
        if param.data is not None and src[path].data is not None:
            yield param, src[path]


def initialize_like(dst_link, src_link):
    """Initializes the parameters of ``dst_link`` still uninitialized whose
    counterpart in ``src_link`` is initialized, with the same shape (and dtype)."""
    src = dict(src_link.namedparams())
    for path, sub in dst_link.namedlinks():
        prefix = '' if path == '/' else path
        for name in list(sub._uninitialized_params):
            counterpart = src.get(prefix + '/' + name)
            if counterpart is not None and counterpart.data is not None:
                sub.add_param(name, counterpart.shape, dtype=counterpart.dtype)
        for name in sub._params:
            param = sub.__dict__[name]
            counterpart = src.get(prefix + '/' + name)
            if param.data is None and counterpart is not None and \
                    counterpart.data is not None:
                param.initialize(counterpart.shape)


def copy_persistent_values(dst_link, src_link):
    """Copies the persistent values of every link of ``src_link``'s hierarchy into
    the link at the same path of ``dst_link``'s (arrays of equal shape in place)."""
    sources = dict(src_link.namedlinks())
    for path, sub in dst_link.namedlinks():
        other = sources.get(path)
        if other is not None:
            _copy_own_persistent(sub, other)


def _copy_own_persistent(dst, src):
    d, od = dst.__dict__, src.__dict__
    for name in dst._persistent:
        if name not in od:
            continue
        value = od[name]
        target = d[name]
        if hasattr(target, 'shape') and hasattr(value, 'shape') and \
                target.shape == value.shape:
            if isinstance(target, numpy.ndarray):
                numpy.copyto(target, cuda.to_cpu(value))
            else:
                target.set(cuda.to_cpu(value))
        else:
            d[name] = copy_module.copy(value)


class CopyMixin(object):
    """The copying part of :class:`chainer.Link` (a base of it): ``copy``,
    ``copyparams`` and ``repeat``."""

    def copy(self, mode='share'):
        """Copies the link hierarchy.

        With ``mode='share'`` (v1's only behaviour) the copy is shallow, except that
        parameters are new objects that share the data arrays with the original ones
        and, as in v1, start without gradients. ``'copy'`` copies everything deeply;
        ``'init'`` does so and refills every initialized parameter by its
        initializer. A shared copy is a root (its name is None); the deep
        modes keep the name, as v7 does.

        Args:
            mode (str): ``'share'``, ``'copy'`` or ``'init'``.

        Returns:
            Link: the copied link.
        """
        return copy_link(self, mode)

    def _copy_children(self):
        """Replaces the children of a fresh shallow copy by their copies."""

    def copyparams(self, link, copy_persistent=True):
        """Copies the data arrays of all parameters from ``link`` (same structure),
        across host and devices. Gradients are not copied. A parameter still
        uninitialized here is initialized with the shape and dtype of its initialized
        counterpart in ``link``, as in v1.

        Args:
            link (Link): the source.
            copy_persistent (bool): also copy the persistent arrays (in place) and
                other persistent values of the hierarchy.
        """
        initialize_like(self, link)
        for dst, src in paired_params(self, link):
            dst.copydata(src)
        if copy_persistent:
            copy_persistent_values(self, link)

    def repeat(self, n_repeat, mode='init'):
        """A :class:`~chainer.Sequential` of ``n_repeat`` copies of this link (see
        :meth:`copy` for ``mode``); an empty one for ``n_repeat <= 0``."""
        from chainer.sequential import Sequential
        return Sequential(*[self.copy(mode) for _ in range(max(n_repeat, 0))])
