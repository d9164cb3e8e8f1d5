"""Caffe's Eltwise layer (PROD, SUM with coefficients, MAX)."""
import functools
import warnings

import chainer.functions as F
from chainer.links.caffe._layers._registry import register

PROD = 0
SUM = 1
MAX = 2


class CoefficientCountError(ValueError, AssertionError):
    """An Eltwise SUM layer was called with a number of bottoms other than the
    number of its coefficients (an ``AssertionError`` too, as v1 raised)."""


def _weighted_sum(xs, coeffs):
    terms = [x if c == 1 else x * c for x, c in zip(xs, coeffs)]
    return functools.reduce(lambda a, b: a + b, terms)


@register('Eltwise', params=('eltwise_param',))
def build_eltwise(layer, net):
    """Elementwise product, weighted sum (``coeff``, default 1 each) or maximum."""
    p = layer.params.eltwise_param
    if len(layer.bottom) < 2:
        raise ValueError('layer {!r}: Eltwise needs at least two bottoms'.format(
            layer.name))
    if p.operation == SUM:
        coeffs = tuple(float(c) for c in p.coeff) or (1.0,) * len(layer.bottom)
        if len(coeffs) != len(layer.bottom):
            # v1 loaded such a file and failed on the first call: so does this (the
            # file keeps its coefficients; only running the layer is impossible).
            message = 'layer {!r} (Eltwise SUM) has {} coefficients for {} bottoms'.format(
                layer.name, len(coeffs), len(layer.bottom))
            warnings.warn(message + '; calling it will raise', stacklevel=4)

            def refuse(net, *xs):
                raise CoefficientCountError(message)
            return refuse
        return lambda net, *xs: _weighted_sum(xs, coeffs)
    if p.coeff:
        raise ValueError('layer {!r}: coeff is only for the SUM operation'.format(
            layer.name))
    if p.operation == PROD:
        return lambda net, *xs: functools.reduce(lambda a, b: a * b, xs)
    if p.operation == MAX:
        return lambda net, *xs: functools.reduce(F.maximum, xs)
    raise ValueError('layer {!r}: unknown Eltwise operation {}'.format(layer.name,
                                                                       p.operation))
