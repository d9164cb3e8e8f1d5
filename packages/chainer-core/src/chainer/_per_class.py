"""Caches of one value per class that do not keep the class alive.

The hot paths look up facts about a class once (which type checks it passed, which
mixin brings its ``__call__``, ...). A dict keyed by the class itself would keep every
class it ever saw: a class defined inside a function body is a new class at every
call, so such a program would grow without bound. These caches are plain dicts keyed
by ``id(cls)``, read with ``cache.get(id(cls))`` at the cost of a dict lookup, and
:func:`remember` drops an entry when its class is collected (before its id can be
reused: a weak reference's callback runs while the class is being freed).
"""
import weakref

#: The weak references whose callbacks empty the caches, by their ids: kept alive, so
#: that they fire (not in a set: weak references to one class compare equal).
_watchers = {}


def remember(cache, cls, value):
    """Stores ``value`` for ``cls`` in ``cache`` (a dict keyed by ``id(cls)``) for as
    long as ``cls`` lives, and returns it."""
    key = id(cls)

    def forget(watcher):
        _watchers.pop(id(watcher), None)
        cache.pop(key, None)

    watcher = weakref.ref(cls, forget)
    _watchers[id(watcher)] = watcher
    cache[key] = value
    return value
