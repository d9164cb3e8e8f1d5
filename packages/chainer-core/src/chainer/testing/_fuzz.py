"""Settings and a case counter shared by the fuzz targets of every package (issue 18).

In the ordinary test run a fuzz target tries a few derandomized examples (seconds);
with ``CHAINER_FUZZ=1`` (``nox -s fuzz``) it runs under the randomized ``chainer-fuzz``
hypothesis profile, ``CHAINER_FUZZ_EXAMPLES`` examples each (default 2000), and the
pytest plugin reports how many cases each target tried.
"""
import collections
import os

#: Cases tried per fuzz target in this process, reported by the pytest plugin.
cases = collections.Counter()


def enabled():
    """True in a long fuzz run (``CHAINER_FUZZ=1``)."""
    return os.environ.get('CHAINER_FUZZ') == '1'


def fuzz_examples():
    """Examples per target of a long fuzz run."""
    value = os.environ.get('CHAINER_FUZZ_EXAMPLES', '2000')
    try:
        count = int(value)
    except ValueError:
        count = 0
    if count < 1:
        raise ValueError('CHAINER_FUZZ_EXAMPLES must be a positive int, got {!r}'.format(
            value))
    return count


def settings(ci_examples):
    """Hypothesis settings of a fuzz target: ``ci_examples`` examples in the ordinary
    run (derandomized under CI), the long randomized profile under ``CHAINER_FUZZ=1``."""
    import hypothesis
    checks = [hypothesis.HealthCheck.too_slow, hypothesis.HealthCheck.data_too_large,
              hypothesis.HealthCheck.filter_too_much]
    if enabled():
        return hypothesis.settings(max_examples=fuzz_examples(), derandomize=False,
                                   deadline=None, suppress_health_check=checks)
    return hypothesis.settings(max_examples=ci_examples, suppress_health_check=checks)


def tried(target):
    """Counts one case of ``target``."""
    cases[target] += 1
