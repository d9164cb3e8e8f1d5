"""chainer._get_link_hooks(): v4+'s registry of the thread's global link hooks (what
``with hook:`` fills), which chainer-chemistry's saliency calculators write to."""
import numpy

import chainer


class _Recorder(chainer.LinkHook):
    name = 'recorder'

    def __init__(self):
        self.calls = []

    def forward_postprocess(self, args):
        self.calls.append((type(args.link).__name__, args.out.shape))


class _Double(chainer.Link):
    def forward(self, x):
        return chainer.as_variable(x) * 2


def test_with_hook_registers_in_the_thread_registry():
    hook = _Recorder()
    assert 'recorder' not in chainer._get_link_hooks()
    with hook:
        assert chainer._get_link_hooks()['recorder'] is hook
    assert 'recorder' not in chainer._get_link_hooks()


def test_a_hook_put_in_the_registry_acts_on_every_link():
    hook = _Recorder()
    hooks = chainer._get_link_hooks()
    hooks['recorder'] = hook
    try:
        y = _Double()(numpy.ones((2, 3), numpy.float32))
    finally:
        del chainer._get_link_hooks()['recorder']
    numpy.testing.assert_array_equal(y.array, numpy.full((2, 3), 2, numpy.float32))
    assert hook.calls == [('_Double', (2, 3))]
    _Double()(numpy.ones(1, numpy.float32))
    assert len(hook.calls) == 1
