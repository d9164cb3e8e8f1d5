"""Array manipulation functions (spec 001 §3.4.2, 003 "Array manipulations")."""
from chainer.functions.array.broadcast import Broadcast
from chainer.functions.array.broadcast import broadcast
from chainer.functions.array.broadcast import BroadcastTo
from chainer.functions.array.broadcast import broadcast_to
from chainer.functions.array.cast import Cast
from chainer.functions.array.cast import cast
from chainer.functions.array.concat import Concat
from chainer.functions.array.concat import concat
from chainer.functions.array.copy import Copy
from chainer.functions.array.copy import copy
from chainer.functions.array.dstack import dstack
from chainer.functions.array.expand_dims import ExpandDims
from chainer.functions.array.expand_dims import expand_dims
from chainer.functions.array.flatten import flatten
from chainer.functions.array.fliplr import FlipLR
from chainer.functions.array.fliplr import fliplr
from chainer.functions.array.flipud import FlipUD
from chainer.functions.array.flipud import flipud
from chainer.functions.array.get_item import GetItem
from chainer.functions.array.get_item import get_item
from chainer.functions.array.hstack import hstack
from chainer.functions.array.permutate import Permutate
from chainer.functions.array.permutate import permutate
from chainer.functions.array.reshape import Reshape
from chainer.functions.array.reshape import reshape
from chainer.functions.array.rollaxis import Rollaxis
from chainer.functions.array.rollaxis import rollaxis
from chainer.functions.array.select_item import SelectItem
from chainer.functions.array.select_item import select_item
from chainer.functions.array.separate import Separate
from chainer.functions.array.separate import separate
from chainer.functions.array.split_axis import SplitAxis
from chainer.functions.array.split_axis import split_axis
from chainer.functions.array.squeeze import Squeeze
from chainer.functions.array.squeeze import squeeze
from chainer.functions.array.stack import Stack
from chainer.functions.array.stack import stack
from chainer.functions.array.swapaxes import Swapaxes
from chainer.functions.array.swapaxes import swapaxes
from chainer.functions.array.tile import Tile
from chainer.functions.array.tile import tile
from chainer.functions.array.transpose import Transpose
from chainer.functions.array.transpose import transpose
from chainer.functions.array.transpose_sequence import TransposeSequence
from chainer.functions.array.transpose_sequence import transpose_sequence
from chainer.functions.array.vstack import vstack
from chainer.functions.array.where import Where
from chainer.functions.array.where import where

__all__ = [
    'Broadcast', 'broadcast', 'BroadcastTo', 'broadcast_to', 'Cast', 'cast',
    'Concat', 'concat', 'Copy', 'copy', 'dstack', 'ExpandDims', 'expand_dims',
    'flatten', 'FlipLR', 'fliplr', 'FlipUD', 'flipud', 'GetItem', 'get_item',
    'hstack', 'Permutate', 'permutate', 'Reshape', 'reshape', 'Rollaxis', 'rollaxis',
    'SelectItem', 'select_item', 'Separate', 'separate', 'SplitAxis', 'split_axis',
    'Squeeze', 'squeeze', 'Stack', 'stack', 'Swapaxes', 'swapaxes', 'Tile', 'tile',
    'Transpose', 'transpose', 'TransposeSequence', 'transpose_sequence', 'vstack',
    'Where', 'where',
]
