class Registry:
    """Name -> constructor table with a decorator to fill it."""

    def __init__(self, kind):
        self.kind = kind
        self._table = {}

    def register(self, name):
        def deco(cls):
            self._table[name] = cls
            return cls
        return deco

    def build(self, name, *args, **kwargs):
        if name not in self._table:
            raise KeyError(f"unknown {self.kind}: {name}")
        return self._table[name](*args, **kwargs)


BLOCKS = Registry("critic block")
