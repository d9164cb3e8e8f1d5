"""``chainer.testing`` imports without pytest (v7), as packages built on Chainer import
it at their own import time (ChainerCV's ``chainercv.utils``); its marks then fall back
to unittest's skips. Checked in a subprocess where ``import pytest`` fails."""
import json
import subprocess
import sys
import textwrap

from chainer.testing import attr

_NO_PYTEST = '''
import sys
sys.modules['pytest'] = None  # import pytest raises ImportError
import io, json, unittest
import chainer.testing
from chainer.testing import attr
try:
    attr.check_available()
    checked = 'no error'
except RuntimeError as e:
    checked = str(e)
try:
    attr._dummy_callable(lambda: None)  # v7's stand-in for a mark (ChainerCV imports it)
    dummy = 'no error'
except RuntimeError as e:
    dummy = str(e)

RAN = []

class Case(unittest.TestCase):
    @attr.gpu
    def test_gpu(self):
        pass

    @attr.chainerx
    def test_chainerx(self):
        pass

    @attr.slow
    def test_slow(self):
        RAN.append('test_slow')

    @attr.multi_gpu(2)
    def test_two_gpus(self):
        pass

result = unittest.TextTestRunner(stream=io.StringIO()).run(
    unittest.defaultTestLoader.loadTestsFromTestCase(Case))
print(json.dumps({
    'available': attr.is_available(), 'error': isinstance(attr.get_error(), ImportError),
    'checked': checked, 'dummy': dummy, 'product': len(chainer.testing.product({'a': [1, 2]})),
    'skipped': sorted(t.id().split('.')[-1] for t, _ in result.skipped),
    'ran': RAN, 'ok': result.wasSuccessful(),
    'gpu': bool(attr._gpu_available()[0])}))
'''


def test_chainer_testing_imports_and_marks_skip_without_pytest():
    out = subprocess.run([sys.executable, '-c', textwrap.dedent(_NO_PYTEST)],
                         capture_output=True, text=True)
    assert out.returncode == 0, out.stderr
    state = json.loads(out.stdout)
    assert state['available'] is False and state['error'] is True
    assert 'needs pytest' in state['checked'] and 'pip install pytest' in state['checked']
    assert state['dummy'] == state['checked']
    assert state['product'] == 2
    # (what ran, not testsRun: CPython 3.12.1's testsRun leaves skipped tests out)
    assert state['ran'] == ['test_slow'] and state['ok']
    expected = {'test_chainerx'} | (set() if state['gpu'] else {'test_gpu', 'test_two_gpus'})
    assert expected <= set(state['skipped']) and 'test_slow' not in state['skipped']


def test_with_pytest_the_marks_are_pytest_marks():
    assert attr.is_available() and attr.get_error() is None
    attr.check_available()  # no error

    @attr.slow
    def f():
        pass

    assert [m.name for m in f.pytestmark] == ['slow']

    @attr.chainerx
    def g():
        pass

    assert {m.name for m in g.pytestmark} == {'chainerx', 'skip'}
