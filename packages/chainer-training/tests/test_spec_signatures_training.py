"""Every documented public name of chainer-training against the v1 documentation: the
signatures (parameters, order, defaults) by ``inspect.signature``, the documented
attributes and class defaults, and the public names of each module and class, so that a
renamed, reordered, re-defaulted, missing or undocumented addition fails here.

Sources: ``001`` is the Chainer 1.14 reference manual (dataset abstraction, training
loop, optimizers, datasets, iterators, extensions). The text of that manual lacks the
class lines of the extensions (Evaluator, ExponentialShift, LinearShift, LogReport,
snapshot, PrintReport, ProgressBar): their parameter lists give the names and order, and
a default is checked only where the text states it in words ("If it is None, ...",
"called once for each epoch by default"); ``...`` marks a default the text does not
give. ``issue-7`` marks names that issue 7 asks for beyond 1.14 (they follow the later
Chainer reference).

Parameters beyond the documented ones are allowed only when listed in
``EXTRA_PARAMETERS`` with the reason; undocumented public module and class names only
when listed in ``EXTRA_NAMES``.
"""
import inspect
import os

import numpy
import pytest

import chainer
from chainer import dataset, datasets, iterators, optimizers, training
from chainer.dataset import convert
from chainer.serializers import npz
from chainer.testing.signature import check_signature, implemented_parameters
from chainer.testing.signature import parse_signature
from chainer.training import extensions, triggers

# qualified name -> (documented parameter list, source)
SIGNATURES = {
    # dataset abstraction
    'chainer.dataset.DatasetMixin.__getitem__': ('(index)', '001'),
    'chainer.dataset.DatasetMixin.__len__': ('()', '001'),
    'chainer.dataset.DatasetMixin.get_example': ('(i)', '001'),
    'chainer.dataset.Iterator.__iter__': ('()', '001'),
    'chainer.dataset.Iterator.__next__': ('()', '001'),
    'chainer.dataset.Iterator.next': ('()', '001'),
    'chainer.dataset.Iterator.finalize': ('()', '001'),
    'chainer.dataset.Iterator.serialize': ('(serializer)', '001'),
    'chainer.dataset.concat_examples': ('(batch, device=None, padding=None)', '001'),
    'chainer.dataset.get_dataset_root': ('()', '001'),
    'chainer.dataset.set_dataset_root': ('(path)', '001'),
    'chainer.dataset.cached_download': ('(url)', '001'),
    'chainer.dataset.cache_or_load_file': ('(path, creator, loader)', '001'),
    # training loop abstraction
    'chainer.training.Trainer': ("(updater, stop_trigger=None, out='result')", '001'),
    'chainer.training.Trainer.extend': (
        '(extension, name=None, trigger=None, priority=None, invoke_before_training=None)',
        '001'),
    'chainer.training.Trainer.get_extension': ('(name)', '001'),
    'chainer.training.Trainer.run': ('()', '001'),
    'chainer.training.Trainer.serialize': ('(serializer)', '001'),
    'chainer.training.Updater.connect_trainer': ('(trainer)', '001'),
    'chainer.training.Updater.finalize': ('()', '001'),
    'chainer.training.Updater.get_all_optimizers': ('()', '001'),
    'chainer.training.Updater.get_optimizer': ('(name)', '001'),
    'chainer.training.Updater.serialize': ('(serializer)', '001'),
    'chainer.training.Updater.update': ('()', '001'),
    'chainer.training.StandardUpdater': (
        '(iterator, optimizer, converter=concat_examples, device=None, loss_func=None)',
        '001'),
    'chainer.training.StandardUpdater.get_iterator': ('(name)', '001'),
    'chainer.training.StandardUpdater.update_core': ('()', '001'),
    'chainer.training.ParallelUpdater': (
        '(iterator, optimizer, converter=concat_examples, models=None, devices=None, '
        'loss_func=None)',
        '001'),
    'chainer.training.Extension.__call__': ('(trainer)', '001'),
    'chainer.training.Extension.finalize': ('()', '001'),
    'chainer.training.Extension.serialize': ('(serializer)', '001'),
    'chainer.training.make_extension': (
        '(trigger=None, default_name=None, priority=None, invoke_before_training=False, '
        'finalizer=None)',
        '001'),
    'chainer.training.IntervalTrigger': ('(period, unit)', '001'),
    'chainer.training.IntervalTrigger.__call__': ('(trainer)', '001'),
    'chainer.training.get_trigger': ('(trigger)', '001'),
    # optimizers
    'chainer.optimizers.AdaDelta': ('(rho=0.95, eps=1e-06)', '001'),
    'chainer.optimizers.AdaGrad': ('(lr=0.001, eps=1e-08)', '001'),
    'chainer.optimizers.Adam': ('(alpha=0.001, beta1=0.9, beta2=0.999, eps=1e-08)', '001'),
    'chainer.optimizers.MomentumSGD': ('(lr=0.01, momentum=0.9)', '001'),
    'chainer.optimizers.NesterovAG': ('(lr=0.01, momentum=0.9)', '001'),
    'chainer.optimizers.RMSprop': ('(lr=0.01, alpha=0.99, eps=1e-08)', '001'),
    'chainer.optimizers.RMSpropGraves': (
        '(lr=0.0001, alpha=0.95, momentum=0.9, eps=0.0001)', '001'),
    'chainer.optimizers.SGD': ('(lr=0.01)', '001'),
    'chainer.optimizers.SMORMS3': ('(lr=0.001, eps=1e-16)', '001'),
    # datasets
    'chainer.datasets.DictDataset': ('(**datasets)', '001'),
    'chainer.datasets.TupleDataset': ('(*datasets)', '001'),
    'chainer.datasets.SubDataset': ('(dataset, start, finish, order=None)', '001'),
    'chainer.datasets.split_dataset': ('(dataset, split_at, order=None)', '001'),
    'chainer.datasets.split_dataset_random': ('(dataset, first_size)', '001'),
    'chainer.datasets.get_cross_validation_datasets': ('(dataset, n_fold, order=None)', '001'),
    'chainer.datasets.get_cross_validation_datasets_random': ('(dataset, n_fold)', '001'),
    'chainer.datasets.ImageDataset': ("(paths, root='.', dtype=numpy.float32)", '001'),
    'chainer.datasets.LabeledImageDataset': (
        "(pairs, root='.', dtype=numpy.float32, label_dtype=numpy.int32)", '001'),
    'chainer.datasets.get_mnist': (
        '(withlabel=True, ndim=1, scale=1.0, dtype=numpy.float32, label_dtype=numpy.int32)',
        '001'),
    'chainer.datasets.get_cifar10': ('(withlabel=True, ndim=3, scale=1.0)', '001'),
    'chainer.datasets.get_cifar100': ('(withlabel=True, ndim=3, scale=1.0)', '001'),
    'chainer.datasets.get_ptb_words': ('()', '001'),
    'chainer.datasets.get_ptb_words_vocabulary': ('()', '001'),
    'chainer.datasets.TransformDataset': ('(dataset, transform)', 'issue-7'),
    # iterators
    'chainer.iterators.SerialIterator': (
        '(dataset, batch_size, repeat=True, shuffle=True)', '001'),
    'chainer.iterators.MultiprocessIterator': (
        '(dataset, batch_size, repeat=True, shuffle=True, n_processes=None)', '001'),
    # extensions
    'chainer.training.extensions.dump_graph': (
        "(root_name, out_name='cg.dot', variable_style=None, function_style=None)", '001'),
    'chainer.training.extensions.Evaluator': (
        '(iterator, target, converter=concat_examples, device=..., eval_hook=..., '
        'eval_func=...)',
        '001'),
    'chainer.training.extensions.Evaluator.__call__': ('(trainer=None)', '001'),
    'chainer.training.extensions.Evaluator.evaluate': ('()', '001'),
    'chainer.training.extensions.Evaluator.get_all_iterators': ('()', '001'),
    'chainer.training.extensions.Evaluator.get_all_targets': ('()', '001'),
    'chainer.training.extensions.Evaluator.get_iterator': ('(name)', '001'),
    'chainer.training.extensions.Evaluator.get_target': ('(name)', '001'),
    'chainer.training.extensions.ExponentialShift': (
        '(attr, rate, init=None, target=..., optimizer=None)', '001'),
    'chainer.training.extensions.LinearShift': (
        '(attr, value_range, time_range, optimizer=None)', '001'),
    'chainer.training.extensions.LogReport': (
        '(keys=None, trigger=..., postprocess=..., log_name=...)', '001'),
    'chainer.training.extensions.snapshot': (
        "(savefun=..., filename=..., trigger=(1, 'epoch'))", '001'),
    'chainer.training.extensions.snapshot_object': (
        "(target, filename, savefun=save_npz, trigger=(1, 'epoch'))", '001'),
    'chainer.training.extensions.PrintReport': ('(entries, log_report=..., out=...)', '001'),
    'chainer.training.extensions.ProgressBar': (
        '(training_length=None, update_interval=..., bar_length=..., out=...)', '001'),
    'chainer.training.extensions.PlotReport': (
        "(y_keys, x_key='iteration', trigger=(1, 'epoch'), postprocess=None, "
        "file_name='plot.png', marker='x', grid=True)",
        'issue-7'),
    'chainer.training.extensions.observe_value': ('(observation_key, target_func)', 'issue-7'),
    'chainer.training.extensions.observe_lr': (
        "(optimizer_name='main', observation_key='lr')", 'issue-7'),
    'chainer.training.triggers.IntervalTrigger': ('(period, unit)', 'issue-7'),
    'chainer.training.triggers.ManualScheduleTrigger': ('(points, unit)', 'issue-7'),
    'chainer.training.triggers.MaxValueTrigger': ("(key, trigger=(1, 'epoch'))", 'issue-7'),
    'chainer.training.triggers.MinValueTrigger': ("(key, trigger=(1, 'epoch'))", 'issue-7'),
}

# qualified name -> {undocumented parameter: why it is there}
_V7 = "v7.8.1's {} (issue 27)"

EXTRA_PARAMETERS = {
    'chainer.optimizers.Adam': {
        name: "v7.8.1's Adam option (issue 25, point 7)"
        for name in ('eta', 'weight_decay_rate', 'amsgrad', 'adabound', 'final_lr',
                     'gamma')},
    'chainer.optimizers.RMSprop': {
        'eps_inside_sqrt': "v7.8.1's RMSprop option (issue 25, point 7)"},
    'chainer.dataset.cached_download': {
        'checksum': "issue 7: a download is verified ('md5:<hex>', ...) and never cached "
                    'when corrupt'},
    'chainer.datasets.split_dataset_random': {
        'seed': 'reproducible split (the later Chainer reference has it)'},
    'chainer.datasets.get_cross_validation_datasets_random': {
        'seed': 'reproducible folds (the later Chainer reference has it)'},
    'chainer.training.StandardUpdater': {
        'loss_scale': _V7.format('fixed loss scale'),
        'auto_new_epoch': _V7.format('automatic optimizer.new_epoch'),
        'kwargs': _V7.format('keyword-only input_device')},
    'chainer.training.ParallelUpdater': {
        'loss_scale': _V7.format('fixed loss scale'),
        'auto_new_epoch': _V7.format('automatic optimizer.new_epoch')},
    'chainer.training.Trainer.extend': {
        'call_before_training': _V7.format('call before the first update')},
    'chainer.training.Trainer.run': {
        'show_loop_exception_msg': _V7.format('print of the error stopping the loop')},
    'chainer.training.make_extension': {
        'initializer': _V7.format('initialize hook'), 'on_error': _V7.format('error hook'),
        'kwargs': 'refuses unknown keywords with TypeError (v7)'},
    'chainer.training.extensions.Evaluator': {
        'kwargs': _V7.format('keyword-only progress_bar')},
    'chainer.training.extensions.LogReport': {
        'kwargs': _V7.format('keyword filename (the name of log_name there)')},
    'chainer.training.extensions.snapshot': {
        'kwargs': _V7.format('keyword-only target, condition, writer, snapshot_on_error, '
                            'n_retains, autoload')},
    'chainer.training.extensions.snapshot_object': {
        'kwargs': _V7.format('keyword-only condition, writer, snapshot_on_error, '
                            'n_retains, autoload')},
    'chainer.training.extensions.ProgressBar': {
        'log_interval': 'issue 17: off a terminal, one compact line at most every this '
                        'many seconds instead of a line per redraw'},
    'chainer.iterators.MultiprocessIterator': {
        'n_prefetch': 'number of batches loaded ahead (the later Chainer reference has '
                      'it; 1 is the 1.14 behaviour)',
        'shared_mem': 'issue 14: v1.24 sends the arrays of the examples through shared '
                      'memory slots of this many bytes (None: sized on the first batch)',
        'order_sampler': 'v2+ order sampler (issue 27)',
        'dataset_timeout': 'v7 TimeoutWarning after this many seconds (issue 27)',
        'maxtasksperchild': 'v7: the worker pool is renewed after this many batches '
                            '(issue 27)',
        'dataset_time_limit': 'issue 31: keyword-only hard limit; the hung workers are '
                              'terminated and DatasetTimeoutError names the indices'},
    'chainer.iterators.SerialIterator': {'order_sampler': 'v2+ order sampler (issue 27)'},
    'chainer.datasets.get_mnist': {
        'rgb_format': 'v4+: three equal channels with ndim=3 (issue 27)'},
    'chainer.datasets.get_cifar10': {'dtype': 'v4+ image dtype (issue 27)'},
    'chainer.datasets.get_cifar100': {'dtype': 'v4+ image dtype (issue 27)'},
}

# Defaults that differ in kind from the 1.14 source although the text only says them in
# words: ``out`` is "standard output by default"; None here means the *current*
# sys.stdout at each write, so that a ProgressBar's redirection and output capture see it.
WORDED_DEFAULTS = {
    'chainer.training.extensions.PrintReport': {'out': None},
    'chainer.training.extensions.ProgressBar': {'out': None},
}

_NAMES = {'numpy': numpy, 'concat_examples': convert.concat_examples,
          'save_npz': npz.save_npz}


def _resolve(qualname):
    """The object named by a dotted path: attributes first (``extensions.snapshot`` is
    the function, not its module), importing submodules only where needed."""
    parts = qualname.split('.')
    obj = __import__(parts[0])
    for n, attribute in enumerate(parts[1:], 2):
        if inspect.isclass(obj):
            obj = inspect.getattr_static(obj, attribute)
        elif hasattr(obj, attribute):
            obj = getattr(obj, attribute)
        else:
            obj = __import__('.'.join(parts[:n]), fromlist=['_'])
    return obj


@pytest.mark.parametrize('qualname', sorted(SIGNATURES))
def test_documented_signature(qualname):
    text, _ = SIGNATURES[qualname]
    obj = _resolve(qualname)
    assert callable(obj) or isinstance(obj, (staticmethod, classmethod)), qualname
    check_signature(obj, text, extras=EXTRA_PARAMETERS.get(qualname, {}),
                    namespace=_NAMES, name=qualname)


@pytest.mark.parametrize('qualname', sorted(WORDED_DEFAULTS))
def test_worded_defaults(qualname):
    actual = {p.name: p.default for p in implemented_parameters(_resolve(qualname))}
    for name, default in WORDED_DEFAULTS[qualname].items():
        assert actual[name] is default, (qualname, name)


def test_every_explained_extra_is_on_a_documented_name():
    for qualname in list(EXTRA_PARAMETERS) + list(WORDED_DEFAULTS):
        assert qualname in SIGNATURES, qualname
    for qualname, extras in EXTRA_PARAMETERS.items():
        assert all(reason for reason in extras.values()), qualname


# ---------------------------------------------------------------------------------------
# Public names of the modules: the documented ones plus the explained extras, nothing else.

DOCUMENTED_NAMES = {
    'chainer.dataset': ['DatasetMixin', 'Iterator', 'concat_examples', 'get_dataset_root',
                        'set_dataset_root', 'cached_download', 'cache_or_load_file'],
    'chainer.datasets': ['DictDataset', 'TupleDataset', 'SubDataset', 'split_dataset',
                         'split_dataset_random', 'get_cross_validation_datasets',
                         'get_cross_validation_datasets_random', 'ImageDataset',
                         'LabeledImageDataset', 'get_mnist', 'get_cifar10', 'get_cifar100',
                         'get_ptb_words', 'get_ptb_words_vocabulary'],
    'chainer.iterators': ['SerialIterator', 'MultiprocessIterator'],
    'chainer.optimizers': ['AdaDelta', 'AdaGrad', 'Adam', 'MomentumSGD', 'NesterovAG',
                           'RMSprop', 'RMSpropGraves', 'SGD', 'SMORMS3'],
    'chainer.training': ['Trainer', 'Updater', 'StandardUpdater', 'ParallelUpdater',
                         'Extension', 'make_extension', 'IntervalTrigger', 'get_trigger',
                         'PRIORITY_WRITER', 'PRIORITY_EDITOR', 'PRIORITY_READER'],
    'chainer.training.extensions': ['dump_graph', 'Evaluator', 'ExponentialShift',
                                    'LinearShift', 'LogReport', 'snapshot',
                                    'snapshot_object', 'PrintReport', 'ProgressBar'],
    'chainer.training.triggers': [],
}

# module -> {public name beyond 1.14: why}
EXTRA_NAMES = {
    'chainer.optimizers': dict(
        {name: 'a v7.8.1 optimizer (issue 25, point 7)'
         for name in ('AdaBound', 'AdamW', 'AMSBound', 'AMSGrad', 'CorrectedMomentumSGD',
                      'MSVAG')},
        **{name + 'Rule': 'its v2+ per-parameter update rule (issue 25, point 7)'
           for name in ('AdaDelta', 'AdaGrad', 'Adam', 'CorrectedMomentumSGD',
                        'MomentumSGD', 'MSVAG', 'NesterovAG', 'RMSprop', 'RMSpropGraves',
                        'SGD', 'SMORMS3')}),
    'chainer.dataset': {
        'to_device': 'the device transfer concat_examples does; a converter building '
                     'block (later Chainer reference)',
        'get_dataset_directory': 'directory of one dataset under the root (used by the '
                                 'concrete datasets; later Chainer reference)',
        'TabularDataset': 'v7 tabular datasets (issue 27)',
        'Converter': 'the v7 converter protocol (issue 27)',
        'converter': 'the v7 converter decorator (issue 27)',
        'ConcatWithAsyncTransfer': 'the v7 converter object (issue 27)'},
    'chainer.datasets': dict(
        {'TransformDataset': 'issue 7 (later Chainer reference)',
         'split_dataset_n': 'issue 14 (v1.24)',
         'split_dataset_n_random': 'issue 14 (v1.24)'},
        **{name: 'a v2-v7 dataset (issue 27)'
           for name in ('ConcatenatedDataset', 'LabeledZippedImageDataset',
                        'MultiZippedImageDataset', 'PickleDataset', 'PickleDatasetWriter',
                        'TextDataset', 'ZippedImageDataset', 'get_fashion_mnist',
                        'get_fashion_mnist_labels', 'get_kuzushiji_mnist',
                        'get_kuzushiji_mnist_labels', 'get_svhn', 'open_pickle_dataset',
                        'open_pickle_dataset_writer')}),
    'chainer.iterators': {
        name: 'a v2-v7 iterator or order sampler (issue 27)'
        for name in ('DaliIterator', 'MultithreadIterator', 'OrderSampler',
                     'ShuffleOrderSampler')},
    'chainer.training.extensions': {
        'PlotReport': 'issue 7', 'observe_value': 'issue 7', 'observe_lr': 'issue 7',
        'MicroAverage': 'issue 14 (v1.24)', 'ParameterStatistics': 'issue 14 (v1.24)',
        **{name: 'a v7.8.1 extension or module (issue 27)'
           for name in ('DumpGraph', 'FailOnNonNumber', 'InverseShift', 'MultistepShift',
                        'PolynomialShift', 'StepShift', 'VariableStatisticsPlot',
                        'WarmupShift', 'unchain_variables')}},
    'chainer.training.triggers': {
        'IntervalTrigger': 'the later home of chainer.training.IntervalTrigger',
        'ManualScheduleTrigger': 'issue 7', 'MaxValueTrigger': 'issue 7',
        'MinValueTrigger': 'issue 7',
        'BestValueTrigger': 'the base of Max/MinValueTrigger (later Chainer reference)',
        **{name: 'a v7.8.1 trigger (issue 27)'
           for name in ('EarlyStoppingTrigger', 'OnceTrigger', 'TimeTrigger')}},
}


@pytest.mark.parametrize('module_name', sorted(DOCUMENTED_NAMES))
def test_module_public_names(module_name):
    module = __import__(module_name, fromlist=['_'])
    expected = set(DOCUMENTED_NAMES[module_name]) | set(EXTRA_NAMES.get(module_name, {}))
    assert set(module.__all__) == expected
    for name in expected:
        assert hasattr(module, name), '{}.{} is missing'.format(module_name, name)


# ---------------------------------------------------------------------------------------
# Public attributes of the classes: documented (methods, properties, class attributes,
# "Variables") plus the explained extras.

_EXTENSION_BASE = ['trigger', 'priority', 'invoke_before_training', 'default_name',
                   'finalize', 'serialize']
_EXTENSION_EXTRAS = {
    'name': 'the name under which Trainer.extend registered it (set by extend in 1.14 too)',
    'initialize': 'called once before the loop, also after a resume (later Chainer '
                  'reference); the optimizer shifts apply their value there',
    'on_error': "called when the loop fails (v7.8.1's hook, issue 27)",
}
_ITERATOR = ['finalize', 'next', 'serialize']
_ITERATOR_STATE = ['epoch', 'epoch_detail', 'is_new_epoch']
_ITERATOR_EXTRAS = {
    'current_position': 'index of the next example (serialized; later Chainer reference)',
    'previous_epoch_detail': 'epoch_detail before the last batch (later Chainer reference)',
    'repeat': 'as given', 'shuffle': 'as given',
    'reset': 'restart from the first epoch (later Chainer reference; Evaluator uses it)',
    'order_sampler': 'the v2+ order sampler in use (issue 27)',
}
_UPDATER = ['connect_trainer', 'finalize', 'get_all_optimizers', 'get_optimizer',
            'serialize', 'update']
_STANDARD_UPDATER_EXTRAS = {
    'epoch': 'read by the triggers (1.14 source too)',
    'epoch_detail': 'read by ProgressBar (1.14 source too)',
    'is_new_epoch': 'read by the triggers (1.14 source too)',
    'previous_epoch_detail': 'read by the epoch triggers (v1.24 source too)',
    'device': 'the device of the models (v7.8.1 property, issue 27)',
    'input_device': 'the device of the batches (v7.8.1, issue 27)'}
_SHIFT_EXTRAS = dict(_EXTENSION_EXTRAS, value_at='the scheduled value after t calls')

CLASS_NAMES = {
    # class: (documented public attributes, {extra: why})
    training.Trainer: (['extend', 'get_extension', 'run', 'serialize'],
                       {'elapsed_time': 'issue 7 (later Chainer reference)',
                        'is_before_training': 'no update done yet (v7.8.1, issue 27)'}),
    training.Updater: (_UPDATER, {}),
    training.StandardUpdater: (_UPDATER + ['get_iterator', 'update_core'],
                               _STANDARD_UPDATER_EXTRAS),
    training.ParallelUpdater: (_UPDATER + ['get_iterator', 'update_core'],
                               _STANDARD_UPDATER_EXTRAS),
    training.Extension: (_EXTENSION_BASE, _EXTENSION_EXTRAS),
    training.IntervalTrigger: ([], {
        'serialize': 'saves where its last call stopped (later Chainer reference)',
        'get_training_length': '(period, unit) (v7.8.1, issue 27)'}),
    extensions.Evaluator: (_EXTENSION_BASE + ['evaluate', 'get_all_iterators',
                                              'get_all_targets', 'get_iterator',
                                              'get_target'], _EXTENSION_EXTRAS),
    extensions.LogReport: (_EXTENSION_BASE + ['log'], _EXTENSION_EXTRAS),
    extensions.PrintReport: (_EXTENSION_BASE, dict(
        _EXTENSION_EXTRAS, header='the header line', row='one formatted row')),
    extensions.ProgressBar: (_EXTENSION_BASE, dict(
        _EXTENSION_EXTRAS, speed='iterations per second over the recent window')),
    extensions.ExponentialShift: (_EXTENSION_BASE, _SHIFT_EXTRAS),
    extensions.LinearShift: (_EXTENSION_BASE, _SHIFT_EXTRAS),
    dataset.DatasetMixin: (['get_example'], {}),
    dataset.Iterator: (_ITERATOR, {}),
    iterators.SerialIterator: (_ITERATOR + _ITERATOR_STATE, _ITERATOR_EXTRAS),
    iterators.MultiprocessIterator: (_ITERATOR + _ITERATOR_STATE, dict(
        _ITERATOR_EXTRAS, TimeoutWarning='the v7 warning of dataset_timeout (issue 27)',
        DatasetTimeoutError='raised after dataset_time_limit (issue 31)')),
    datasets.SubDataset: (['get_example'], {}),
    datasets.TupleDataset: ([], {}),
    datasets.DictDataset: ([], {}),
    datasets.ImageDataset: (['get_example'], {}),
    datasets.LabeledImageDataset: (['get_example'], {}),
}


@pytest.mark.parametrize('cls', list(CLASS_NAMES), ids=lambda c: c.__name__)
def test_class_public_names(cls):
    documented, extras = CLASS_NAMES[cls]
    public = {n for n in dir(cls) if not n.startswith('_')}
    assert public == set(documented) | set(extras)


def test_dataset_protocol_dunders():
    # v1 documents that datasets support __getitem__ (int and slice) and __len__.
    for cls in (dataset.DatasetMixin, datasets.SubDataset, datasets.TupleDataset,
                datasets.DictDataset, datasets.ImageDataset, datasets.LabeledImageDataset,
                datasets.TransformDataset):
        assert callable(cls.__getitem__) and callable(cls.__len__)
    assert callable(dataset.Iterator.__iter__) and callable(dataset.Iterator.__next__)


# ---------------------------------------------------------------------------------------
# Documented attribute values ("Variables") and class defaults.

def test_extension_class_defaults():
    # v1's documented Extension defaults: trigger (1, 'iteration'), priority
    # PRIORITY_READER, invoke_before_training False; default_name is the class name.
    ext = training.Extension()
    assert ext.trigger == (1, 'iteration')
    assert ext.priority == training.PRIORITY_READER
    assert ext.invoke_before_training is False
    assert ext.default_name == 'Extension'

    class MyExtension(training.Extension):
        pass

    assert MyExtension().default_name == 'MyExtension'
    assert training.PRIORITY_WRITER > training.PRIORITY_EDITOR > training.PRIORITY_READER


def test_extension_defaults_stated_in_the_text(tmp_path):
    # Evaluator is called at the end of each epoch, named 'validation', and writes
    # observations; snapshots run once per epoch, priority -100 (as documented for v1).
    it = iterators.SerialIterator(numpy.zeros((2, 1), numpy.float32), 1, repeat=False)
    evaluator = extensions.Evaluator(it, chainer.Link())
    assert evaluator.trigger == (1, 'epoch')
    assert evaluator.default_name == 'validation'
    assert evaluator.priority == training.PRIORITY_WRITER
    for ext in (extensions.snapshot(), extensions.snapshot_object(chainer.Link(), 'm')):
        assert ext.trigger == (1, 'epoch') and ext.priority == -100
    assert extensions.dump_graph('main/loss').default_name == 'dump_graph'
    assert extensions.LogReport().trigger == (1, 'iteration')  # accumulates every call


def test_make_extension_defaults_follow_extension():
    @training.make_extension()
    def my_ext(trainer):
        pass

    assert my_ext.trigger == (1, 'iteration')
    assert my_ext.default_name == 'my_ext'
    assert my_ext.priority == training.PRIORITY_READER
    assert my_ext.invoke_before_training is False

    def finalizer():
        pass

    @training.make_extension(trigger=(2, 'epoch'), default_name='n', priority=7,
                             invoke_before_training=True, finalizer=finalizer)
    def other(trainer):
        pass

    assert (other.trigger, other.default_name, other.priority,
            other.invoke_before_training, other.finalize) == \
        ((2, 'epoch'), 'n', 7, True, finalizer)


def test_trainer_and_updater_variables(tmp_path):
    # v1's documented Trainer "Variables": updater, stop_trigger, observation, out,
    # reporter;
    # StandardUpdater: converter, loss_func, device, iteration.
    model = chainer.Link()
    model.add_param('w', (1,))
    opt = optimizers.SGD()
    opt.setup(model)
    it = iterators.SerialIterator([numpy.zeros(1, numpy.float32)], 1)

    def loss_func(x):
        return chainer.functions.sum(x)

    updater = training.StandardUpdater(it, opt, device=-1, loss_func=loss_func)
    assert updater.converter is convert.concat_examples
    assert updater.loss_func is loss_func and updater.device == -1
    assert updater.iteration == 0
    assert updater.get_iterator('main') is it and updater.get_optimizer('main') is opt
    assert updater.get_all_optimizers() == {'main': opt}
    trainer = training.Trainer(updater, (3, 'iteration'), out=str(tmp_path))
    assert trainer.updater is updater and trainer.out == str(tmp_path)
    assert isinstance(trainer.stop_trigger, training.IntervalTrigger)
    assert (trainer.stop_trigger.period, trainer.stop_trigger.unit) == (3, 'iteration')
    assert trainer.observation == {}
    assert isinstance(trainer.reporter, chainer.Reporter)
    assert training.Trainer(updater).out == 'result'


def test_evaluator_variables():
    it = iterators.SerialIterator([numpy.zeros(1, numpy.float32)], 1, repeat=False)
    target = chainer.Link()

    def hook(evaluator):
        pass

    def func(x):
        pass

    evaluator = extensions.Evaluator({'main': it}, {'main': target}, device=-1,
                                     eval_hook=hook, eval_func=func)
    assert evaluator.converter is convert.concat_examples
    assert evaluator.device == -1
    assert evaluator.eval_hook is hook and evaluator.eval_func is func
    assert evaluator.get_iterator('main') is it and evaluator.get_target('main') is target
    assert evaluator.get_all_iterators() == {'main': it}
    assert evaluator.get_all_targets() == {'main': target}


@pytest.mark.parametrize('make', [
    lambda data: iterators.SerialIterator(data, 2),
    lambda data: iterators.MultiprocessIterator(data, 2, n_processes=1),
], ids=['serial', 'multiprocess'])
def test_iterator_attributes(make):
    # v1's documented Iterator attributes: batch_size, epoch, epoch_detail, is_new_epoch
    # (before any batch).
    it = make([1, 2, 3])
    try:
        assert it.batch_size == 2 and it.epoch == 0
        assert it.epoch_detail == 0.0 and it.is_new_epoch is False
        assert iter(it) is it
    finally:
        it.finalize()


def test_multiprocess_iterator_uses_every_cpu_by_default():
    # MultiprocessIterator, as documented: "The number of CPUs is used by default."
    it = iterators.MultiprocessIterator([1, 2], 1)
    assert it.n_processes == (os.cpu_count() or 1)
    it.finalize()


def test_optimizer_hyperparameters_are_attributes():
    # The documented optimizer arguments are the attributes that the shift extensions
    # change.
    for name in DOCUMENTED_NAMES['chainer.optimizers']:
        qualname = 'chainer.optimizers.' + name
        opt = _resolve(qualname)()
        for param in parse_signature(SIGNATURES[qualname][0], _NAMES):
            assert getattr(opt, param.name) == param.default, (name, param.name)
        assert isinstance(opt, chainer.GradientMethod)


def test_interval_trigger_attributes():
    trigger = training.get_trigger((5, 'epoch'))
    assert isinstance(trigger, training.IntervalTrigger)
    assert (trigger.period, trigger.unit) == (5, 'epoch')
    assert training.IntervalTrigger is triggers.IntervalTrigger


def test_print_report_writes_to_the_current_standard_output(tmp_path, capsys):
    # PrintReport's out, as documented: "Standard output is used by default."
    from training_tests import tiny

    trainer = tiny.trainer(tmp_path, stop=(1, 'epoch'))
    trainer.extend(extensions.LogReport())
    trainer.extend(extensions.PrintReport(['epoch', 'iteration']))
    trainer.run()
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].split() == ['epoch', 'iteration']
    assert lines[1].split() == ['1', '4']
