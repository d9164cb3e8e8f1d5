"""Trainer extensions for multi-node training."""
from chainermn.extensions.allreduce_persistent import AllreducePersistent  # NOQA
from chainermn.extensions.checkpoint import create_multi_node_checkpointer  # NOQA
from chainermn.extensions.generic_multi_node_evaluator import (  # NOQA
    GenericMultiNodeEvaluator)
from chainermn.extensions.multi_node_evaluator import create_multi_node_evaluator  # NOQA
from chainermn.extensions._multi_node_snapshot import multi_node_snapshot  # NOQA
from chainermn.extensions.observation_aggregator import ObservationAggregator  # NOQA
from chainermn.extensions.multi_node_early_stopping_trigger import (  # NOQA
    MultiNodeEarlyStoppingTrigger)
