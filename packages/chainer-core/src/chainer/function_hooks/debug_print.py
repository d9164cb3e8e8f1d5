"""PrintHook: prints what goes into every forward and backward."""
import sys

from chainer import _variable_report
from chainer import cuda
from chainer import function


def _describe(data, grad=None):
    # A variable-like block (as Variable.debug_print of v2+, which has no volatility)
    # under a fresh address line, as if the array were wrapped in a new Variable
    return _variable_report.describe('<variable at 0x{:x}>'.format(id(data)), data, grad)


class PrintHook(function.FunctionHook):
    """Function hook that prints the inputs of each forward and backward call.

    Before every forward it prints ``function<TAB><label>``, then ``input data`` and
    a block for each input array (device, array type, shape, dtype, mean and
    standard deviation, as :meth:`chainer.Variable.debug_print` shows them);
    an input that the function did not keep for its backward is printed as
    ``(removed)``. Before every backward it also prints ``output gradient`` and a
    block for each output gradient (statistics of a zero array of its shape and
    of the gradient; ``None`` when there is none).

    Args:
        sep (str): separator given to ``print`` (Chainer v1's argument).
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
        print(msg, sep=self.sep or '', end=self.end, file=self.file or sys.stdout)

    def _process(self, function, in_data, out_grad=None):
        self._print('function\t{}'.format(function.label))
        self._print('input data')
        for d in in_data:
            self._print('(removed)' if d is None else _describe(d))
        if out_grad is not None:
            self._print('output gradient')
            for g in out_grad:
                if g is None:
                    self._print('None')
                else:
                    self._print(_describe(cuda.get_array_module(g).zeros_like(g), g))
        out = self.file or sys.stdout
        if self.flush and hasattr(out, 'flush'):
            out.flush()

    def forward_preprocess(self, function, in_data):
        """Prints the function's label and its input arrays."""
        self._process(function, in_data)

    def backward_preprocess(self, function, in_data, out_grad):
        """Prints the function's label, its inputs and the output gradients."""
        self._process(function, in_data, out_grad)
