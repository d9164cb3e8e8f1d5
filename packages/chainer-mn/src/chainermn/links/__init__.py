"""Links of ChainerMN v7: :class:`MultiNodeChainList` (a model split across
processes)."""
from chainermn.links.multi_node_chain_list import MultiNodeChainList  # NOQA
