"""``pretrained_model='auto'`` of the vision models: the converted weights cached under
``$CHAINER_DATASET_ROOT/pfnet/chainer/models/`` (v1's place and file names), created
on first use from the original caffemodel."""
import os

from chainer.serializers import npz

MODELS_DIRECTORY = 'pfnet/chainer/models/'


def download_module():
    """``chainer.dataset.download``, which lives in the chainer-training distribution
    (imported on use: the models work without it when given a path or None)."""
    try:
        from chainer.dataset import download
    except ImportError as e:
        raise ImportError(
            "pretrained_model='auto' needs chainer.dataset.download to find the dataset "
            'root and to download; install it with: pip install chainer-training') from e
    return download


def caffe_function(path_caffemodel):
    """Loads a caffemodel with ``CaffeFunction`` of the chainer-caffe distribution."""
    try:
        from chainer.links.caffe.caffe_function import CaffeFunction
    except ImportError as e:
        raise ImportError(
            'converting a caffemodel needs chainer.links.caffe.CaffeFunction; install it '
            'with: pip install chainer-caffe') from e
    return CaffeFunction(path_caffemodel)


def models_directory():
    """The directory of the cached converted models (created if missing)."""
    return download_module().get_dataset_directory(MODELS_DIRECTORY)


def load_auto(model, name_npz, get_caffemodel, convert):
    """Loads ``model`` from the cached ``name_npz``, creating that file on first use.

    Args:
        model (~chainer.Link): The model to fill.
        name_npz (str): File name of the converted model in :func:`models_directory`.
        get_caffemodel: ``get_caffemodel(path_npz)`` returns the local path of the
            caffemodel (downloading it if need be); ``path_npz`` is for its messages.
        convert: ``convert(path_caffemodel, path_npz)`` writes the converted model.
    """
    download = download_module()
    path = os.path.join(models_directory(), name_npz)

    def create(temp_path):
        path_caffemodel = get_caffemodel(path)
        print('Now loading caffemodel (usually it may take few minutes)')
        convert(path_caffemodel, temp_path)
        npz.load_npz(temp_path, model)
        return model

    def load(cached_path):
        npz.load_npz(cached_path, model)
        return model

    return download.cache_or_load_file(path, create, load)


def download_caffemodel(url, path_npz):
    """Returns the cached download of ``url``; without a network, an IOError that says
    where to put the converted model instead."""
    try:
        return download_module().cached_download(url)
    except OSError as e:  # urllib's URLError is an OSError
        raise IOError(
            'Could not download the pre-trained caffemodel from {} ({}). Without a '
            'network, place the converted model at {} (convert the caffemodel with '
            'convert_caffemodel_to_npz on a machine that has it), or pass the path of '
            'a converted .npz file as pretrained_model.'.format(url, e, path_npz)) from e
