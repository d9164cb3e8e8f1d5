"""What the profiling hooks record as "the function" of a call."""


class CalledFunction(str):
    """The name of a hooked function that also stands for the function object.

    Chainer v2+ record the function's implementation name (its class name, e.g.
    ``'Exp'``) in :attr:`TimerHook.call_history`; v1 recorded the function object
    itself. This string is the name (it compares, hashes, sorts and prints as the
    name, so ``dict(hook.call_history)['Exp']`` works) and keeps v1 code working:
    ``isinstance(entry, functions.Exp)`` holds and attributes the string lacks
    (``label``, ``inputs``, ...) are read from the function.

    Attributes:
        function: the function (or function node) that was called.
    """

    def __new__(cls, function):
        name = str.__new__(cls, getattr(function, '_impl_name',
                                        type(function).__name__))
        name.__dict__['function'] = function
        return name

    @property
    def __class__(self):
        # isinstance() consults __class__ after the real type: the v1 check
        # isinstance(entry, FunctionClass) sees the function's class
        return type(self.__dict__['function'])

    def __getattr__(self, attr):
        if attr.startswith('__') or attr == 'function':
            raise AttributeError(attr)
        return getattr(self.__dict__['function'], attr)

    def __reduce__(self):
        return str, (str(self),)  # pickles as the plain name
