"""``create_empty_dataset``: a dataset of empty examples, for models without inputs."""


def create_empty_dataset(dataset):
    """A dataset of as many empty examples as ``dataset`` has.

    For model-parallel processes whose model takes no input from the dataset (it begins
    with ``chainermn.functions.recv`` and ends with ``chainermn.functions.send``): its
    iterator still runs the epochs of the processes that read the real dataset. Each
    example is the empty tuple ``()``, which the standard converter turns into an empty
    tuple of arguments.

    Args:
        dataset: a dataset with a length.

    Returns:
        list: ``len(dataset)`` empty tuples.
    """
    return [()] * len(dataset)
