"""``pretrained_model='auto'`` of the vision models: the converted weights cached under
``$CHAINER_DATASET_ROOT/pfnet/chainer/models/`` (v1's place and file names), created
on first use from the original caffemodel."""
import importlib
import os

from chainer import _missing
from chainer.serializers import npz

MODELS_DIRECTORY = 'pfnet/chainer/models/'

#: The extra of chainer-links that declares the siblings below.
EXTRA = 'chainer-links[pretrained]'

#: Modules of sibling distributions used here, imported on use (the models work
#: without them when given a path or None): module -> (distribution, what needs it).
SIBLINGS = {
    'chainer.dataset.download': (
        'chainer-training',
        "pretrained_model='auto' (finding the dataset root, downloading)"),
    'chainer.links.caffe.caffe_function': (
        'chainer-caffe', 'converting a caffemodel (CaffeFunction)'),
}


def sibling(module):
    """Imports ``module`` of a sibling distribution named in :data:`SIBLINGS`.

    Raises:
        ImportError: the distribution is missing; the message names the pip command
            (the ``[pretrained]`` extra installs both siblings).
    """
    try:
        return importlib.import_module(module)
    except ImportError as e:
        distribution, needed_by = SIBLINGS[module]
        raise ImportError(
            '{} needs {} of the {} distribution, which cannot be imported ({}); install '
            'it with: {}'.format(needed_by, module, distribution, e,
                                 _missing.install_hint(EXTRA))) from e


def download_module():
    """``chainer.dataset.download`` of the chainer-training distribution."""
    return sibling('chainer.dataset.download')


def caffe_function(path_caffemodel):
    """Loads a caffemodel with ``CaffeFunction`` of the chainer-caffe distribution."""
    return sibling('chainer.links.caffe.caffe_function').CaffeFunction(path_caffemodel)


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
