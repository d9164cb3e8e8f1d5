"""``create_mnbn_model``: a copy of a model whose batch normalizations share the
statistics of all processes."""
import copy

import chainer
from chainermn.links.batch_normalization import MultiNodeBatchNormalization


def _to_mnbn(bn, comm, communication_backend):
    mnbn = MultiNodeBatchNormalization(
        bn.avg_mean.shape, comm, decay=bn.decay, eps=bn.eps, dtype=bn.avg_mean.dtype,
        use_gamma=getattr(bn, 'gamma', None) is not None,
        use_beta=getattr(bn, 'beta', None) is not None,
        communication_backend=communication_backend)
    mnbn.copyparams(bn)
    for name in ('avg_mean', 'avg_var', 'N'):
        setattr(mnbn, name, copy.deepcopy(getattr(bn, name)))
    return mnbn


def create_mnbn_model(link, comm, communication_backend='auto'):
    """Returns a copy of ``link`` in which every
    :class:`chainer.links.BatchNormalization` is replaced by a
    :class:`~chainermn.links.MultiNodeBatchNormalization` with the same
    hyperparameters, parameters and running statistics.

    Children of chains (:class:`~chainer.Chain`, :class:`~chainer.ChainList`,
    :class:`~chainer.Sequential`) are replaced at any depth; ``link`` itself is left
    unchanged.

    Args:
        link (~chainer.Link): The model.
        comm: a ChainerMN communicator for the new layers.
        communication_backend (str): ``'mpi'``, ``'nccl'`` or ``'auto'`` (see
            :class:`~chainermn.links.MultiNodeBatchNormalization`).

    Returns:
        ~chainer.Link: the converted copy.
    """
    if (isinstance(link, chainer.links.BatchNormalization) and
            not isinstance(link, MultiNodeBatchNormalization)):
        if link.avg_mean is None:
            raise ValueError('create_mnbn_model needs the size of every '
                             'BatchNormalization (a lazily sized one has not seen its '
                             'first input)')
        return _to_mnbn(link, comm, communication_backend)
    new = copy.deepcopy(link)
    _replace_children(new, comm, communication_backend)
    return new


def _replace_children(link, comm, communication_backend):
    if isinstance(link, chainer.Sequential):  # its layers may be functions too
        for i, layer in enumerate(list(link)):
            if isinstance(layer, chainer.Link):
                new = _converted(layer, comm, communication_backend)
                if new is not layer:
                    link[i] = new  # the layer it calls and the child it lists
    elif isinstance(link, chainer.ChainList):
        for i, child in enumerate(list(link)):
            link._children[i] = _converted(child, comm, communication_backend)
    elif isinstance(link, chainer.Chain):
        for name in sorted(link._children):
            link.__dict__[name] = _converted(link.__dict__[name], comm,
                                             communication_backend)


def _converted(child, comm, communication_backend):
    if (isinstance(child, chainer.links.BatchNormalization) and
            not isinstance(child, MultiNodeBatchNormalization)):
        new = create_mnbn_model(child, comm, communication_backend)
        new.name = child.name
        return new
    _replace_children(child, comm, communication_backend)
    return child
