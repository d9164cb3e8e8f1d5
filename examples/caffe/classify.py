#!/usr/bin/env python
"""Classify images with a BVLC Caffe model loaded by CaffeFunction.

Example (CaffeNet)::

    python examples/caffe/classify.py bvlc_reference_caffenet.caffemodel \\
        cat.jpg dog.jpg --output fc8 --size 227 --synset synset_words.txt

Prints the top-5 classes of each image (with their labels when a synset file,
one label per line in class order, is given). Images are read with Pillow,
resized to ``--size`` squared, converted to Caffe's BGR order and mean-subtracted
(``--mean``: a mean.binaryproto, an .npy file or three BGR values).
"""
import argparse
import sys

import numpy

import chainer
import chainer.functions as F
from chainer.links.caffe import CaffeFunction

#: ImageNet BGR pixel means of the BVLC reference models.
IMAGENET_BGR_MEAN = (104.0, 117.0, 123.0)


def load_mean(spec, size):
    """The mean image ``(3, size, size)`` from a binaryproto, an npy or 3 values."""
    if spec is None:
        values = IMAGENET_BGR_MEAN
    elif spec.endswith('.binaryproto'):
        from chainer.links.caffe import caffe_pb2
        blob = caffe_pb2.BlobProto()
        with open(spec, 'rb') as f:
            blob.ParseFromString(f.read())
        mean = numpy.array(blob.data, dtype=numpy.float32).reshape(
            blob.channels, blob.height, blob.width)
        return center_crop(mean, size)
    elif spec.endswith('.npy'):
        return center_crop(numpy.load(spec).astype(numpy.float32), size)
    else:
        values = [float(v) for v in spec.split(',')]
        if len(values) != 3:
            raise SystemExit('--mean takes a file or three comma-separated BGR values')
    return numpy.asarray(values, dtype=numpy.float32)[:, None, None]


def center_crop(image, size):
    _, h, w = image.shape
    top, left = (h - size) // 2, (w - size) // 2
    if top < 0 or left < 0:
        raise SystemExit('the mean image is smaller than {}x{}'.format(size, size))
    return image[:, top:top + size, left:left + size]


def load_image(path, size):
    """An image as a float32 ``(3, size, size)`` BGR array with values in [0, 255]."""
    try:
        from PIL import Image
    except ImportError:
        raise SystemExit('reading images needs Pillow: pip install pillow')
    image = Image.open(path).convert('RGB').resize((size, size), Image.BILINEAR)
    rgb = numpy.asarray(image, dtype=numpy.float32)
    return rgb[:, :, ::-1].transpose(2, 0, 1)


def read_labels(path):
    with open(path) as f:
        return [line.strip() for line in f]


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    parser.add_argument('model', help='.caffemodel (or npz converted from one)')
    parser.add_argument('images', nargs='+', help='image files')
    parser.add_argument('--input', default='data', help='input blob name')
    parser.add_argument('--output', default='prob',
                        help='output blob (class scores or probabilities)')
    parser.add_argument('--size', type=int, default=224, help='input image size')
    parser.add_argument('--mean', help='mean: .binaryproto, .npy or "B,G,R"')
    parser.add_argument('--synset', help='labels, one per line in class order')
    parser.add_argument('--disable', nargs='*', default=[],
                        help='layers to skip (e.g. loss1/ave_pool loss2/ave_pool)')
    args = parser.parse_args(argv)

    func = CaffeFunction(args.model)
    mean = load_mean(args.mean, args.size)
    labels = read_labels(args.synset) if args.synset else None
    batch = numpy.stack([load_image(p, args.size) - mean for p in args.images])
    x = chainer.Variable(batch, volatile='on')
    y, = func({args.input: x}, [args.output], disable=args.disable, train=False)
    scores = y.data.reshape(len(batch), -1)
    if not numpy.allclose(scores.sum(axis=1), 1, atol=1e-3):
        scores = F.softmax(chainer.Variable(scores, volatile='on')).data
    for path, row in zip(args.images, scores):
        print(path)
        for rank, c in enumerate(numpy.argsort(row)[::-1][:5], 1):
            name = labels[c] if labels and c < len(labels) else 'class {}'.format(c)
            print('  {}. {:.4f} {}'.format(rank, row[c], name))


if __name__ == '__main__':
    sys.exit(main())
