"""Differentiable communication between processes (ChainerMN v7's model parallelism).

Point to point: :func:`send` / :func:`recv` (backward carries the gradients back) and
:func:`pseudo_connect`; collectives: :func:`bcast`, :func:`gather`, :func:`scatter`,
:func:`allgather`, :func:`alltoall`, whose backward is the reverse collective.
"""
from chainermn.functions.collective_communication import (allgather, alltoall,  # NOQA
                                                           bcast, gather, scatter)
from chainermn.functions.point_to_point_communication import recv, send  # NOQA
from chainermn.functions.pseudo_connect import pseudo_connect  # NOQA
