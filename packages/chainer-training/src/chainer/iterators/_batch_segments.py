"""Reading the examples of a batch given as index segments, and splitting the work."""
import numpy


def segment_length(segment):
    """Number of indices in a segment (a ``slice`` with step 1 or an index array)."""
    if isinstance(segment, slice):
        return segment.stop - segment.start
    return len(segment)


def segment_indices(segment):
    """The dataset indices of a segment, as a list of ints."""
    if isinstance(segment, slice):
        return list(range(segment.start, segment.stop))
    return numpy.asarray(segment).tolist()


def _slices_in_one_call(dataset):
    """True for the datasets known to return a list of examples for a slice: lists,
    tuples, numpy arrays and Chainer's datasets. Any other dataset is read one
    ``dataset[i]`` at a time (Chainer v2+ asks no more of a dataset than that)."""
    if isinstance(dataset, (list, tuple, numpy.ndarray)):
        return True
    from chainer.dataset import dataset_mixin
    from chainer.datasets import dict_dataset, tuple_dataset
    return isinstance(dataset, (dataset_mixin.DatasetMixin, tuple_dataset.TupleDataset,
                                dict_dataset.DictDataset))


def fetch_examples(dataset, segments, reading=None):
    """Returns the list of examples of ``dataset`` at the indices of ``segments``.

    Contiguous segments of datasets known to slice (see ``_slices_in_one_call``) are
    read with one slicing call, which is fast for arrays and datasets with efficient
    slicing; index arrays use fancy indexing on numpy arrays; anything else is one
    ``dataset[i]`` per example. ``reading(start, stop)``, when given, is told the
    indices ``start`` to ``stop - 1`` before the dataset is asked for them (not for a
    numpy array, which never stalls).
    """
    batch = []
    sliceable = _slices_in_one_call(dataset)
    for segment in segments:
        if isinstance(dataset, numpy.ndarray):
            batch.extend(dataset[segment])
        elif sliceable and isinstance(segment, slice):
            if reading is not None:
                reading(segment.start, segment.stop)
            batch.extend(dataset[segment])
        else:
            for i in segment_indices(segment):
                if reading is not None:
                    reading(i, i + 1)
                batch.append(dataset[i])
    return batch


def split_segments(segments, n_chunks):
    """Splits a batch into at most ``n_chunks`` lists of segments of nearly equal size.

    Concatenating the chunks in order gives the original indices in order.
    """
    total = sum(segment_length(s) for s in segments)
    borders = [total * k // n_chunks for k in range(n_chunks + 1)]
    chunks = []
    offset = 0  # index, in the batch, of the first element of the current segment
    current = []
    k = 1
    for segment in segments:
        length = segment_length(segment)
        start = 0
        while start < length:
            stop = min(length, borders[k] - offset)
            if stop > start:
                current.append(_sub_segment(segment, start, stop))
                start = stop
            if offset + start == borders[k]:
                if current:
                    chunks.append(current)
                current = []
                k += 1
        offset += length
    if current:
        chunks.append(current)
    return chunks


def _sub_segment(segment, start, stop):
    if isinstance(segment, slice):
        return slice(segment.start + start, segment.start + stop)
    return segment[start:stop]
