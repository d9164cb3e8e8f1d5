"""Length check shared by the datasets that zip several datasets together."""


def check_same_length(kind, named_datasets):
    """Returns the common length of ``named_datasets`` (pairs of name and dataset).

    Raises:
        ValueError: when no dataset is given or the lengths differ.
    """
    if not named_datasets:
        raise ValueError('{}: no datasets are given'.format(kind))
    lengths = {name: len(dataset) for name, dataset in named_datasets}
    if len(set(lengths.values())) != 1:
        raise ValueError('{}: all datasets must have the same length, got lengths {}'.format(
            kind, lengths))
    return next(iter(lengths.values()))
