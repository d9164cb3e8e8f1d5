"""PrintHook: prints what goes into every forward and backward."""
import sys

from chainer import function
from chainer import variable


class PrintHook(function.FunctionHook):
    """Function hook that prints the inputs of each forward and backward call.

    Before every forward it prints the function's label and a summary of each input
    array (shape, dtype, mean, std: :meth:`chainer.Variable.debug_print`); before
    every backward it also prints the output gradients.

    Args:
        sep (str): separator of ``print`` (kept for the documented interface).
        end (str): text added after each printed block.
        file: text stream to write to (``sys.stdout`` at print time by default).
        flush (bool): flush the stream after each call.
    """

    name = 'PrintHook'

    def __init__(self, sep='', end='\n', file=None, flush=True):
        self.sep = sep
        self.end = end
        self.file = file
        self.flush = flush

    def _print(self, msg):
        print(msg, sep=self.sep, end=self.end, file=self.file or sys.stdout)

    def _describe(self, heading, arrays):
        self._print(heading)
        for a in arrays:
            self._print('None' if a is None else variable.Variable(a).debug_print())

    def _process(self, function, in_data, out_grad=None):
        self._print('function\t{}'.format(function.label))
        self._describe('input data', in_data)
        if out_grad is not None:
            self._describe('output gradient', out_grad)
        if self.flush:
            (self.file or sys.stdout).flush()

    def forward_preprocess(self, function, in_data):
        """Prints the function's label and its input arrays."""
        self._process(function, in_data)

    def backward_preprocess(self, function, in_data, out_grad):
        """Prints the function's label, its inputs and the output gradients."""
        self._process(function, in_data, out_grad)
