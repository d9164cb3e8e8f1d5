"""WalkerAlias.device (v7): the device of its tables."""
import numpy

from chainer import backend
from chainer import utils


def test_device_of_a_host_sampler():
    sampler = utils.WalkerAlias([0.1, 0.2, 0.7])
    assert sampler.device == backend.CpuDevice()
    assert sampler.device.xp is numpy
    sampler.to_cpu()
    assert sampler.device == backend.CpuDevice()
    assert sampler.sample((4,)).dtype == numpy.int32
