"""Registration of links as observers of a reporter."""


def observe_link(reporter, name, link):
    """Registers ``link`` as the observer ``name`` and each of its descendants as
    ``name`` followed by its path (``'main/l1'``), so that values they report are
    named ``'<name>/<key>'`` and ``'<name>/<path>/<key>'``.
    """
    reporter.add_observer(name, link)
    reporter.add_observers(name, link.namedlinks(skipself=True))
