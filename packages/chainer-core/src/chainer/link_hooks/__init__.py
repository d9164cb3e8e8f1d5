"""Link hooks shipped with Chainer: :class:`TimerHook` here; the ones computing with
``chainer.functions`` (SpectralNormalization, WeightStandardization) are portions of
chainer-links and are imported from there on first access."""
import pkgutil

__path__ = pkgutil.extend_path(__path__, __name__)

from chainer.link_hooks.timer import TimerHook  # noqa: E402,F401

#: name -> module (of chainer-links) defining it
_LINKS_HOOKS = {
    'SpectralNormalization': 'chainer.link_hooks.spectral_normalization',
    'WeightStandardization': 'chainer.link_hooks.weight_standardization',
}


def __getattr__(name):
    module = _LINKS_HOOKS.get(name)
    if module is None:
        raise AttributeError('module {!r} has no attribute {!r}'.format(__name__, name))
    import importlib
    return getattr(importlib.import_module(module), name)
