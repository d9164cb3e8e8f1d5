"""The ecosystem checks of the root ``noxfile.py``: ``nox -s ecosystem`` (ChainerCV's own
suite, from the checkout ``CHAINERCV_SRC`` names, with a floor of passes) stays out of the
CI command, and ``nox -s packaging`` runs the ChainerCV install test."""
import math

import pytest

from _nox_session_stub import REPO, Abort as _Abort, Session as _Session, \
    needs_repository

pytestmark = needs_repository


def _checkout(path, version='0.13.1', tests=True):
    path.mkdir()
    (path / 'setup.py').write_text("setup(\n    name='chainercv',\n    version='{}',\n)\n"
                                   .format(version))
    if tests:
        (path / 'tests').mkdir()
    return path


def test_floor_is_99_percent_of_the_original_and_documented(noxfile):
    assert noxfile.CHAINERCV_FLOOR == math.ceil(0.99 * noxfile.CHAINERCV_ORIGINAL_PASSES)
    assert noxfile.CHAINERCV_FLOOR <= noxfile.CHAINERCV_ORIGINAL_PASSES
    readme = (REPO / 'packages' / 'chainer' / 'README.md').read_text()
    for figure in (noxfile.CHAINERCV_ORIGINAL_PASSES, noxfile.CHAINERCV_FLOOR):
        assert '{:,}'.format(figure) in readme
    assert 'not gpu and not slow' in noxfile.CHAINERCV_MARKERS


def test_ecosystem_stays_out_of_ci_and_packaging_runs_the_install_test(noxfile):
    ci = (REPO / '.ci' / 'run').read_text()
    assert 'packaging' in ci and 'ecosystem' not in ci
    assert 'ecosystem' not in noxfile.nox.options.sessions
    assert callable(noxfile.ecosystem)
    assert 'packages/chainer/tests/test_chainercv_install.py' in noxfile.INSTALL_TESTS
    assert (REPO / 'packages/chainer/tests/test_chainercv_install.py').is_file()


def test_chainercv_source_accepts_a_0_13_1_checkout(noxfile, tmp_path, monkeypatch):
    good = _checkout(tmp_path / 'cv')
    monkeypatch.setenv('CHAINERCV_SRC', str(good))
    assert noxfile._chainercv_source(_Session()) == good.resolve()


@pytest.mark.parametrize('case, words', [
    ('unset', 'set CHAINERCV_SRC'),
    ('no-tests', 'is not a ChainerCV checkout'),
    ('other-version', 'is not ChainerCV 0.13.1'),
])
def test_chainercv_source_refuses_with_the_way_to_get_it(noxfile, tmp_path, monkeypatch,
                                                         case, words):
    if case == 'unset':
        monkeypatch.delenv('CHAINERCV_SRC', raising=False)
    else:
        path = _checkout(tmp_path / 'cv', version='0.13.0' if case == 'other-version'
                         else '0.13.1', tests=case != 'no-tests')
        monkeypatch.setenv('CHAINERCV_SRC', str(path))
    with pytest.raises(_Abort) as caught:
        noxfile._chainercv_source(_Session())
    message = str(caught.value)
    assert words in message
    assert 'git clone --branch v0.13.1 https://github.com/chainer/chainercv' in message
