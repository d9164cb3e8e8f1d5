"""Pre-trained image recognition models of v1.24 (``chainer.links.model.vision``).

:mod:`~chainer.links.model.vision.resnet` (ResNet-50/101/152),
:mod:`~chainer.links.model.vision.vgg` (VGG-16) and
:mod:`~chainer.links.model.vision.googlenet` (GoogLeNet) each define the model chain and
the ``prepare`` function that turns an image into the model's input.
"""
