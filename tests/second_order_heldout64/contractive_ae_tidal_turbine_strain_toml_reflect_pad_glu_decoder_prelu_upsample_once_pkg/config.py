"""Load experiment.toml (tomllib, Python 3.11+) into attribute-access sections."""
import os
import tomllib

HERE = os.path.dirname(os.path.abspath(__file__))


class Section(dict):
    def __getattr__(self, key):
        try:
            value = self[key]
        except KeyError as exc:
            raise AttributeError(key) from exc
        return Section(value) if isinstance(value, dict) else value


def load(path=None):
    path = path or os.path.join(HERE, "experiment.toml")
    with open(path, "rb") as fh:
        return Section(tomllib.load(fh))
