"""Order samplers: callables that choose the order of the examples of each epoch."""
import numpy


class OrderSampler(object):
    """Base class of order samplers.

    An iterator given an ``order_sampler`` calls it once before the first epoch and
    then at the end of every epoch; the returned 1-D integer array lists the dataset
    indices in the order the next epoch visits them. Its length is the epoch size and
    must stay the same from one call to the next.
    """

    def __call__(self, current_order, current_position):
        """Returns the order of the next epoch.

        Args:
            current_order (numpy.ndarray): The order of the epoch that ends (before the
                first epoch, ``numpy.arange(len(dataset))``).
            current_position (int): Position in ``current_order`` where the batch that
                ends the epoch started taking examples from it.

        Returns:
            numpy.ndarray: 1-D array of dataset indices.
        """
        raise TypeError('{} must implement __call__'.format(type(self).__name__))


class ShuffleOrderSampler(OrderSampler):
    """Order sampler that visits the examples in a new random permutation each epoch.

    Args:
        random_state (numpy.random.RandomState): Generator drawing the permutations;
            None uses the global one of :mod:`numpy.random`.
    """

    def __init__(self, random_state=None):
        self._random = random_state

    def __call__(self, current_order, current_position):
        """Returns a random permutation of ``range(len(current_order))``."""
        random = numpy.random if self._random is None else self._random
        return random.permutation(len(current_order))
