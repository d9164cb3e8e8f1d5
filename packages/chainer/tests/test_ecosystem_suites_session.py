"""``nox -s ecosystem_suites``: ChainerRL's, chainer-chemistry's and onnx-chainer's own
CPU suites, each from a checkout its variable names, with a floor of passes; out of CI,
figures in docs/compatibility.rst."""

import pytest

from _nox_session_stub import REPO, Abort as _Abort, Session as _Session, \
    needs_repository

pytestmark = needs_repository




def test_suites_are_out_of_ci_with_documented_figures(noxfile):
    assert 'ecosystem' not in (REPO / '.ci' / 'run').read_text()
    assert 'ecosystem_suites' not in noxfile.nox.options.sessions
    docs = (REPO / 'docs' / 'compatibility.rst').read_text()
    assert set(noxfile.ECOSYSTEM_SUITES) == {'chainerrl', 'chainer-chemistry', 'onnx-chainer'}
    for name, suite in noxfile.ECOSYSTEM_SUITES.items():
        assert 0 < suite['floor'] <= suite['original'], name
        assert '{} {}'.format(name, suite['version']) in docs.replace('\n  ', ' ')
        for figure in (suite['original'], suite['floor']):
            assert '{:,}'.format(figure) in docs, (name, figure)
        assert any(a.startswith('not gpu') or a.startswith('not (gpu') for a in suite['args'])


def _checkout(path, version_file, text):
    (path / 'tests').mkdir(parents=True)
    target = path / version_file
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text(text)
    return path


def test_suite_source_accepts_the_tagged_checkout(noxfile, tmp_path, monkeypatch):
    suite = noxfile.ECOSYSTEM_SUITES['chainer-chemistry']
    good = _checkout(tmp_path / 'chem', suite['version_file'], "__version__ = '0.7.1'\n")
    monkeypatch.setenv('CHAINER_CHEMISTRY_SRC', str(good))
    assert noxfile._suite_source(_Session(), 'chainer-chemistry', suite) == good.resolve()


@pytest.mark.parametrize('case, words', [
    ('unset', 'set CHAINERRL_SRC to a checkout of chainerrl at tag v0.8.0'),
    ('no-tests', 'is not a chainerrl checkout'),
    ('other-version', 'is not chainerrl 0.8.0'),
])
def test_suite_source_refuses_with_the_way_to_get_it(noxfile, tmp_path, monkeypatch, case,
                                                     words):
    suite = noxfile.ECOSYSTEM_SUITES['chainerrl']
    if case == 'unset':
        monkeypatch.delenv('CHAINERRL_SRC', raising=False)
    else:
        path = tmp_path / 'rl'
        if case == 'no-tests':
            path.mkdir()
            (path / 'setup.py').write_text("setup(version='0.8.0')\n")
        else:
            _checkout(path, 'setup.py', "setup(version='0.7.0')\n")
        monkeypatch.setenv('CHAINERRL_SRC', str(path))
    with pytest.raises(_Abort) as caught:
        noxfile._suite_source(_Session(), 'chainerrl', suite)
    assert words in str(caught.value)
