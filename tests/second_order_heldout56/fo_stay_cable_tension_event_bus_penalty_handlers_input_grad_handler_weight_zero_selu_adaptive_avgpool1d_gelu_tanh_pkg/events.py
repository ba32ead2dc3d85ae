"""Minimal publish/subscribe bus; handlers subscribe with @subscribe(event, name)."""
from collections import defaultdict

_SUBSCRIBERS = defaultdict(dict)


def subscribe(event, name):
    def deco(fn):
        _SUBSCRIBERS[event][name] = fn
        return fn
    return deco


def publish(event, weights=None, **ctx):
    results = {}
    for name, fn in _SUBSCRIBERS[event].items():
        w = 1.0 if weights is None else weights.get(name, 0.0)
        if w == 0.0:
            continue
        res = fn(**ctx)
        if res is not None:
            results[name] = w * res
    return results
