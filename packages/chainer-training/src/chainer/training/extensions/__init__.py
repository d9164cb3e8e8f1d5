"""Standard trainer extensions."""
from chainer.training.extensions.computational_graph import dump_graph
from chainer.training.extensions.evaluator import Evaluator
from chainer.training.extensions.exponential_shift import ExponentialShift
from chainer.training.extensions.linear_shift import LinearShift
from chainer.training.extensions.log_report import LogReport
from chainer.training.extensions.micro_average import MicroAverage
from chainer.training.extensions.parameter_statistics import ParameterStatistics
from chainer.training.extensions.plot_report import PlotReport
from chainer.training.extensions.print_report import PrintReport
from chainer.training.extensions.progress_bar import ProgressBar
from chainer.training.extensions._snapshot import snapshot, snapshot_object
from chainer.training.extensions.value_observation import observe_lr, observe_value

__all__ = ['Evaluator', 'ExponentialShift', 'LinearShift', 'LogReport', 'MicroAverage',
           'ParameterStatistics', 'PlotReport', 'PrintReport', 'ProgressBar', 'dump_graph',
           'observe_lr', 'observe_value', 'snapshot', 'snapshot_object']
