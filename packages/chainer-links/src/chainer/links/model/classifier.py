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

    Attributes:
        predictor (~chainer.Link): Predictor network.
        lossfun (callable): Loss function.
        accfun (callable): Function that computes accuracy.
        y (~chainer.Variable): Prediction for the last minibatch.
        loss (~chainer.Variable): Loss value for the last minibatch.
        accuracy (~chainer.Variable): Accuracy for the last minibatch.
        compute_accuracy (bool): If True (default), compute accuracy on the forward
            computation.
    """

    compute_accuracy = True

    def __init__(self, predictor, lossfun=F.softmax_cross_entropy,
                 accfun=F.accuracy):
        super(Classifier, self).__init__(predictor=predictor)
        if not callable(lossfun):
            raise TypeError('lossfun must be callable, got {!r}'.format(lossfun))
        if not callable(accfun):
            raise TypeError('accfun must be callable, got {!r}'.format(accfun))
        self.lossfun = lossfun
        self.accfun = accfun
        self.y = None
        self.loss = None
        self.accuracy = None

    def __call__(self, *args):
        """Computes the loss value for an input and label pair.

        Args:
            args: Features followed by the ground truth labels (last element).

        Returns:
            ~chainer.Variable: Loss value.

        Raises:
            InvalidCallError: (a TypeError and, as in v1, an AssertionError) for
                fewer than two arguments.
        """
        if len(args) < 2:
            raise _errors.InvalidCallError(
                'Classifier takes the inputs and the labels (at least two arguments), '
                'got {}'.format(len(args)))
        x, t = args[:-1], args[-1]
        self.y = self.loss = self.accuracy = None
        self.y = self.predictor(*x)
        self.loss = self.lossfun(self.y, t)
        reporter.report({'loss': self.loss}, self)
        if self.compute_accuracy:
            self.accuracy = self.accfun(self.y, t)
            reporter.report({'accuracy': self.accuracy}, self)
        return self.loss
