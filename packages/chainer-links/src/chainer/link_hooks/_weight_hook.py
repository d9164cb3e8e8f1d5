"""Base of the link hooks that replace a link's weight by a function of it during
each forward computation (SpectralNormalization, WeightStandardization)."""
from chainer import link_hook


class PerLinkHookError(TypeError, NotImplementedError):
    """Raised when a per-link hook is used as a global one (``with hook:``); it is
    a TypeError and, as Chainer v7 raised, a NotImplementedError."""


class WeightHook(link_hook.LinkHook):
    """A hook registered to one link (``link.add_hook(hook)``) that computes a new
    weight from the link's weight parameter before the forward computation, sets it as
    the weight attribute for that computation (so the graph goes through it) and puts
    the parameter back afterwards.

    Subclasses define ``_transform(link, weight)`` (the new weight, a Variable) and
    may extend :meth:`added`/:meth:`deleted` and :meth:`_prepare` (called once the
    weight exists).

    Args:
        weight_name (str): the attribute of the link holding the weight.
        name (str or None): the hook's name (default: the class's).
    """

    def __init__(self, weight_name='W', name=None):
        self.weight_name = weight_name
        self._prepared = False
        self.original_weight = None
        if name is not None:
            self.name = name

    def __enter__(self):
        raise PerLinkHookError('{} acts on one link: register it with '
                               'link.add_hook(hook), not "with hook:"'.format(self.name))

    def __exit__(self, *exc_info):
        raise PerLinkHookError('{} is not a context manager'.format(self.name))

    def added(self, link):
        """Checks that ``link`` has the weight, and prepares the hook's state if the
        weight is already initialized.

        Raises:
            ValueError: when the link has no attribute ``weight_name``.
        """
        if link is None:
            raise PerLinkHookError('{} acts on one link'.format(self.name))
        if not hasattr(link, self.weight_name):
            raise ValueError("Weight '{}' does not exist!".format(self.weight_name))
        if _array(getattr(link, self.weight_name)) is not None:
            self._prepare(link)
            self._prepared = True

    def forward_preprocess(self, cb_args):
        """Replaces the weight by :meth:`_transform` of it (initializing a lazy
        weight from the first input first)."""
        link = cb_args.link
        if not self._prepared:
            _initialize_weight(link, self.weight_name, cb_args.args)
            self._prepare(link)
            self._prepared = True
        self.original_weight = getattr(link, self.weight_name)
        setattr(link, self.weight_name, self._transform(link, self.original_weight))

    def forward_postprocess(self, cb_args):
        """Puts the weight parameter back."""
        setattr(cb_args.link, self.weight_name, self.original_weight)

    def _prepare(self, link):
        """Called once the weight of ``link`` is initialized."""


def _array(weight):
    return None if weight is None else weight.array


def _initialize_weight(link, weight_name, args):
    # A lazy weight (v1's add_uninitialized_param or v7's Parameter()) gets its
    # shape from the first input, as the link itself would on its first call.
    if _array(getattr(link, weight_name)) is not None:
        return
    if not args:
        raise ValueError('the weight {!r} is not initialized and the call has no '
                         'input to take its size from'.format(weight_name))
    x = args[0]
    size_of = getattr(link, '_input_size', None)
    in_size = size_of(x) if size_of is not None else x.shape[1]
    link._initialize_params(in_size)
