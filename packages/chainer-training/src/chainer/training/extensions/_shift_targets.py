"""The clamp shared by the shift extensions: stop at ``target`` once the value has
gone past it."""


def clamp(value, target, grows):
    """Returns ``target`` when ``value`` has passed it, else ``value``.

    Args:
        value (float): the scheduled value.
        target (float or None): the limit; None: no limit.
        grows (bool): whether the magnitude of the value grows over the schedule
            (then passing means ``value / target > 1``, else ``< 1``), so values of
            either sign are handled.
    """
    if target is None or target == 0:
        return value
    if value == 0:
        return value if grows else target
    ratio = value / target
    return target if (ratio > 1 if grows else ratio < 1) else value
