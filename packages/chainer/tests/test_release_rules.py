"""The release rules of the ``chainer`` distribution in the root ``noxfile.py``: its
version stays above the original Chainer's 7.8.1 at chainer-core's major + 7, and
bumping chainer-core's major version moves it along (on a copy of the release files)."""
import pathlib
import shutil

import pytest

REPO = pathlib.Path(__file__).resolve().parents[3]

pytestmark = pytest.mark.skipif(not (REPO / 'noxfile.py').exists(),
                                reason='needs the source repository (not an sdist)')


def test_the_repository_release_is_consistent(noxfile):
    assert noxfile.release_problems() == []
    released = noxfile._released_versions()
    assert list(released).index('chainer') > list(released).index('chainer-training')


@pytest.mark.parametrize('chainer, core, expected', [
    ('8.0.0', '1.0.0', []),
    ('8.3.1', '1.4.0', []),
    ('9.0.0', '1.0.0', ['must have major version 8']),
    ('7.8.1', '0.9.0', ['must be above the original']),
    ('8.0.0', '2.0.0', ['must have major version 9']),
])
def test_full_profile_version_rule(noxfile, chainer, core, expected):
    problems = noxfile._full_profile_version_problems(
        {'chainer-core': core, 'chainer': chainer})
    assert len(problems) == len(expected)
    for problem, words in zip(problems, expected):
        assert words in problem


def _copy_release_files(root):
    shutil.copy(REPO / 'release.toml', root / 'release.toml')
    for package in (REPO / 'packages').iterdir():
        if not (package / 'pyproject.toml').exists():
            continue
        target = root / 'packages' / package.name
        target.mkdir(parents=True)
        for name in ('pyproject.toml', 'CHANGELOG.md'):
            shutil.copy(package / name, target / name)
        for version_file in (package / 'src').rglob('_version*.py'):
            dest = target / version_file.relative_to(package)
            dest.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy(version_file, dest)


def test_bumping_core_major_moves_the_full_profile(noxfile, tmp_path, monkeypatch):
    _copy_release_files(tmp_path)
    monkeypatch.setattr(noxfile, 'ROOT', tmp_path)
    monkeypatch.setattr(noxfile, 'RELEASE_FILE', tmp_path / 'release.toml')
    core_major = int(noxfile._source_version('chainer-core').split('.')[0])
    noxfile.bump_version('chainer-core', 'major')
    assert noxfile._source_version('chainer') == '{}.0.0'.format(core_major + 8)
    # Consistent but for the new changelog entries, which a person writes.
    problems = noxfile.release_problems()
    assert problems and all('CHANGELOG.md has no' in p for p in problems), problems
    pyproject = (tmp_path / 'packages' / 'chainer' / 'pyproject.toml').read_text()
    assert '"chainer-core>={}.0,<{}"'.format(core_major + 1, core_major + 2) in pyproject
    changelog = (tmp_path / 'packages' / 'chainer' / 'CHANGELOG.md').read_text()
    assert '## {}.0.0 (unreleased)'.format(core_major + 8) in changelog
    # A minor bump of core leaves the full profile's version alone.
    before = noxfile._source_version('chainer')
    noxfile.bump_version('chainer-core', 'minor')
    assert noxfile._source_version('chainer') == before
