"""``python -m chainer`` on packages built on Chainer: which installed packages require
the distribution ``chainer`` and whether it meets them, and the warnings when the
``chainer`` namespace is not this project's (the original Chainer installed over it)."""
import base64
import hashlib
import os
import sys

import pytest

import chainer
from chainer import _ecosystem, _runtime
from chainer._plugins import Distribution

CORE = Distribution('chainer-core', '1.0.0', (), True)
OURS = Distribution('chainer', '8.0.0', ('chainer-core<2,>=1.0',), True)
ORIGINAL = Distribution('chainer', '7.8.1', ('numpy>=1.9', 'six>=1.9.0'), False)
CV = Distribution('chainercv', '0.13.1', ('chainer>=6.0', 'Pillow'), False)
RL = Distribution('chainerrl', '0.8.0', ('chainer (>=5.0.0)', 'gym'), False)
OLD = Distribution('oldpkg', '0.1', ('chainer<2',), False)
EXTRA = Distribution('optional-user', '2.0',
                     ('numpy', 'chainer>=7; extra == "chainer"'), False)
UNRELATED = Distribution('requests', '2.0', ('chainer-core>=1',), False)


def test_dependents_lists_only_requirements_on_chainer_itself():
    found = _ecosystem.dependents([CORE, OURS, CV, RL, UNRELATED, EXTRA])
    assert [(d.name, d.specifier, d.met) for d in found] == [
        ('chainercv', '>=6.0', True), ('chainerrl', '>=5.0.0', True),
        ('optional-user', '>=7', True)]


def test_dependents_against_the_original_chainer_and_without_chainer():
    with_original = {d.name: d.met for d in _ecosystem.dependents([ORIGINAL, CV, OLD])}
    assert with_original == {'chainercv': True, 'oldpkg': False}
    missing = {d.name: d.met for d in _ecosystem.dependents([CORE, CV])}
    assert missing == {'chainercv': None}


def test_report_rows_say_who_meets_each_requirement():
    rows = dict(_ecosystem.report_rows([CORE, OURS, CV, OLD]))
    assert rows['chainercv 0.13.1'] == 'needs chainer>=6.0: met by chainer 8.0.0 (this project)'
    assert rows['oldpkg 0.1'] == 'needs chainer<2: NOT met by chainer 8.0.0 (this project)'
    rows = dict(_ecosystem.report_rows([CORE, ORIGINAL, CV]))
    assert rows['chainercv 0.13.1'].endswith('met by chainer 7.8.1 (not this project)')
    rows = dict(_ecosystem.report_rows([CORE, CV]))
    assert 'not installed: pip install --find-links dist chainer' in rows['chainercv 0.13.1']
    assert _ecosystem.report_rows([CORE]) == [
        ('none', 'no installed package requires chainer')]


def test_our_version_is_above_the_original_last_release():
    assert _runtime.satisfies(OURS.version, '>' + _ecosystem.ORIGINAL_LAST_VERSION)


def test_namespace_of_this_project_gives_no_warning():
    here = chainer.__file__
    assert _ecosystem.namespace_problems([CORE, OURS], here, claims=[]) == []
    claims = [('chainer-core', '1.0.0', True)]
    assert _ecosystem.namespace_problems([CORE, OURS], here, claims=claims) == []


def test_original_chainer_distribution_is_reported():
    problems = _ecosystem.namespace_problems([CORE, ORIGINAL], chainer.__file__, claims=[])
    assert len(problems) == 1
    assert '"chainer" 7.8.1 is not this project\'s' in problems[0]
    assert 'pip install --find-links dist --force-reinstall chainer' in problems[0]


def test_init_file_of_another_distribution_or_overwritten_is_reported():
    init = '/site/chainer/__init__.py'
    problems = _ecosystem.namespace_problems(
        [CORE, ORIGINAL], init, claims=[('chainer-core', '1.0.0', False),
                                        ('chainer', '7.8.1', True)])
    assert len(problems) == 3
    assert 'differs from what chainer-core 1.0.0 installed' in problems[1]
    assert 'belongs to chainer 7.8.1, not to chainer-core' in problems[2]


def test_unclaimed_init_file_elsewhere_is_reported(tmp_path):
    init = tmp_path / 'chainer' / '__init__.py'
    problems = _ecosystem.namespace_problems([CORE], str(init), claims=[])
    assert len(problems) == 1 and 'another source tree' in problems[0]


def _fake_site(root, dist_name, version, init_text, recorded_text):
    """A site directory holding ``chainer/__init__.py`` and a dist-info whose RECORD
    lists it with the hash of ``recorded_text``."""
    pkg = root / 'chainer'
    pkg.mkdir(parents=True, exist_ok=True)
    (pkg / '__init__.py').write_text(init_text)
    digest = base64.urlsafe_b64encode(hashlib.sha256(recorded_text.encode()).digest())
    info = root / '{}-{}.dist-info'.format(dist_name.replace('-', '_'), version)
    info.mkdir()
    (info / 'METADATA').write_text(
        'Metadata-Version: 2.1\nName: {}\nVersion: {}\n'.format(dist_name, version))
    (info / 'RECORD').write_text('chainer/__init__.py,sha256={},{}\n{}/RECORD,,\n'.format(
        digest.rstrip(b'=').decode(), len(recorded_text), info.name))
    return str(pkg / '__init__.py')


@pytest.mark.parametrize('recorded, expected', [('x = 1\n', True), ('x = 2\n', False)])
def test_init_claims_reads_records_and_compares_hashes(tmp_path, monkeypatch, recorded,
                                                        expected):
    init = _fake_site(tmp_path, 'chainer-core', '1.0.0', 'x = 1\n', recorded)
    monkeypatch.setattr(sys, 'path', [str(tmp_path)] + sys.path)
    claims = _ecosystem.init_claims(init)
    assert claims == [('chainer-core', '1.0.0', expected)]
    other = os.path.join(str(tmp_path), 'elsewhere', 'chainer', '__init__.py')
    assert _ecosystem.init_claims(other) == []


def test_main_repeats_namespace_warnings_on_stderr(monkeypatch, capsys):
    monkeypatch.setattr(_ecosystem, 'namespace_problems', lambda d: ['it is not ours'])
    assert _runtime.main() == 0
    out, err = capsys.readouterr()
    assert 'Namespace:\n  warning: it is not ours' in out
    assert 'warning: it is not ours' in err


def test_report_of_this_install_says_the_namespace_is_ours():
    info = dict(_runtime.runtime_info())
    assert info['Namespace'] == [('status', "this project's (chainer-core)")]
    assert info['Packages requiring chainer']
