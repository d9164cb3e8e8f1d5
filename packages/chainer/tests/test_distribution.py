"""The installed ``chainer`` distribution: the full training profile, above the original
Chainer's versions, registered as a Chainer distribution, and listed by
``python -m chainer``."""
import re
import subprocess
import sys
from importlib import metadata

from chainer import _ecosystem, _runtime, _version_full


def _requirements():
    """{name: specifier} of the unconditional requirements (not those of an extra)."""
    parsed = [_runtime.parse_requirement(r) for r in metadata.requires('chainer') or ()]
    return {name: spec for name, spec, marker in parsed if 'extra' not in marker}


def _clauses(specifier):
    return {c.strip() for c in specifier.split(',')}


def test_version_is_above_every_original_release_and_follows_core():
    version = metadata.version('chainer')
    assert version == _version_full.__version__
    assert _runtime.satisfies(version, '>' + _ecosystem.ORIGINAL_LAST_VERSION)
    assert _runtime.satisfies(version, '>=6')  # what ChainerCV 0.13.1 asks for
    core_major = int(metadata.version('chainer-core').split('.')[0])
    assert int(version.split('.')[0]) == core_major + 7


def test_requires_the_full_training_profile_at_ranges_the_installed_versions_meet():
    requirements = _requirements()
    assert sorted(requirements) == ['chainer-core', 'chainer-links', 'chainer-training',
                                    'filelock']
    # filelock: what the original Chainer brought that ChainerCV imports undeclared
    import filelock
    assert filelock.FileLock is not None
    del requirements['filelock']
    for name, specifier in requirements.items():
        assert '<' in specifier and '>=' in specifier, (name, specifier)  # a range, no pin
        assert _runtime.satisfies(metadata.version(name), specifier), (name, specifier)


def test_registers_itself_as_a_chainer_plugin():
    eps = [ep for ep in metadata.distribution('chainer').entry_points
           if ep.group == 'chainer.plugins']
    assert [ep.name for ep in eps] == ['chainer']
    record = eps[0].load()
    assert record == _version_full.PLUGIN
    assert record['version'] == _version_full.__version__
    assert _clauses(record['requires_core']) == _clauses(_requirements()['chainer-core'])


def test_the_profile_imports():
    import chainer.functions
    import chainer.links
    import chainer.optimizers
    import chainer.training
    assert chainer.training.Trainer is not None
    assert callable(chainer.functions.relu) and chainer.links.Linear is not None
    assert chainer.optimizers.SGD is not None


def test_python_m_chainer_lists_it_and_finds_the_namespace_ours():
    out = subprocess.run([sys.executable, '-m', 'chainer'], capture_output=True, text=True)
    assert out.returncode == 0, out.stdout + out.stderr
    assert re.search(r'^  chainer\s*: {}$'.format(re.escape(_version_full.__version__)),
                     out.stdout, re.MULTILINE), out.stdout
    assert "Namespace:\n  status: this project's (chainer-core)" in out.stdout
    assert 'warning' not in out.stderr
