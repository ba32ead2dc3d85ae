"""Attention shim: F.scaled_dot_product_attention as MatMul + masked softmax (math path only).

No dropout (dropout_p must be 0, i.e. eval mode) and no fused kernels; O(L*S) memory.
"""
from __future__ import annotations

import math

import numpy as np
import mindspore as ms
from mindspore import Tensor, nn, ops

__all__ = ["ScaledDotProductAttention"]


class ScaledDotProductAttention(nn.Cell):
    """Replaces torch.nn.functional.scaled_dot_product_attention(q, k, v, attn_mask, dropout_p=0,
    is_causal, scale, enable_gqa) by softmax(q k^T * scale + bias) v.

    attn_mask may be bool (True = attend) or float (added), broadcastable to (..., L, S). is_causal
    uses torch's top-left aligned lower triangle. enable_gqa repeats k/v heads. Equal up to float
    rounding. A query row with every key masked outputs 0, as torch 2.13 does (observed; older
    torch returned NaN). Needed because MindSpore has no CPU SDPA (mint's flash attention is
    Ascend-only); second-order safe (own softmax, no Softmax primitive).
    """

    def __init__(self, dropout_p=0.0):
        super().__init__()
        if dropout_p:
            raise ValueError("ScaledDotProductAttention shim supports dropout_p=0 only")

    def construct(self, query, key, value, attn_mask=None, is_causal=False, scale=None, enable_gqa=False):
        l_, s_ = query.shape[-2], key.shape[-2]
        sc = (1.0 / math.sqrt(query.shape[-1])) if scale is None else scale
        if enable_gqa and key.ndim >= 3 and key.shape[-3] != query.shape[-3]:
            rep = query.shape[-3] // key.shape[-3]
            key = ops.repeat_interleave(key, rep, key.ndim - 3)
            value = ops.repeat_interleave(value, rep, value.ndim - 3)
        # transpose_b instead of swapaxes: in 2.10 PyNative a Transpose on one of two paths from the
        # same input gives wrong double-backward values (observed), a transposed MatMul does not
        mm = ops.BatchMatMul(transpose_b=True) if query.ndim >= 3 else ops.MatMul(transpose_b=True)
        if key.ndim < query.ndim:
            key = ops.broadcast_to(key, query.shape[:-2] + key.shape[-2:])
        scores = mm(query, key) * sc
        neg_inf = ops.full_like(scores, float("-inf"))
        if is_causal:
            causal = Tensor(np.tril(np.ones((l_, s_), np.bool_)))
            scores = ops.where(causal, scores, neg_inf)
        if attn_mask is not None:
            if attn_mask.dtype == ms.bool_:
                scores = ops.where(attn_mask, scores, neg_inf)
            else:
                scores = scores + attn_mask
        m = ops.stop_gradient(ops.ReduceMax(keep_dims=True)(scores, -1))
        m = ops.where(ops.isinf(m), ops.zeros_like(m), m)  # fully masked row: exp(-inf) = 0 below
        e = ops.exp(scores - m)
        denom = ops.ReduceSum(keep_dims=True)(e, -1)
        probs = e / ops.where(denom == 0, ops.ones_like(denom), denom)
        return ops.matmul(probs, value)
