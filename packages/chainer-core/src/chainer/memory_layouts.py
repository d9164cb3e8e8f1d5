"""Memory layouts of arrays (v7.5+): names of the layouts that cuDNN computes in.

This project stores every array in the standard layout, channels first (NCHW for
inputs, OIHW for filters): that layout is named by None, and the channel-last
names below exist so that code referring to them imports. No function here converts
an array to a channel-last layout, and ``chainer.Variable`` takes no ``layout``.
"""

#: The standard layout of inputs (N, C, ...): None.
CUDNN_CHANNEL_FIRST_X = None
#: cuDNN's channel-last layout of inputs (N, ..., C); not supported here.
CUDNN_CHANNEL_LAST_X = 'CUDNN_CHANNEL_LAST_X'
#: The standard layout of filters (O, I, ...): None.
CUDNN_CHANNEL_FIRST_W = None
#: cuDNN's channel-last layout of filters (O, ..., I); not supported here.
CUDNN_CHANNEL_LAST_W = 'CUDNN_CHANNEL_LAST_W'


def get_raw_shape(arr_or_var):
    """The shape of the data as stored (an array's or a Variable's).

    Args:
        arr_or_var: an array or a :class:`~chainer.Variable`.

    Returns:
        tuple of ints: the shape.
    """
    return tuple(arr_or_var.shape)


def get_semantic_shape(arr_or_var, assumed_layout=None):
    """The shape in the standard (channel-first) layout.

    Every array here is in the standard layout, so this is its shape.

    Args:
        arr_or_var: an array or a :class:`~chainer.Variable`.
        assumed_layout: the layout the caller assumes; only None (the standard
            layout) is supported.

    Returns:
        tuple of ints: the shape.

    Raises:
        ValueError: for a channel-last layout.
    """
    if assumed_layout is not None:
        raise ValueError('memory layout {!r} is not supported: arrays are stored '
                         'channel-first here'.format(assumed_layout))
    return tuple(arr_or_var.shape)
