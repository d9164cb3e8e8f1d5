"""ChainerMN v7's module paths and helpers that work in one process:
``chainermn.testing.get_device``, ``chainermn.nccl`` and the communicator modules."""
import numpy
import pytest

import chainer
from chainer import cuda


def test_get_device_names_the_cpu_or_a_gpu():
    from chainermn.testing import get_device
    device = get_device()
    assert isinstance(device, chainer.backend.Device)
    assert device.xp is numpy and str(device) == '@numpy'


@pytest.mark.skipif(cuda.available, reason='a GPU is present')
def test_get_device_of_a_gpu_without_one_raises():
    from chainermn.testing import get_device
    with pytest.raises(Exception):  # noqa: B017 - whatever chainer.get_device raises
        get_device(0)


@pytest.mark.skipif(cuda.available, reason='a GPU is present')
def test_nccl_without_cupy_says_version_0():
    from chainermn import nccl
    assert nccl._available is False
    assert nccl.get_build_version() == 0
    assert not hasattr(nccl, 'NcclCommunicator')


def test_communicator_classes_at_their_v7_module_paths():
    from chainermn.communicators import mpi_allreduce, nccl_allreduce
    from chainermn.communicators.flat_communicator import FlatCommunicator
    from chainermn.communicators.naive_communicator import NaiveCommunicator
    from chainermn.communicators.pure_nccl_communicator import PureNcclCommunicator
    assert NaiveCommunicator is mpi_allreduce.NaiveCommunicator
    assert FlatCommunicator is mpi_allreduce.FlatCommunicator
    assert PureNcclCommunicator is nccl_allreduce.PureNcclCommunicator


def test_double_buffering_is_offered_by_pure_nccl_only():
    from chainermn.communicators import mpi_allreduce, nccl_allreduce
    assert nccl_allreduce.PureNcclCommunicator._supports_double_buffering
    assert not getattr(mpi_allreduce.NaiveCommunicator, '_supports_double_buffering', False)
    assert not getattr(mpi_allreduce.FlatCommunicator, '_supports_double_buffering', False)
