"""Evaluator: means over one validation pass, naming, volatility, reuse."""
import numpy
import pytest

import chainer
from chainer import iterators, testing
from chainer.dataset import convert
from chainer.training import extensions
from training_tests import tiny


def _evaluator(**kwargs):
    it = iterators.SerialIterator(tiny.dataset(), 10, repeat=False, shuffle=False)
    return extensions.Evaluator(it, tiny.Model(), **kwargs)


def _expected_means():
    model = tiny.Model()
    data = tiny.dataset()
    losses, accs = [], []
    for start in range(0, 24, 10):
        x, t = convert.concat_examples(data[start:start + 10])
        reporter = chainer.Reporter()
        reporter.add_observer('m', model)
        obs = {}
        with reporter.scope(obs):
            model(chainer.Variable(x), chainer.Variable(t))
        losses.append(float(obs['m/loss'].data))
        accs.append(float(obs['m/accuracy'].data))
    return numpy.mean(losses), numpy.mean(accs)


def test_reports_batch_means_under_its_name(tmp_path):
    trainer = tiny.trainer(tmp_path, stop=(1, 'iteration'))
    evaluator = _evaluator()
    trainer.extend(evaluator, trigger=(1, 'iteration'))
    seen = {}
    trainer.extend(lambda t: seen.update(t.observation), name='spy')
    loss, acc = _expected_means()
    trainer.run()
    assert 'validation/main/loss' in seen and 'validation/main/accuracy' in seen
    testing.assert_allclose(seen['validation/main/loss'], loss, atol=1e-6, rtol=1e-6)
    testing.assert_allclose(seen['validation/main/accuracy'], acc, atol=1e-6, rtol=1e-6)


def test_standalone_call_is_repeatable_and_volatile():
    hooks, volatiles = [], []
    evaluator = _evaluator(eval_hook=hooks.append)
    model = evaluator.get_target('main')
    for param in model.params():
        param.volatile = chainer.AUTO  # parameters that volatile inputs can meet

    def eval_func(x, t):
        volatiles.append(x.volatile)
        return model(x, t)

    evaluator.eval_func = eval_func
    first, second = evaluator(), evaluator()
    assert hooks == [evaluator, evaluator]
    assert set(volatiles) == {chainer.ON}
    assert first.keys() == {'main/loss', 'main/accuracy'}
    assert float(first['main/loss']) == float(second['main/loss'])


def test_rejects_repeating_iterator():
    model = tiny.Model()
    with pytest.warns(UserWarning, match='repeat=False'):  # v7 warns when built
        evaluator = extensions.Evaluator(iterators.SerialIterator(tiny.dataset(), 4),
                                         model)
    with pytest.raises(ValueError, match='repeat=False'):  # and never loops for ever
        evaluator()


def test_targets_without_main_are_evaluated_by_eval_func_as_in_v1():
    gen, dis = tiny.Model(0), tiny.Model(1)
    it = iterators.SerialIterator(tiny.dataset(), 4, repeat=False)
    evaluator = extensions.Evaluator(it, {'gen': gen, 'dis': dis}, eval_func=dis)
    assert evaluator.get_all_targets() == {'gen': gen, 'dis': dis}
    assert set(evaluator()) == {'dis/loss', 'dis/accuracy'}
    without_eval_func = extensions.Evaluator(it, {'gen': gen})
    with pytest.raises(KeyError, match=r"no target named 'main' \(the targets are "
                                       r"\['gen'\]\)"):
        without_eval_func()


def test_off_parameters_get_non_volatile_inputs():
    volatiles = []
    evaluator = _evaluator()
    model = evaluator.get_target('main')
    for param in model.params():
        param.volatile = chainer.OFF

    def eval_func(x, t):
        volatiles.append(x.volatile)
        return model(x, t)

    evaluator.eval_func = eval_func
    assert 'main/loss' in evaluator()
    assert set(volatiles) == {chainer.OFF}
