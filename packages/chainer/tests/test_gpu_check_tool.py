"""The offline GPU check (tools/gpu_check.py, ``nox -s gpu_offline``): run here on a
stand-in package whose GPU-marked tests pass, fail, hang and skip, so the per-test
timeout, the JUnit reports, the summary and the result are checked without a GPU."""
import importlib.util
import pathlib
import subprocess
import sys
import types

import pytest

REPO = pathlib.Path(__file__).resolve().parents[3]
TOOL = REPO / 'tools' / 'gpu_check.py'

FAKE_TESTS = '''
import time
import pytest

@pytest.mark.gpu
def test_passes():
    assert True

@pytest.mark.gpu
def test_fails():
    assert 1 == 2, 'wrong on the device'

@pytest.mark.gpu
def test_hangs():
    time.sleep(60)

@pytest.mark.gpu
def test_skips():
    pytest.skip('needs a GPU: no NVIDIA driver is installed')

def test_not_marked():
    raise AssertionError('a CPU test must not run in the GPU check')
'''


def _tool():
    spec = importlib.util.spec_from_file_location('_gpu_check_under_test', TOOL)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture
def fake_repo(tmp_path):
    tests = tmp_path / 'repo' / 'packages' / 'fakepkg' / 'tests'
    tests.mkdir(parents=True)
    (tests / 'test_device.py').write_text(FAKE_TESTS)
    return tmp_path / 'repo'


def test_the_check_runs_offline_with_a_per_test_timeout(fake_repo, tmp_path):
    pytest.importorskip('chainer')
    out = tmp_path / 'out'
    result = subprocess.run(
        [sys.executable, str(TOOL), '--root', str(fake_repo), '--packages',
         'fakepkg,missing', '--skip', 'example', '--test-timeout', '2', '--budget', '100',
         '--out', str(out), '--allow-no-gpu'],
        capture_output=True, text=True, timeout=150)
    summary = result.stdout
    assert result.returncode == 1, summary + result.stderr
    assert 'fakepkg               1 passed, 2 failed, 0 errors, 1 skipped' in summary
    assert 'FAILED tests.test_device::test_fails:' in summary and 'wrong on the device' in summary
    hung = [line for line in summary.splitlines() if 'test_hangs' in line]
    assert hung and ('2 s' in hung[0] or 'Timeout' in hung[0]), summary
    assert 'missing            no tests folder' in summary
    assert '  python -m cupy_kernels.cudnn_check: ' in summary  # its own phase
    assert summary.rstrip().endswith('RESULT: FAILED')
    for name in ('summary.txt', 'junit-fakepkg.xml', 'pytest-fakepkg.log',
                 'python-m-chainer.txt'):
        assert (out / name).exists(), name
    assert (out / 'summary.txt').read_text() == summary


def test_only_gpu_marked_tests_pass_gives_ok_without_a_gpu_when_allowed(tmp_path):
    pytest.importorskip('chainer')
    tests = tmp_path / 'repo' / 'packages' / 'okpkg' / 'tests'
    tests.mkdir(parents=True)
    (tests / 'test_ok.py').write_text('import pytest\n\n@pytest.mark.cudnn\n'
                                      'def test_ok():\n    pass\n')
    args = [sys.executable, str(TOOL), '--root', str(tmp_path / 'repo'), '--packages',
            'okpkg', '--skip', 'example,cudnn', '--out', str(tmp_path / 'out')]
    allowed = subprocess.run(args + ['--allow-no-gpu'], capture_output=True, text=True,
                             timeout=150)
    assert allowed.returncode == 0 and 'RESULT: OK' in allowed.stdout, allowed.stdout
    assert 'cudnn_check' not in allowed.stdout  # skipped
    strict = subprocess.run(args, capture_output=True, text=True, timeout=150)
    from chainer import cuda
    if not cuda.available:
        assert strict.returncode == 1 and 'NO USABLE GPU' in strict.stdout


def test_timeout_options_prefer_pytest_timeout():
    tool = _tool()
    assert tool.timeout_options(90, True) == (['--timeout', '90'], {})
    options, env = tool.timeout_options(90, False)
    assert options == ['-p', '_pytest_test_timeout']
    assert env['GPU_CHECK_TEST_TIMEOUT'] == '90'
    assert env['PYTHONPATH'].split(':')[0] == str(REPO / 'tools')


def test_junit_results(tmp_path):
    path = tmp_path / 'r.xml'
    path.write_text(
        '<testsuites><testsuite tests="4" failures="1" errors="1" skipped="1">'
        '<testcase classname="tests.test_a" name="test_x"><failure message="boom"/>'
        '</testcase><testcase classname="tests.test_a" name="test_y"><error>E bad\nE more</error>'
        '</testcase></testsuite></testsuites>')
    counts, failures = _tool().junit_results(path)
    assert counts == {'tests': 4, 'failures': 1, 'errors': 1, 'skipped': 1}
    assert failures == [('tests.test_a::test_x', 'boom'), ('tests.test_a::test_y', 'E bad')]
    assert _tool().junit_results(tmp_path / 'absent.xml')[0]['tests'] == 0


def test_bad_phases_are_refused():
    with pytest.raises(SystemExit):
        _tool().parse_args(['--skip', 'timings'])


def test_gpu_offline_session_installs_nothing(noxfile):
    calls = []
    session = types.SimpleNamespace(
        posargs=['--packages', 'cupy-kernels'],
        run=lambda *a, **k: calls.append(('run', a, k)),
        install=lambda *a, **k: calls.append(('install', a, k)))
    noxfile.gpu_offline(session)
    (kind, args, kwargs), = calls
    assert kind == 'run' and args[1] == str(TOOL) and args[2:] == ('--packages',
                                                                   'cupy-kernels')
    assert kwargs == {'external': True}


@pytest.mark.parametrize('cuda,extra', [((13, 0), 'cuda13,cudnn'), ((12, 4), 'cuda12,cudnn12')])
def test_gpu_session_installs_cudnn_and_a_per_test_timeout(noxfile, monkeypatch, tmp_path,
                                                           cuda, extra):
    calls = []
    monkeypatch.setattr(noxfile, '_driver_cuda_version', lambda session: cuda)
    session = types.SimpleNamespace(
        posargs=[], log=lambda *a: None, chdir=lambda *a: None,
        create_tmp=lambda: str(tmp_path), error=lambda *a: calls.append(('error', a)),
        install=lambda *a, **k: calls.append(('install', a)),
        run=lambda *a, **k: calls.append(('run', a)) or '')
    noxfile.gpu(session)
    installs = [a for kind, a in calls if kind == 'install'][0]
    assert 'pytest-timeout' in installs
    assert any(i.endswith('cupy-kernels[{}]'.format(extra)) for i in installs), installs
    pytest_runs = [a for kind, a in calls if kind == 'run' and '-m' in a and 'pytest' in a]
    assert pytest_runs and all(a[a.index('--timeout') + 1] == '120' for a in pytest_runs)
