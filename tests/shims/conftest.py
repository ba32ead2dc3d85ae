"""Shared set-up for the shim tests: MindSpore PyNative on CPU, seeded inputs, error summary."""
from __future__ import annotations

import zlib

import numpy as np
import pytest

from shim_helpers import MAX_ERRORS


def pytest_configure(config):
    config.addinivalue_line(
        "markers", "numerics: runs a shim in MindSpore and the PyTorch original and compares values")


@pytest.fixture(scope="session", autouse=True)
def _mindspore_cpu_pynative():
    import mindspore
    mindspore.set_context(mode=mindspore.PYNATIVE_MODE)
    mindspore.set_device("CPU")  # set_context(device_target=...) is deprecated in 2.10
    yield


def pytest_terminal_summary(terminalreporter):
    if MAX_ERRORS:
        terminalreporter.write_sep("-", "shim error vs torch: max abs, max abs / max(1, |torch|)")
        for name in sorted(MAX_ERRORS):
            err, scaled = MAX_ERRORS[name]
            terminalreporter.write_line(f"{name:52s} {err:.3e}  {scaled:.3e}")


@pytest.fixture
def rng(request):
    # One fixed seed per test id, so each test is reproducible on its own.
    return np.random.default_rng(zlib.crc32(request.node.nodeid.encode()))
