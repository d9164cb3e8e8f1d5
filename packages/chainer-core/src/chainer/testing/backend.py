"""Running one test on several backends: :class:`BackendConfig` and
:func:`inject_backend_tests` (Chainer v4+).

A backend configuration names a device (the host; CuPy on a GPU; ChainerX; iDeep) and
the switches that go with it (``use_cudnn``, ``cudnn_deterministic``, ``autotune``,
``use_ideep``). :func:`inject_backend_tests` makes one test class per configuration;
each test method of it receives the configuration as its argument. Classes for a GPU,
ChainerX or iDeep carry the pytest marks of :mod:`chainer.testing.attr` (``gpu``,
``cudnn``, ``multi_gpu``, ``chainerx``, ``ideep``), so they are deselected with
``-m "not gpu"`` and skipped where the backend is missing (ChainerX and iDeep are not
part of this project: always).
"""
import functools

import chainer
from chainer import backend
from chainer.testing import _bundle
from chainer.testing import attr

#: The parameters of a configuration and their defaults, in the order they are
#: written in generated class names.
_DEFAULTS = (
    ('use_chainerx', False),
    ('chainerx_device', None),
    ('use_cuda', False),
    ('cuda_device', None),
    ('use_cudnn', 'never'),
    ('cudnn_deterministic', False),
    ('autotune', False),
    ('cudnn_fast_batch_normalization', False),
    ('use_ideep', 'never'),
)


class BackendConfig(object):
    """One backend configuration of a test.

    Args:
        params (dict): any of ``use_chainerx`` (bool) with ``chainerx_device`` (a
            ChainerX device name such as ``'native:0'`` or ``'cuda:1'``),
            ``use_cuda`` (bool) with ``cuda_device`` (int, 0 by default),
            ``use_cudnn`` (``'always'``, ``'auto'`` or ``'never'``),
            ``cudnn_deterministic`` (bool), ``autotune`` (bool),
            ``cudnn_fast_batch_normalization`` (bool) and ``use_ideep``
            (``'always'``, ``'auto'`` or ``'never'``); the others keep their defaults
            (the host, no cuDNN, no iDeep).

    Raises:
        TypeError: ``params`` is not a dict.
        ValueError: an unknown parameter, or ``use_chainerx`` without a
            ``chainerx_device`` string.
    """

    def __init__(self, params):
        if not isinstance(params, dict):
            raise TypeError('params must be a dict, got {}'.format(type(params).__name__))
        known = dict(_DEFAULTS)
        for key in params:
            if key not in known:
                raise ValueError('unknown backend parameter {!r}; known: {}'.format(
                    key, ', '.join(k for k, _ in _DEFAULTS)))
        known.update(params)
        for key, value in known.items():
            setattr(self, key, value)
        if self.use_chainerx and not isinstance(self.chainerx_device, str):
            raise ValueError('use_chainerx needs chainerx_device, a ChainerX device '
                             "name such as 'native:0', got {!r}".format(
                                 self.chainerx_device))
        if self.use_cuda and self.cuda_device is None:
            self.cuda_device = 0
        self._device = None
        self._entered = []

    @property
    def device(self):
        """The :class:`~chainer.backend.Device` of this configuration (created on first
        use: a GPU or ChainerX device raises here where it is unavailable)."""
        if self._device is None:
            if self.use_cuda:
                self._device = backend.GpuDevice.from_device_id(self.cuda_device)
            elif self.use_chainerx:
                self._device = backend.ChainerxDevice(self.chainerx_device)
            elif self.use_ideep != 'never':
                self._device = backend.Intel64Device()
            else:
                self._device = backend.CpuDevice()
        return self._device

    @property
    def xp(self):
        """The array module of :attr:`device` (:mod:`numpy` for the host)."""
        return self.device.xp

    def get_array(self, np_array):
        """Sends a numpy array (or a tuple/list of them, or None) to :attr:`device`."""
        return self.device.send(np_array)

    def __enter__(self):
        """Applies the configuration: sets ``chainer.config`` (``use_cudnn``,
        ``cudnn_deterministic``, ``autotune``, ``use_ideep``) and makes
        :attr:`device` the current device until the block ends. Re-entrant."""
        contexts = [chainer.using_config(name, getattr(self, name)) for name in (
            'use_cudnn', 'cudnn_deterministic', 'autotune', 'use_ideep')]
        contexts.append(chainer.using_device(self.device))
        entered = []
        try:
            for c in contexts:
                c.__enter__()
                entered.append(c)
        except BaseException:
            for c in reversed(entered):
                c.__exit__(None, None, None)
            raise
        self._entered.append(entered)
        return self

    def __exit__(self, exc_type, exc_value, traceback):
        """Restores the configuration and the device of before :meth:`__enter__`."""
        for c in reversed(self._entered.pop()):
            c.__exit__(exc_type, exc_value, traceback)

    def __repr__(self):
        return '<BackendConfig {}>'.format(' '.join(
            '{}={!r}'.format(k, getattr(self, k)) for k, _ in _DEFAULTS))

    def get_func_str(self):
        """The configuration as a string usable in a name:
        ``use_chainerx_false__chainerx_device_None__use_cuda_true__...``."""
        def text(value):
            if value is True or value is False:
                return str(value).lower()
            return str(value)
        return '__'.join('{}_{}'.format(k, text(getattr(self, k))) for k, _ in _DEFAULTS)

    def get_pytest_marks(self):
        """The :mod:`chainer.testing.attr` decorators a test of this configuration
        needs: ``chainerx`` (and ``gpu``/``multi_gpu`` for a ChainerX CUDA device);
        ``gpu``, ``cudnn`` (when cuDNN may be used) and ``multi_gpu(n)`` for CuPy;
        ``ideep`` for iDeep; none for the host.

        Returns:
            list of callable: decorators to apply to a test function.
        """
        marks = []
        if self.use_chainerx:
            marks.append(attr.chainerx)
            name, _, index = self.chainerx_device.partition(':')
            index = int(index or 0)
            if name == 'cuda':
                marks.append(attr.gpu)
                if index >= 1:
                    marks.append(attr.multi_gpu(index + 1))
        elif self.use_cuda:
            marks.append(attr.gpu)
            if self.use_cudnn != 'never':
                marks.append(attr.cudnn)
            if self.cuda_device >= 1:
                marks.append(attr.multi_gpu(self.cuda_device + 1))
        elif self.use_ideep != 'never':
            marks.append(attr.ideep)
        return marks


def _bind(method, config, marks):
    """``method`` called with ``config`` after ``self``, carrying ``marks``."""
    @functools.wraps(method)
    def test(self, *args, **kwargs):
        return method(self, config, *args, **kwargs)
    # pytest would read the wrapped signature and look for a fixture named after the
    # configuration argument
    del test.__wrapped__
    for mark in marks:
        test = mark(test)
    return test


def _backend_variants(base, method_names, params):
    if method_names is not None:
        # The tests that take no configuration stay on a class of the base's name.
        yield (base.__name__, {},
               lambda method: None if method.__name__ in method_names else method)
    for param in params:
        config = BackendConfig(param)
        marks = config.get_pytest_marks()

        def wrap(method, _config=config, _marks=marks):
            if method_names is not None and method.__name__ not in method_names:
                return None
            return _bind(method, _config, _marks)

        yield '{}_{}'.format(base.__name__, config.get_func_str()), {}, wrap


def inject_backend_tests(method_names, params):
    """Class decorator running test methods once per backend configuration.

    For each dict of ``params`` a subclass ``<Base>_<configuration>`` of the test
    class is generated in its module; its test methods named in ``method_names``
    (every ``test*`` method when it is None) are called with the
    :class:`BackendConfig` as their first argument after ``self`` and carry the
    configuration's pytest marks. With a list of ``method_names``, the other test
    methods stay on a class of the base's own name and run once. The decorator
    stacks with :func:`~chainer.testing.parameterize` and
    :func:`~chainer.testing.fix_random` in any order.

    Args:
        method_names (list of str or None): the test methods that take a
            configuration; None for all.
        params (list of dict): the configurations (see :class:`BackendConfig`).

    Returns:
        callable: the class decorator.

    Raises:
        TypeError: ``method_names`` is neither None nor a list, or ``params`` is not
            a list of dicts.
    """
    if method_names is not None and not isinstance(method_names, list):
        raise TypeError('method_names must be None or a list, got {!r}'.format(
            method_names))
    if not isinstance(params, list) or not all(isinstance(p, dict) for p in params):
        raise TypeError('params must be a list of dicts, got {!r}'.format(params))
    for p in params:
        BackendConfig(p)  # reject a bad configuration at decoration time
    return _bundle.generating_decorator(
        lambda base: _backend_variants(base, method_names, params))
