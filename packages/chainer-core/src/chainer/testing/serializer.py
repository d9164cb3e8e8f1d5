"""Round trips through a serializer: :func:`save_and_load` and its npz and HDF5
shortcuts, for tests of ``serialize`` methods."""
import os
import tempfile


def save_and_load(src, dst, filename, saver, loader):
    """Saves ``src`` with ``saver`` and loads the file into ``dst`` with ``loader``,
    in a temporary directory that is removed afterwards.

    Args:
        src: the object to save.
        dst: the object to load into.
        filename (str): the file name used inside the temporary directory.
        saver (callable): ``saver(path, src)``, e.g. :func:`chainer.serializers.save_npz`.
        loader (callable): ``loader(path, dst)``, e.g.
            :func:`chainer.serializers.load_npz`.
    """
    with tempfile.TemporaryDirectory() as directory:
        path = os.path.join(directory, filename)
        saver(path, src)
        loader(path, dst)


def save_and_load_npz(src, dst):
    """:func:`save_and_load` through an npz file.

    Args:
        src: the object to save.
        dst: the object to load into.
    """
    from chainer import serializers
    save_and_load(src, dst, 'tmp.npz', serializers.save_npz, serializers.load_npz)


def save_and_load_hdf5(src, dst):
    """:func:`save_and_load` through an HDF5 file (needs h5py).

    Args:
        src: the object to save.
        dst: the object to load into.
    """
    from chainer import serializers
    save_and_load(src, dst, 'tmp.h5', serializers.save_hdf5, serializers.load_hdf5)
