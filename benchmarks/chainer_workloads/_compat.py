"""The one place where Chainer v1 and Chainer >= 2 are written differently."""
import contextlib

import chainer

#: Chainer >= 2 replaced volatile variables by configuration scopes (v1.24 already has
#: no_backprop_mode, but not using_config).
_HAS_CONFIG_SCOPES = hasattr(chainer, 'using_config')


def prepare_for_inference(link):
    """Readies ``link`` for graph-free forward passes.

    Chainer v1 refuses to mix a volatile ('on') input with parameters whose flag is
    'off', so parameters that are 'off' are made 'auto' (they then follow the input),
    as the v1 tutorial describes for variables meant to meet volatile ones. Chainer >= 2
    needs nothing.
    """
    if not _HAS_CONFIG_SCOPES:
        for param in link.params():
            if param.volatile is chainer.OFF:
                param.volatile = chainer.AUTO
    return link


def _v1_without_graph(x):
    # Chainer v1: a volatile input makes every function skip graph construction.
    yield chainer.Variable(x, volatile='on')


def _v2_without_graph(x):
    with chainer.no_backprop_mode(), chainer.using_config('train', False):
        yield chainer.Variable(x)


#: ``with input_without_graph(x) as v:`` gives a Variable of ``x`` whose uses build no
#: graph (inference mode), in either Chainer generation.
input_without_graph = contextlib.contextmanager(
    _v2_without_graph if _HAS_CONFIG_SCOPES else _v1_without_graph)
