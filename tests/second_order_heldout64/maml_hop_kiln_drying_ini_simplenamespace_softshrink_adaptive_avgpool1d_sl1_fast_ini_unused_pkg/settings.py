"""INI settings -> nested SimpleNamespace with typed values."""
import configparser
import os
from types import SimpleNamespace

HERE = os.path.dirname(os.path.abspath(__file__))
DEFAULT_SETTINGS = os.path.join(HERE, "settings.ini")

_BOOLEAN = {"meta": ("first_order",)}
_INT = {"data": ("profile_len", "channels", "shots", "queries"), "model": ("hidden",),
        "meta": ("inner_steps", "tasks_per_batch", "iterations"), "logging": ("interval",)}
_FLOAT = {"model": ("softshrink_lambda",), "meta": ("inner_lr", "outer_lr")}


def load_settings(path=None):
    path = path or DEFAULT_SETTINGS
    if not os.path.isabs(path):
        path = os.path.join(HERE, path)
    parser = configparser.ConfigParser()
    if not parser.read(path):
        raise FileNotFoundError(path)
    sections = {}
    for name in parser.sections():
        sec = parser[name]
        values = {}
        for key in sec:
            if key in _BOOLEAN.get(name, ()):
                values[key] = sec.getboolean(key)
            elif key in _INT.get(name, ()):
                values[key] = sec.getint(key)
            elif key in _FLOAT.get(name, ()):
                values[key] = sec.getfloat(key)
            else:
                values[key] = sec.get(key)
        sections[name] = SimpleNamespace(**values)
    return SimpleNamespace(**sections)
