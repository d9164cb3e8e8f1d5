"""The part the vision models share: a chain run as an ordered table of named
stages, so that a call computes only up to the last stage it is asked for."""
import numpy

from chainer import flag
from chainer import link
from chainer import variable
from chainer.utils import imgproc
import chainer.functions as F

_PREDICT_SIZE = (256, 256)  # images are resized to this, then cropped to 224x224
_CROP = 224
_N_CROPS = 10  # imgproc.oversample: four corners and the center, and their mirrors


class LayersModel(link.Chain):
    """Base of the pre-trained models: ``self.functions`` is an ordered dict from a
    stage name to the callables applied in turn to the previous stage's output.

    Subclasses set ``functions`` in their constructor and ``_prepare`` (their module's
    ``prepare``); ``_branch_from`` names stages that start from an earlier stage's
    output rather than from the stage before them (GoogLeNet's auxiliary heads).
    """

    _branch_from = {}

    @property
    def available_layers(self):
        """list of str: The stage names ``__call__`` and ``extract`` accept."""
        return list(self.functions.keys())

    def _run_stages(self, x, layers, apply):
        """Runs the stages in order until every requested one is computed.

        ``apply(func, h)`` applies one callable of a stage (it passes the model's
        train/test flag to the callables that take one). Names not in the table are
        ignored, as in v1.
        """
        wanted = set(layers)
        kept_for_branches = set(self._branch_from.values())
        kept = {}
        activations = {}
        h = x
        for name, funcs in self.functions.items():
            if not wanted:
                break
            if name in self._branch_from:
                h = kept[self._branch_from[name]]
            for func in funcs:
                h = apply(func, h)
            if name in wanted:
                activations[name] = h
                wanted.discard(name)
            if name in kept_for_branches:
                kept[name] = h
        return activations

    def _images_to_variable(self, images, size, volatile):
        """Prepares each image and stacks them into one input variable."""
        x = numpy.stack([self._prepare(image, size=size) for image in images])
        return variable.Variable(self.xp.asarray(x), volatile=volatile)

    def predict(self, images, oversample=True):
        """Computes the class probabilities of the given images.

        Each image is resized to 256x256; the model sees its central 224x224 crop or,
        with ``oversample``, the ten crops of :func:`chainer.utils.imgproc.oversample`
        whose probabilities are averaged.

        Args:
            images (iterable of PIL.Image or numpy.ndarray): Input RGB images.
            oversample (bool): Average over corners, center and mirrors.

        Returns:
            ~chainer.Variable: ``(len(images), 1000)`` probabilities.
        """
        x = numpy.stack([self._prepare(image, size=_PREDICT_SIZE) for image in images])
        if oversample:
            x = imgproc.oversample(x, crop_dims=(_CROP, _CROP))
        else:
            start = (_PREDICT_SIZE[0] - _CROP) // 2
            x = x[:, :, start:start + _CROP, start:start + _CROP]
        # No gradient is needed: volatile input keeps no graph (less memory).
        x = variable.Variable(self.xp.asarray(x), volatile=flag.ON)
        y = self(x, layers=['prob'])['prob']
        if oversample:
            y = F.reshape(y, (-1, _N_CROPS) + y.data.shape[1:])
            y = F.average(y, axis=1)
        return y
