"""``OnceTrigger``: fires once at the start of the training (and optionally once
more after a resume)."""
import warnings


class OnceTrigger(object):
    """Trigger that fires at its first call only.

    Used as an extension's trigger it invokes the extension at the first iteration
    of the training loop (or before it, when the extension is called before
    training). With ``call_on_resume`` it also fires at the first call after the
    trainer was restored from a snapshot.

    Args:
        call_on_resume (bool): fire once more at the first call after
            deserialization.

    Attributes:
        finished (bool): True once the trigger will not fire any more (until a
            resume with ``call_on_resume``).
    """

    def __init__(self, call_on_resume=False):
        self._first = True
        # a new trigger (the one a resumed script builds) fires once more
        self._resumed = bool(call_on_resume)

    @property
    def finished(self):
        """Whether the trigger has fired and will not fire again."""
        return not (self._first or self._resumed)

    def __call__(self, trainer):
        """Returns True at the first call (and at the first one after a resume
        with ``call_on_resume``)."""
        fire = not self.finished
        self._first = False
        self._resumed = False
        return fire

    def serialize(self, serializer):
        """Saves or loads whether the trigger has fired; a snapshot without the
        flag is taken as one written after the first call (with a warning)."""
        try:
            self._first = bool(serializer('_flag_first', self._first))
        except KeyError:
            warnings.warn('the snapshot has no OnceTrigger state: the trigger is '
                          'taken to have fired before the snapshot', stacklevel=3)
            self._first = False
