"""A clear ImportError for Chainer subpackages whose distribution is not installed.

The ``chainer`` namespace is shared by several distributions. Without help, ``import
chainer.training`` on an install without chainer-training fails with a bare "No module
named 'chainer.training'". :class:`MissingSiblingFinder` sits at the *end* of
``sys.meta_path``: it is only consulted after every real finder has failed, so it never
shadows an installed portion and costs nothing on successful imports.
"""
import sys

#: Import path of every subpackage shipped by a sibling distribution -> that distribution.
SIBLING_MODULES = {
    'chainer.functions': 'chainer-links',
    'chainer.links': 'chainer-links',
    'chainer.training': 'chainer-training',
    'chainer.optimizers': 'chainer-training',
    'chainer.dataset': 'chainer-training',
    'chainer.datasets': 'chainer-training',
    'chainer.iterators': 'chainer-training',
    'chainer.distributions': 'chainer-links',
    'chainer.links.caffe': 'chainer-caffe',
    'chainer.functions.caffe': 'chainer-caffe',
    'chainer.exporters': 'chainer-caffe',
    # link hooks computing with chainer.functions: modules of chainer-links placed in
    # core's chainer.link_hooks package (its __path__ is extended)
    'chainer.link_hooks.spectral_normalization': 'chainer-links',
    'chainer.link_hooks.weight_standardization': 'chainer-links',
}


def _installed_version(distribution):
    # Only reached on the failure path, so the metadata lookup costs a successful import
    # nothing.
    from importlib import metadata
    try:
        return metadata.version(distribution)
    except metadata.PackageNotFoundError:
        return None


def install_hint(requirement, *options):
    """The pip command installing ``requirement`` (``'chainer-training'``,
    ``'cupy-kernels[cuda12]'``), from a package index and from a clone of the Chainer
    repository, whose packages are not on an index: there ``nox -s build`` writes the
    wheels into ``dist/`` and pip takes them from there.

    Args:
        requirement (str): what to install; quoted when it has shell characters.
        options (str): pip options before it (``'--force-reinstall'``, ``'-U'``).
    """
    if any(c in requirement for c in '[]<>=!~;, '):
        requirement = '"{}"'.format(requirement)
    words = ' '.join(options + (requirement,))
    return ('pip install {} (from a clone of the repository: nox -s build, then '
            'pip install --find-links dist {})'.format(words, words))


def missing_message(fullname):
    """Returns the error message for the sibling subpackage ``fullname``."""
    distribution = SIBLING_MODULES[fullname]
    version = _installed_version(distribution)
    if version is None:
        return ('{} is provided by the {} distribution, which is not installed: {}'.format(
            fullname, distribution, install_hint(distribution)))
    return ('{} is provided by the {} distribution, but the installed {} {} does not '
            'contain it (an incomplete install?): {}'.format(
                fullname, distribution, distribution, version,
                install_hint(distribution, '--force-reinstall')))


class MissingSiblingFinder(object):
    """Meta-path finder that turns "no module named chainer.<portion>" into an install hint.

    It raises instead of returning a spec, so a failed import never leaves a half-made
    module behind. The error is a plain :class:`ImportError` rather than
    ``ModuleNotFoundError`` on purpose: ``from chainer import training`` silently drops a
    ``ModuleNotFoundError`` for the requested name and reports a generic "cannot import
    name" instead, which would lose the hint.
    """

    def find_spec(self, fullname, path=None, target=None):
        if fullname in SIBLING_MODULES:
            raise ImportError(missing_message(fullname), name=fullname)
        return None

    def invalidate_caches(self):
        pass


def install():
    """Appends one :class:`MissingSiblingFinder` to ``sys.meta_path`` (idempotent)."""
    if not any(isinstance(f, MissingSiblingFinder) for f in sys.meta_path):
        sys.meta_path.append(MissingSiblingFinder())
