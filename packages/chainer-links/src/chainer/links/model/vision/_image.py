"""Image to network input conversion shared by the vision models' ``prepare``.

Pillow is optional, as in v1: the models work on arrays without it, and only
``prepare`` (and so ``extract`` and ``predict``) needs it.
"""
import numpy

try:
    from PIL import Image
    available = True
    import_error = None
except ImportError as e:  # pragma: no cover - depends on the environment
    Image = None
    available = False
    import_error = e


def require_pillow(pillow_available):
    """Raises ImportError (as v1) when Pillow could not be imported."""
    if not pillow_available:
        raise ImportError('PIL cannot be loaded. Install Pillow!\n'
                          'The actual import error is as follows:\n' + str(import_error))


def _to_pil(image):
    """An RGB PIL image from a PIL image or an ``(H, W)``, ``(H, W, C)``,
    ``(1, H, W)`` or ``(3, H, W)`` array (values cast to uint8, as v1 does)."""
    if isinstance(image, numpy.ndarray):
        if image.ndim == 3 and image.shape[0] == 1:
            image = image[0]
        elif image.ndim == 3 and image.shape[0] == 3:
            image = image.transpose(1, 2, 0)
        image = Image.fromarray(image.astype(numpy.uint8))
    return image.convert('RGB')


def to_bgr_chw(image, size, mean_bgr):
    """Resizes an RGB image, reorders it to BGR, subtracts the mean pixel and
    returns it as a float32 ``(3, H, W)`` array.

    Args:
        image (PIL.Image or numpy.ndarray): RGB image (see :func:`_to_pil`).
        size (pair of ints or None): Passed to ``PIL.Image.resize`` (so it is
            ``(width, height)``); ``None`` keeps the image size.
        mean_bgr (sequence of 3 floats): Mean pixel of the model's training data.
    """
    image = _to_pil(image)
    if size:
        image = image.resize(size)
    array = numpy.asarray(image, dtype=numpy.float32)[:, :, ::-1]
    array = array - numpy.asarray(mean_bgr, dtype=numpy.float32)
    return array.transpose(2, 0, 1)
