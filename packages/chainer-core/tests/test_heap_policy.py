"""chainer.heap_policy: freed arrays' memory stays in the heap for the next ones."""
import os
import platform
import subprocess
import sys
import textwrap

import pytest

from chainer import heap_policy

GLIBC = platform.system() == 'Linux' and platform.libc_ver()[0] == 'glibc'


def _run(code, **env):
    environ = dict(os.environ)
    for name in ('CHAINER_HEAP_POLICY', 'MALLOC_MMAP_THRESHOLD_', 'MALLOC_TRIM_THRESHOLD_',
                 'GLIBC_TUNABLES'):
        environ.pop(name, None)
    environ.update(env)
    out = subprocess.run([sys.executable, '-c', textwrap.dedent(code)], env=environ,
                         stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                         timeout=120)
    assert out.returncode == 0, out.stderr
    return out.stdout.split()


def test_an_unknown_setting_is_a_value_error():
    with pytest.raises(ValueError):
        heap_policy.apply('sometimes')


def test_off_leaves_the_heap_alone():
    assert _run('import chainer; print(chainer.heap_policy.current())',
                CHAINER_HEAP_POLICY='off') == ['off']


def test_the_users_own_glibc_variables_win():
    out = _run('import chainer; print(chainer.heap_policy.current())',
               MALLOC_TRIM_THRESHOLD_='1000000')
    assert out == ['off']


def test_an_invalid_environment_value_warns_at_import_and_leaves_it_off():
    out = _run("""
        import warnings
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter('always')
            import chainer
        print(chainer.heap_policy.current(), any('CHAINER_HEAP_POLICY' in str(w.message)
                                                 for w in caught))
        """, CHAINER_HEAP_POLICY='bogus')
    assert out == ['off', 'True']


_FAULTS = """
    import resource
    import numpy
    import chainer
    def faults():
        return resource.getrusage(resource.RUSAGE_SELF).ru_minflt
    def step():  # four 6 MiB arrays, then all freed (as a training step does)
        arrays = [numpy.ones(3 << 19, numpy.float32) for _ in range(4)]
        del arrays
    for _ in range(2):
        step()
    before = faults()
    for _ in range(10):
        step()
    print(chainer.heap_policy.current(), faults() - before)
    """


@pytest.mark.skipif(not GLIBC, reason='the policy tunes glibc only')
def test_keep_is_the_default_and_reuses_the_pages_of_freed_arrays():
    policy, faults = _run(_FAULTS)
    assert policy == 'keep'
    assert int(faults) < 50


@pytest.mark.skipif(not GLIBC, reason='the policy tunes glibc only')
def test_without_the_policy_glibc_gives_the_pages_back_every_time():
    # The reason for the policy: 24 MiB freed at the top of the heap exceed glibc's own
    # trim threshold (twice the largest freed block), so every round faults them in again.
    policy, faults = _run(_FAULTS, CHAINER_HEAP_POLICY='off')
    assert policy == 'off'
    assert int(faults) > 1000


def test_describe_says_what_is_in_force():
    text = heap_policy.describe()
    assert isinstance(text, str) and text
    if heap_policy.current() == 'keep':
        assert 'MiB' in text
