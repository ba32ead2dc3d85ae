"""Helpers shared by the shim tests: conversion and the torch-vs-MindSpore comparison."""
from __future__ import annotations

import numpy as np

MAX_ERRORS: dict[str, tuple[float, float]] = {}  # name -> (max abs error, max scaled error)


def to_np(t):
    if hasattr(t, "asnumpy"):
        return t.asnumpy()
    if hasattr(t, "detach"):
        return t.detach().cpu().numpy()
    return np.asarray(t)


def compare(name, ms_out, torch_out, tol=1e-5, scaled=False):
    """Assert max |ms - torch| < tol (absolute) and record the absolute error under name.

    NaN and inf must sit at the same positions. With `scaled=True` (only for `reduction="sum"`
    losses, whose float32 sum of thousands of terms legitimately differs by more than 1e-5 in
    another order) the bound is tol * max(1, max |torch|); their mean/none forms stay absolute.
    """
    a, b = to_np(ms_out), to_np(torch_out)
    assert a.shape == b.shape, f"{name}: shape {a.shape} != {b.shape}"
    a64, b64 = a.astype(np.float64), b.astype(np.float64)
    same_nonfinite = (~np.isfinite(a64)) | (~np.isfinite(b64))
    np.testing.assert_array_equal(np.isnan(a64), np.isnan(b64))
    np.testing.assert_array_equal(a64[same_nonfinite & ~np.isnan(a64)], b64[same_nonfinite & ~np.isnan(b64)])
    if b.dtype == np.float64 and a.dtype == np.float64:
        name = f"{name} [float64]"
    finite = ~same_nonfinite
    err = float(np.max(np.abs(a64[finite] - b64[finite]))) if finite.any() else 0.0
    scale = max(1.0, float(np.max(np.abs(b64[finite])))) if finite.any() else 1.0
    if not scaled:
        scale = 1.0
    prev = MAX_ERRORS.get(name, (0.0, 0.0))
    MAX_ERRORS[name] = (max(prev[0], err), max(prev[1], err / scale))
    assert err < tol * scale, f"{name}: max abs error {err:.3e} >= {tol} * {scale:.3g}"
    return err
