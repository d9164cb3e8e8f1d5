"""Packages built on Chainer, and whether the ``chainer`` namespace is this project's.

Packages published on top of Chainer (chainercv, chainerrl, ...) declare a requirement on
the distribution ``chainer``. This project answers it with its ``chainer`` distribution
(the full training profile, version 8.x, above the original Chainer's 7.8.1). The name
``chainer`` on the package index belongs to the original project, so an install that
reaches the index for it gets the original Chainer, which overwrites the ``chainer``
package directory of this project. ``python -m chainer`` lists the installed packages
that require ``chainer`` (:func:`dependents`) and warns when the namespace is not this
project's (:func:`namespace_problems`).

Everything here reads installed metadata (:mod:`importlib.metadata`) and runs only for
the runtime report: ``import chainer`` never calls it.
"""
import base64
import collections
import hashlib
import os

from chainer import _plugins, _runtime

#: The last release of the original Chainer on the package index.
ORIGINAL_LAST_VERSION = '7.8.1'

#: An installed package that requires ``chainer``: its normalized ``name``, ``version``,
#: the ``specifier`` it asks of ``chainer`` (``''`` for any) and whether the
#: installed ``chainer`` meets it (``met``: True, False, or None when ``chainer`` is not
#: installed).
Dependent = collections.namedtuple('Dependent', ('name', 'version', 'specifier', 'met'))



def install_hint(*options):
    """The pip command that installs this project's ``chainer`` distribution: always from
    the wheels of a clone (``--find-links dist``), since the package index's ``chainer`` is
    the original Chainer. ``options`` go before the name (``'--force-reinstall'``)."""
    return ('pip install --find-links dist {}chainer (dist: the wheels that nox -s build '
            'makes in a clone of this repository; the package index\'s "chainer" is the '
            'original Chainer)'.format(''.join(o + ' ' for o in options)))


_REINSTALL = 'pip uninstall chainer, then reinstall this project over it: ' + \
    install_hint('--force-reinstall')


def _find(distributions, name):
    return next((d for d in distributions if d.name == name), None)


def dependents(distributions=None):
    """Returns the installed packages that require the distribution ``chainer``.

    Args:
        distributions: list of :class:`chainer._plugins.Distribution`; defaults to every
            installed distribution.

    Returns:
        list of :class:`Dependent`, sorted by name. A requirement behind an extra
        (``; extra == "..."``) counts only when no unconditional one exists.
    """
    if distributions is None:
        distributions = _plugins.distributions()
    chainer = _find(distributions, 'chainer')
    found = []
    for dist in distributions:
        if dist.name == 'chainer':
            continue
        specs = []
        for text in dist.requires:
            try:
                name, specifier, marker = _runtime.parse_requirement(text)
            except ValueError:
                continue
            if name == 'chainer':
                specs.append((('extra' in marker), specifier))
        if not specs:
            continue
        specifier = sorted(specs)[0][1]  # an unconditional requirement first
        met = None
        if chainer is not None:
            try:
                met = _runtime.satisfies(chainer.version, specifier)
            except ValueError:  # a specifier our PEP 440 subset does not read
                met = False
        found.append(Dependent(dist.name, dist.version, specifier, met))
    return sorted(found)


def _record_hash(path):
    """The RECORD form of a file's sha256 (urlsafe base64 without padding)."""
    with open(path, 'rb') as f:
        digest = hashlib.sha256(f.read()).digest()
    return base64.urlsafe_b64encode(digest).rstrip(b'=').decode('ascii')


def init_claims(init_file):
    """Returns ``[(distribution name, version, hash matches)]`` of the installed
    distributions whose RECORD lists the file ``init_file`` (``chainer/__init__.py`` as
    imported). ``hash matches`` is None when the RECORD gives no hash for it."""
    from importlib import metadata
    target = os.path.realpath(init_file)
    claims = []
    for dist in metadata.distributions():
        for entry in dist.files or ():
            if entry.parts[-2:] != ('chainer', '__init__.py'):
                continue
            if os.path.realpath(str(entry.locate())) != target:
                continue
            matches = None
            if entry.hash is not None and entry.hash.mode == 'sha256':
                matches = entry.hash.value == _record_hash(target)
            name = _plugins.normalize_name(dist.metadata['Name'] or '?')
            claims.append((name, dist.version, matches))
    return claims


def namespace_problems(distributions=None, init_file=None, claims=None):
    """Returns a warning per sign that the ``chainer`` namespace is not this project's
    (empty when it is).

    Signs: the installed distribution named ``chainer`` does not register itself as a
    Chainer distribution of this project (it is the original Chainer, or another
    project's); the imported ``chainer/__init__.py`` is listed by a distribution other
    than chainer-core, or differs from what chainer-core installed (overwritten); or it
    is listed by no distribution and does not sit beside this module (a source tree that
    is not this project's).

    Args:
        distributions: list of :class:`chainer._plugins.Distribution`; defaults to every
            installed distribution.
        init_file: the ``chainer/__init__.py`` to judge; defaults to the imported one.
        claims: what :func:`init_claims` returns for it (computed when None).

    Returns:
        list of str.
    """
    import chainer
    if distributions is None:
        distributions = _plugins.distributions()
    if init_file is None:
        init_file = chainer.__file__
    if claims is None:
        claims = init_claims(init_file)
    problems = []
    named = _find(distributions, 'chainer')
    if named is not None and not named.is_plugin:
        problems.append(
            'the installed distribution "chainer" {} is not this project\'s (the original '
            'Chainer from the package index, or another project): packages that require '
            'chainer get it instead of this project. {}'.format(named.version, _REINSTALL))
    for name, version, matches in claims:
        if name != 'chainer-core':
            problems.append('{} belongs to {} {}, not to chainer-core: the chainer '
                            'namespace is not this project\'s. {}'.format(
                                init_file, name, version, _REINSTALL))
        elif matches is False:
            problems.append('{} differs from what chainer-core {} installed (overwritten '
                            'by another package, e.g. the original Chainer). {}'.format(
                                init_file, version, _REINSTALL))
    here = os.path.dirname(os.path.realpath(__file__))
    if not claims and os.path.dirname(os.path.realpath(init_file)) != here:
        problems.append('{} is not this project\'s chainer-core (found at {}): the '
                        'chainer namespace comes from another source tree'.format(
                            init_file, here))
    return problems


def report_rows(distributions=None):
    """Returns the rows of the runtime report's "Packages requiring chainer" section:
    one ``(name, state)`` per :func:`dependents` entry, or one saying there is none."""
    if distributions is None:
        distributions = _plugins.distributions()
    chainer = _find(distributions, 'chainer')
    if chainer is None:
        provider = None
    elif chainer.is_plugin:
        provider = 'chainer {} (this project)'.format(chainer.version)
    else:
        provider = 'chainer {} (not this project)'.format(chainer.version)
    rows = []
    for dep in dependents(distributions):
        wanted = 'chainer' + dep.specifier
        if dep.met is None:
            state = 'needs {}, not installed: {}'.format(wanted, install_hint())
        elif dep.met:
            state = 'needs {}: met by {}'.format(wanted, provider)
        else:
            state = 'needs {}: NOT met by {}'.format(wanted, provider)
        rows.append(('{} {}'.format(dep.name, dep.version), state))
    return rows or [('none', 'no installed package requires chainer')]
