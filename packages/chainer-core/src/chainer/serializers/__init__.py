"""Concrete serializers: NumPy NPZ files and HDF5 files (h5py)."""
from chainer.serializers.hdf5 import HDF5Deserializer  # noqa: F401
from chainer.serializers.hdf5 import HDF5Serializer  # noqa: F401
from chainer.serializers.hdf5 import load_hdf5  # noqa: F401
from chainer.serializers.hdf5 import save_hdf5  # noqa: F401
from chainer.serializers.npz import DictionarySerializer  # noqa: F401
from chainer.serializers.npz import NpzDeserializer  # noqa: F401
from chainer.serializers.npz import load_npz  # noqa: F401
from chainer.serializers.npz import save_npz  # noqa: F401

__all__ = ['DictionarySerializer', 'HDF5Deserializer', 'HDF5Serializer',
           'NpzDeserializer', 'load_hdf5', 'load_npz', 'save_hdf5', 'save_npz']
