"""DETR demo post-processing: queries whose best class prob exceeds 0.7 are kept by a mask."""
from __future__ import annotations

import torch
from torch import Tensor, nn


class Case(nn.Module):
    threshold: float = 0.7

    def _postprocess(self, logits: Tensor, boxes: Tensor) -> tuple[Tensor, Tensor]:
        probas = logits.softmax(-1)[0, :, :-1]
        keep = probas.max(-1).values > self.threshold
        return probas[keep], boxes[0, keep]  # expect: MS202 dynamic

    def forward(self, logits: Tensor, boxes: Tensor):
        return self._postprocess(logits, boxes)


def inputs() -> tuple[Tensor, Tensor]:
    return torch.randn(1, 100, 92) * 3, torch.rand(1, 100, 4)
