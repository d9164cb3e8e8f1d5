"""Helpers for testing ChainerMN programs (ChainerMN v7's ``chainermn.testing``)."""
from chainermn.testing.device import get_device  # NOQA
