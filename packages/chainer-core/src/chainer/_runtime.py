"""The runtime report (``python -m chainer``) and the version check of the installed
Chainer distributions.

Every Chainer distribution registers itself under the ``chainer.plugins`` entry point.
Their versions and mutual requirements are read from the installed metadata (what pip
resolved); a combination that breaks a requirement (e.g. a chainer-links that needs a newer
chainer-core than the installed one) is refused with a message saying what to upgrade:

* by ``python -m chainer`` (exit status 1),
* by :func:`check_compatibility`,
* lazily, at the first import of a subpackage shipped by a sibling distribution
  (``chainer.functions``, ``chainer.training``, ...) through :class:`CompatibilityGate`.
  Plain ``import chainer`` never scans the installed distributions.

Version comparison implements the PEP 440 subset our own packages use (release segments,
``aN``/``bN``/``rcN``, ``.postN``, ``.devN``; operators ``== != <= >= < > ~=`` and ``==X.*``)
so that core needs no dependency besides numpy.
"""
import collections
import importlib
import re
import sys

from chainer import _missing, _plugins, thread_policy

#: Distributions of this project, in dependency order.
CHAINER_DISTRIBUTIONS = (
    'chainer-core', 'chainer-links', 'chainer-training', 'chainer', 'chainer-caffe',
    'cupy-kernels', 'chainer-mn')

#: Optional third-party packages worth reporting: label -> predicate on a normalized name.
_OPTIONAL = (
    ('h5py', lambda n: n == 'h5py'),
    ('protobuf', lambda n: n == 'protobuf'),
    ('cupy', lambda n: n == 'cupy' or n.startswith(('cupy-cuda', 'cupy-rocm'))),
    ('matplotlib', lambda n: n == 'matplotlib'),
    ('Pillow', lambda n: n == 'pillow'),
)

_BACKEND_HINT = {'cuda': _missing.install_hint('cupy-kernels[cuda12]')}


class IncompatibleVersionsError(ImportError):
    """The installed Chainer distributions do not satisfy each other's requirements."""


# --- versions and specifiers (PEP 440 subset) -------------------------------------------

# Patterns stay strings: re compiles (and caches) them on first use, not at import.
_VERSION_RE = (
    r'^v?(?P<release>\d+(?:\.\d+)*)'
    r'(?:[-_.]?(?P<pre>a|b|rc|c|alpha|beta|pre|preview)[-_.]?(?P<pre_n>\d*))?'
    r'(?:[-_.]?(?:post|rev|r)[-_.]?(?P<post>\d*))?'
    r'(?:[-_.]?dev[-_.]?(?P<dev>\d*))?'
    r'(?:\+[a-z0-9.]+)?$')
_PRE_RANK = {'a': 0, 'alpha': 0, 'b': 1, 'beta': 1, 'rc': 2, 'c': 2, 'pre': 2, 'preview': 2}
_SPEC_RE = r'^(~=|===|==|!=|<=|>=|<|>)\s*(\S+)$'
_REQUIREMENT_RE = (
    r'^\s*(?P<name>[A-Za-z0-9][A-Za-z0-9._-]*)\s*(?:\[[^\]]*\])?\s*'
    r'\(?(?P<spec>[^;()]*)\)?\s*(?:;(?P<marker>.*))?$')


#: A parsed version: ``segments`` as written, ``release`` without trailing zeros (1.0 == 1),
#: ``pre`` as ``(rank, n)`` (a=0, b=1, rc=2) or None, ``post`` and ``dev`` numbers or None.
_Version = collections.namedtuple('_Version', ('segments', 'release', 'pre', 'post', 'dev'))


def _parse_version(version):
    match = re.match(_VERSION_RE, version.strip(), re.IGNORECASE)
    if match is None:
        raise ValueError('invalid version: {!r}'.format(version))
    segments = tuple(int(p) for p in match.group('release').split('.'))
    release = list(segments)
    while len(release) > 1 and release[-1] == 0:
        release.pop()
    pre = None
    if match.group('pre'):
        pre = (_PRE_RANK[match.group('pre').lower()], int(match.group('pre_n') or 0))

    def number(group):
        return None if match.group(group) is None else int(match.group(group) or 0)

    return _Version(segments, tuple(release), pre, number('post'), number('dev'))


def version_key(version):
    """Returns a sort key of the version string ``version`` (PEP 440 order:
    ``1.0.dev0 < 1.0a1 < 1.0rc1 < 1.0 < 1.0.post1``).

    Raises:
        ValueError: when ``version`` is not a version this parser understands.
    """
    v = _parse_version(version)
    if v.pre is not None:
        pre = (0,) + v.pre
    elif v.dev is not None and v.post is None:
        pre = (-1, 0, 0)  # 1.0.dev0 sorts before 1.0a0
    else:
        pre = (1, 0, 0)
    post = -1 if v.post is None else v.post
    dev = (1, 0) if v.dev is None else (0, v.dev)
    return v.release, pre, post, dev


def _matches_prefix(version, prefix):
    # Trailing zeros are significant in a prefix: 1.0.* is not 1.*.
    release = _parse_version(version).segments
    wanted = _parse_version(prefix).segments
    padded = release + (0,) * max(0, len(wanted) - len(release))
    return padded[:len(wanted)] == wanted


def _exclusive(version, op, bound):
    """PEP 440's exclusive comparisons leave out the bound's own family: ``<1.0`` admits
    no 1.0 pre-release (1.0a1, 1.0.dev0, 1.0a1.post1) and ``>1.0`` no 1.0 post-release
    (1.0.post1), unless the bound is itself such a release."""
    v, b = _parse_version(version), _parse_version(bound)
    key, bound_key = version_key(version), version_key(bound)
    if op == '<':
        if b.pre is None and b.dev is None:
            # Below the family's lowest member, bound.dev0 (1.0.dev0, 1.0.post1.dev0).
            pre = bound_key[1] if b.post is not None else (-1, 0, 0)
            return key < (bound_key[0], pre, bound_key[2], (0, 0))
        return key < bound_key
    if b.post is None and b.dev is None and v.post is not None and \
            (v.release, v.pre) == (b.release, b.pre):
        return False
    return key > bound_key


def _satisfies_one(version, op, bound):
    if op == '===':
        return version.strip() == bound
    if bound.endswith('.*'):
        if op not in ('==', '!='):
            raise ValueError('wildcard only allowed with == and !=: {}{}'.format(op, bound))
        return _matches_prefix(version, bound[:-2]) == (op == '==')
    key, bound_key = version_key(version), version_key(bound)
    if op == '~=':
        # The prefix is the bound's release minus its last segment; a pre/post/dev
        # suffix of the bound is ignored (~=1.1.dev0 means >=1.1.dev0, ==1.*).
        segments = _parse_version(bound).segments
        if len(segments) < 2:
            raise ValueError('~= needs at least two release segments: {}'.format(bound))
        return key >= bound_key and _matches_prefix(version, '.'.join(map(str, segments[:-1])))
    if op in ('<', '>'):
        return _exclusive(version, op, bound)
    return {'==': key == bound_key, '!=': key != bound_key, '<=': key <= bound_key,
            '>=': key >= bound_key}[op]


def _parse_specifier(specifier):
    clauses = []
    for part in specifier.split(','):
        part = part.strip()
        if not part:
            continue
        match = re.match(_SPEC_RE, part)
        if match is None:
            raise ValueError('invalid version specifier: {!r}'.format(part))
        clauses.append((match.group(1), match.group(2)))
    return clauses


def satisfies(version, specifier):
    """Returns whether ``version`` meets every clause of ``specifier`` (e.g. ``">=1.0,<2"``;
    an empty specifier admits every version)."""
    return all(_satisfies_one(version, op, bound)
               for op, bound in _parse_specifier(specifier))


def parse_requirement(requirement):
    """Splits a ``Requires-Dist`` string into ``(normalized name, specifier, marker)``.

    ``"chainer-core (<2,>=1.0)"`` -> ``('chainer-core', '<2,>=1.0', '')``.
    """
    match = re.match(_REQUIREMENT_RE, requirement)
    if match is None:
        raise ValueError('invalid requirement: {!r}'.format(requirement))
    return (_plugins.normalize_name(match.group('name')), match.group('spec').strip(),
            (match.group('marker') or '').strip())


# --- compatibility ----------------------------------------------------------------------

def _too_old(version, specifier):
    """Whether ``version`` fails a lower bound of ``specifier`` (vs. being too new)."""
    for op, bound in _parse_specifier(specifier):
        if op in ('>=', '>', '~=') and not _satisfies_one(version, op, bound):
            return True
        if op == '==' and not bound.endswith('.*') and \
                version_key(version) < version_key(bound):
            return True
    return False


def _problem(dist, name, specifier, installed):
    wanted = '{}{}'.format(name, specifier)
    if installed is None:
        return '{} {} requires {}, which is not installed: pip install "{}"'.format(
            dist.name, dist.version, wanted, wanted)
    if _too_old(installed.version, specifier):
        return ('{} {} requires {}, but {} {} is installed: upgrade {} '
                '(pip install -U "{}")'.format(dist.name, dist.version, wanted, name,
                                               installed.version, name, wanted))
    return ('{} {} requires {}, but {} {} is installed: upgrade {} to a release that '
            'supports {} {} (pip install -U {})'.format(
                dist.name, dist.version, wanted, name, installed.version, dist.name,
                name, installed.version, dist.name))


def find_incompatibilities(distributions=None):
    """Returns one message per broken requirement among the Chainer distributions.

    Args:
        distributions: list of :class:`chainer._plugins.Distribution`; defaults to the
            installed ones (registered under ``chainer.plugins``).

    Returns:
        list of str: empty when every requirement between Chainer distributions holds.
        Requirements on third-party packages and those behind an extra are pip's business
        and are not checked here.
    """
    if distributions is None:
        distributions = _plugins.plugin_distributions()
    installed = {d.name: d for d in distributions}
    ours = set(CHAINER_DISTRIBUTIONS) | set(installed)
    problems = []
    for dist in distributions:
        for requirement in dist.requires:
            name, specifier, marker = parse_requirement(requirement)
            if name not in ours or 'extra' in marker:
                continue
            found = installed.get(name)
            if found is None or not satisfies(found.version, specifier):
                problems.append(_problem(dist, name, specifier, found))
    return problems


def check_compatibility():
    """Raises :class:`IncompatibleVersionsError` if the installed Chainer distributions do
    not satisfy each other's version requirements; the message says what to upgrade."""
    problems = find_incompatibilities()
    if problems:
        raise IncompatibleVersionsError(
            'incompatible Chainer distributions are installed:\n  ' + '\n  '.join(problems))


class CompatibilityGate(object):
    """Meta-path hook that runs :func:`check_compatibility` once, when a subpackage of a
    sibling distribution is first imported. It never finds modules itself."""

    def __init__(self):
        self.passed = False

    def find_spec(self, fullname, path=None, target=None):
        if not self.passed and fullname in _missing.SIBLING_MODULES:
            check_compatibility()  # raises (and checks again next time) on conflict
            self.passed = True
        return None

    def invalidate_caches(self):
        pass


def install_gate():
    """Puts one :class:`CompatibilityGate` at the front of ``sys.meta_path`` (idempotent)."""
    if not any(isinstance(f, CompatibilityGate) for f in sys.meta_path):
        sys.meta_path.insert(0, CompatibilityGate())


# --- the report -------------------------------------------------------------------------

def _call_or_get(obj, names):
    """Returns the first of ``obj``'s attributes ``names`` that exists (called when it is
    a method), or None. Backends are third-party code: nothing here may raise."""
    for name in names:
        value = getattr(obj, name, None)
        if value is not None:
            return value() if callable(value) else value
    return None


def backend_state(name):
    """Returns a one-line state of the backend registered as ``name``: ``not installed``,
    ``installed, no device (reason)``, ``installed, device found but not usable
    (reason)`` (a backend whose ``device_count`` is positive, e.g. without the CUDA
    libraries its kernels need), ``installed, failed to load (error)`` or the device,
    followed by the backend's ``accelerator_libraries_state()`` where it has one (the
    CUDA backend: cuDNN's version and API, or why there is none)."""
    if not any(ep.name == name for ep in _plugins.entry_points('chainer.backends')):
        hint = _BACKEND_HINT.get(name)
        return 'not installed' + (' ({})'.format(hint) if hint else '')
    try:
        backend = _plugins.load_backend(name)
        if not _call_or_get(backend, ('available',)):
            reason = _call_or_get(backend, ('unavailable_reason',)) or 'no reason given'
            if _call_or_get(backend, ('device_count',)):
                return 'installed, device found but not usable ({})'.format(reason)
            return 'installed, no device ({})'.format(reason)
        device = _call_or_get(backend, ('device_name', 'get_device_name', 'name'))
        extra = _call_or_get(backend, ('accelerator_libraries_state',))
        return 'installed, device: {}{}'.format(device or 'unnamed',
                                                '; {}'.format(extra) if extra else '')
    except Exception as e:  # a broken backend is reported, not fatal
        return 'installed, failed to load ({}: {})'.format(type(e).__name__, e)


def plugin_states():
    """Returns ``[(distribution, state line)]`` for the plugins whose ``chainer.plugins``
    record names a ``"status": "module:function"`` (chainer-mn: whether MPI is usable).

    The function is called with no argument and returns one line; whatever it raises is
    reported, not propagated (it is a sibling's code).
    """
    states = []
    for ep in _plugins.entry_points('chainer.plugins'):
        try:
            record = ep.load()
            target = record.get('status') if isinstance(record, dict) else None
            if not target:
                continue
            module, _, attr = target.partition(':')
            state = getattr(importlib.import_module(module), attr)()
        except Exception as e:  # a broken plugin is reported, not fatal
            state = 'failed ({}: {})'.format(type(e).__name__, e)
        states.append((ep.name, state))
    return sorted(states)


def runtime_info():
    """Returns the runtime report as a list of ``(section, [(label, value), ...])``."""
    import platform

    import numpy

    from chainer import _ecosystem
    dists = _plugins.distributions()
    plugins = _plugins.plugin_distributions()
    optional = []
    for label, wanted in _OPTIONAL:
        found = ['{} {}'.format(d.name, d.version) for d in dists if wanted(d.name)]
        optional.append((label, ', '.join(found) or 'not installed'))
    backends = sorted({'cuda'} | {ep.name for ep in _plugins.entry_points('chainer.backends')})
    problems = find_incompatibilities(plugins)
    states = plugin_states()
    return [
        ('Platform', [('Python', '{} ({})'.format(platform.python_version(), sys.executable)),
                      ('NumPy', numpy.__version__),
                      ('OS', platform.platform())]),
        ('Chainer distributions', [(d.name, d.version) for d in plugins]),
        ('Optional dependencies', optional),
        ('Backends', [(name, backend_state(name)) for name in backends]),
        *([('Plugins', states)] if states else []),
        ('BLAS threads', thread_policy.describe()),
        ('Compatibility', [('status', 'OK')] if not problems else
         [('error', p) for p in problems]),
        ('Packages requiring chainer', _ecosystem.report_rows(dists)),
        ('Namespace', [('warning', w) for w in _ecosystem.namespace_problems(dists)] or
         [('status', "this project's (chainer-core)")]),
    ]


def format_runtime_info(info=None):
    """Returns the runtime report (:func:`runtime_info`) as text."""
    lines = []
    for section, rows in info or runtime_info():
        lines.append(section + ':')
        width = max([len(label) for label, _ in rows] or [0])
        lines.extend('  {}: {}'.format(label.ljust(width), value) for label, value in rows)
    return '\n'.join(lines)


def print_runtime_info(out=None):
    """Prints the versions of Python, NumPy, the platform, every installed Chainer
    distribution, the optional dependencies (h5py, protobuf, CuPy, ...), the state of each
    device backend and whether the installed versions are compatible.

    Args:
        out: a text stream; defaults to ``sys.stdout``.
    """
    print(format_runtime_info(), file=out or sys.stdout)


def main():
    """``python -m chainer``: prints the report (and each warning about the namespace once
    more on standard error); returns 1 if the install is incompatible."""
    info = runtime_info()
    print(format_runtime_info(info))
    for section, rows in info:
        if section == 'Namespace':
            for label, text in rows:
                if label == 'warning':
                    print('warning: {}'.format(text), file=sys.stderr)
    try:
        check_compatibility()
    except IncompatibleVersionsError as e:
        print('error: {}'.format(e), file=sys.stderr)
        return 1
    return 0
