"""FunctionSet: the deprecated set of links of Chainer < 1.5."""
import warnings

from chainer import link
from chainer import variable
from chainer.utils._errors import ArgumentAssertionError


class FunctionSet(link.Chain):
    """Set of links (the old "parameterized functions"); a :class:`~chainer.Chain`.

    Links are registered by keyword arguments or simply by setting attributes
    (``model.l3 = L.Linear(2, 2)``); setting an attribute that holds a child link
    replaces that child.

    .. deprecated:: v1.5
       Use :class:`~chainer.Chain` instead.

    Args:
        links: child links, keyed by name.
    """

    def __init__(self, **links):
        warnings.warn('FunctionSet is deprecated since v1.5: use chainer.Chain',
                      DeprecationWarning, stacklevel=2)
        super(FunctionSet, self).__init__(**links)

    def __setattr__(self, key, value):
        d = self.__dict__
        children = d.get('_children')
        if children is not None and key in children:
            # Replacing a child: unregister the old one first.
            d[key].name = None
            children.remove(key)
            del d[key]
        if isinstance(value, link.Link) and children is not None:
            self.add_link(key, value)
        else:
            super(FunctionSet, self).__setattr__(key, value)

    def __getitem__(self, key):
        """Returns the attribute ``key`` (``model['l1']`` is ``model.l1``)."""
        return getattr(self, key)

    def collect_parameters(self):
        """Returns ``(parameters, gradients)``: the tuples of parameter and gradient
        arrays (see :attr:`parameters` and :attr:`gradients`)."""
        return self.parameters, self.gradients

    def copy_parameters_from(self, params):
        """Copies arrays into the parameters in place (no reallocation), across host
        and devices.

        Args:
            params (iterable): parameter arrays in the order of :attr:`parameters`.
        """
        targets = list(self.namedparams())
        params = list(params)
        if len(params) != len(targets):
            raise ValueError('copy_parameters_from expects {} arrays, got {}'.format(
                len(targets), len(params)))
        for (path, dst), src in zip(targets, params):
            if dst.data.shape != src.shape:
                raise ValueError('cannot copy an array of shape {} into parameter {} '
                                 'of shape {}'.format(src.shape, path, dst.data.shape))
            dst.copydata(variable.Variable(src))

    @property
    def parameters(self):
        """Tuple of the parameter arrays, in the order of ``params()``."""
        return tuple(param.data for param in self.params())

    @parameters.setter
    def parameters(self, params):
        self._assign('data', params)

    @property
    def gradients(self):
        """Tuple of the gradient arrays, in the same order as :attr:`parameters`."""
        return tuple(param.grad for param in self.params())

    @gradients.setter
    def gradients(self, grads):
        self._assign('grad', grads)

    def _assign(self, attribute, arrays):
        params = list(self.params())
        arrays = list(arrays)
        if len(arrays) != len(params):
            # also an AssertionError: v1 checked the count with an assert
            raise ArgumentAssertionError(
                'FunctionSet has {} parameters but {} arrays were given'.format(
                    len(params), len(arrays)))
        for param, array in zip(params, arrays):
            setattr(param, attribute, array)
