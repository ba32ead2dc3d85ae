"""MindSpore Cell shims for PyTorch APIs a MindSpore release lacks or cannot differentiate twice.

Importing this package never imports mindspore or a shim module; look shims up with `.catalog`.
"""
