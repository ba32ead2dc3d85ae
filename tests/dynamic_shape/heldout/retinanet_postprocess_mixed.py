"""RetinaNet-style post-processing: constant-k top-k (static) followed by a score-threshold mask."""
from typing import Tuple

import torch
from torch import Tensor, nn


class Case(nn.Module):
    def __init__(self, topk_candidates: int = 100, score_thresh: float = 0.05) -> None:
        super().__init__()
        self.topk_candidates = topk_candidates
        self.score_thresh = score_thresh

    def forward(self, cls_logits: Tensor, box_deltas: Tensor) -> Tuple[Tensor, Tensor, Tensor]:
        num_classes = cls_logits.shape[-1]
        scores = cls_logits.sigmoid().flatten()
        scores, idxs = scores.topk(self.topk_candidates)
        anchor_idxs = torch.div(idxs, num_classes, rounding_mode="floor")
        labels = idxs % num_classes
        keep = scores > self.score_thresh
        scores, labels, anchor_idxs = scores[keep], labels[keep], anchor_idxs[keep]  # expect: MS202 dynamic
        return scores, labels, box_deltas[anchor_idxs]


def inputs():
    return torch.randn(500, 9) - 2, torch.randn(500, 4)
