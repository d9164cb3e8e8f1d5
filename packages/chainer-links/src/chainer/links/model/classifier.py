"""The classifier model ``L.Classifier``."""
import chainer.functions as F
from chainer import link
from chainer import reporter
from chainer.links import _errors


class Classifier(link.Chain):
    """A simple classifier model: a predictor followed by a loss and an accuracy.

    Computes ``y = predictor(*x)``, ``loss = lossfun(y, t)`` and, if
    ``compute_accuracy``, ``accuracy = accfun(y, t)``, and reports ``loss`` and
    ``accuracy`` with :func:`chainer.reporter.report` (observer: this link).

    Args:
        predictor (~chainer.Link): Predictor network.
        lossfun (callable): Loss function (default softmax_cross_entropy).
        accfun (callable): Function that computes accuracy (default
            :func:`chainer.functions.accuracy`).
        label_key (int or str): Where the call's labels are (v2+): the index of the
            positional argument holding them (default -1, the last, as in v1) or the
            name of the keyword argument; the other arguments go to the predictor.

    Attributes:
        predictor (~chainer.Link): Predictor network.
        lossfun (callable): Loss function.
        accfun (callable): Function that computes accuracy.
        label_key (int or str): Where the labels are.
        y (~chainer.Variable): Prediction for the last minibatch.
        loss (~chainer.Variable): Loss value for the last minibatch.
        accuracy (~chainer.Variable): Accuracy for the last minibatch.
        compute_accuracy (bool): If True (default), compute accuracy on the forward
            computation.
    """

    compute_accuracy = True

    def __init__(self, predictor, lossfun=F.softmax_cross_entropy,
                 accfun=F.accuracy, label_key=-1):
        if isinstance(label_key, bool) or not isinstance(label_key, (int, str)):
            raise TypeError('label_key must be int or str, but is {}'.format(
                type(label_key).__name__))
        super(Classifier, self).__init__(predictor=predictor)
        if not callable(lossfun):
            raise TypeError('lossfun must be callable, got {!r}'.format(lossfun))
        if not callable(accfun):
            raise TypeError('accfun must be callable, got {!r}'.format(accfun))
        self.lossfun = lossfun
        self.accfun = accfun
        self.label_key = label_key
        self.y = None
        self.loss = None
        self.accuracy = None

    def _split(self, args, kwargs):
        # (predictor's args, predictor's kwargs, labels) by label_key.
        key = self.label_key
        if isinstance(key, str):
            if key not in kwargs:
                raise ValueError('Label key "{}" is not found'.format(key))
            kwargs = dict(kwargs)
            return args, kwargs, kwargs.pop(key)
        if key == -1 and len(args) < 2 and not kwargs:
            raise _errors.InvalidCallError(
                'Classifier takes the inputs and the labels (at least two arguments), '
                'got {}'.format(len(args)))
        if not -len(args) <= key < len(args):
            raise ValueError('Label key {} is out of bounds'.format(key))
        index = key % len(args)
        return args[:index] + args[index + 1:], kwargs, args[index]

    def forward(self, *args, **kwargs):
        """Computes the loss value for an input and label pair.

        Args:
            args, kwargs: Features and the ground truth labels, found by
                ``label_key`` (by default the last positional argument).

        Returns:
            ~chainer.Variable: Loss value.

        Raises:
            InvalidCallError: (a TypeError and, as in v1, an AssertionError) for
                fewer than two arguments with the default ``label_key``.
            ValueError: when ``label_key`` names no argument of the call.
        """
        x, kw, t = self._split(args, kwargs)
        self.y = self.loss = self.accuracy = None
        self.y = self.predictor(*x, **kw)
        self.loss = self.lossfun(self.y, t)
        reporter.report({'loss': self.loss}, self)
        if self.compute_accuracy:
            self.accuracy = self.accfun(self.y, t)
            reporter.report({'accuracy': self.accuracy}, self)
        return self.loss
