"""Checks that the module paths and public names of Chainer v1 import here.

Each distribution's test-suite keeps a listing of the v1.24.0 modules it provides, one
line per module: the dotted module path, a colon, then the public names v1 defined in
it (its classes, functions and constants, and the names the reference documentation
lists under it). :func:`unresolved_names` imports every module of a listing and
reports what is missing, so a test can assert that nothing is, or that exactly a known
set of names is still to be built.
"""
import importlib


def parse_listing(text):
    """Parses a listing into ``[(module_path, [name, ...]), ...]``.

    Blank lines and lines starting with ``#`` are ignored.
    """
    entries = []
    for line in text.splitlines():
        line = line.strip()
        if not line or line.startswith('#'):
            continue
        module, _, names = line.partition(':')
        entries.append((module.strip(), names.split()))
    return entries


def unresolved_names(entries, skip_attribute=None):
    """Imports each listed module and looks each name up in it.

    Args:
        entries: ``[(module_path, [name, ...]), ...]`` as :func:`parse_listing` gives.
        skip_attribute: optional predicate ``(module_path, name) -> bool`` for names
            that are not looked up (e.g. lazily resolved attributes whose distribution
            is not installed in this environment).

    Returns:
        list of str: ``'module'`` for each module that does not import and
        ``'module.name'`` for each name missing from a module that does, sorted.
    """
    missing = []
    for module_path, names in entries:
        try:
            module = importlib.import_module(module_path)
        except ImportError:
            missing.append(module_path)
            continue
        for name in names:
            if skip_attribute is not None and skip_attribute(module_path, name):
                continue
            if not hasattr(module, name):
                missing.append('{}.{}'.format(module_path, name))
    return sorted(missing)


def assert_listing_resolves(listing_path, expected_missing=(), skip_attribute=None):
    """Asserts that exactly ``expected_missing`` of a listing file does not resolve.

    Args:
        listing_path (str or path): the listing file (see :func:`parse_listing`).
        expected_missing: the entries (as :func:`unresolved_names` names them) known to
            be missing; one that resolves now must leave this set, so that it never
            hides a regression.
        skip_attribute: passed to :func:`unresolved_names`.

    Raises:
        AssertionError: naming what is missing unexpectedly and what resolves now.
    """
    with open(str(listing_path)) as f:
        entries = parse_listing(f.read())
    missing = set(unresolved_names(entries, skip_attribute))
    expected = set(expected_missing)
    unexpected, resolved = sorted(missing - expected), sorted(expected - missing)
    assert not unexpected and not resolved, (
        'v1 names missing: {}; expected missing but present now (drop them from the '
        'list): {}'.format(unexpected, resolved))
