"""Benchmark workloads written once against the Chainer API.

The same modules run on this project (Chainer v1 API) and on the original Chainer 7.8.1:
where the two APIs differ (only in how a graph-free forward pass is asked for), the
difference is confined to :mod:`._compat`. Each workload module has a ``make(**params)``
that builds the model and data once and returns ``step()``, one timed unit of work.
"""
