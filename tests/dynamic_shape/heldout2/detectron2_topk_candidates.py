"""Negative: RetinaNet-style per-level candidates with a fixed topk from __init__ and masked_fill."""
import torch
from torch import nn


class Case(nn.Module):
    def __init__(self, topk_candidates: int = 30, test_score_thresh: float = 0.05) -> None:
        super().__init__()
        self.topk_candidates = topk_candidates
        self.test_score_thresh = test_score_thresh

    def forward(self, box_cls: torch.Tensor, box_delta: torch.Tensor):
        num_classes = box_cls.shape[-1]
        predicted_prob = box_cls.flatten().sigmoid_()
        predicted_prob = predicted_prob.masked_fill(predicted_prob <= self.test_score_thresh, 0.0)
        num_topk = min(self.topk_candidates, predicted_prob.size(0))
        predicted_prob, topk_idxs = predicted_prob.sort(descending=True)
        predicted_prob = predicted_prob[:num_topk]
        topk_idxs = topk_idxs[:num_topk]
        anchor_idxs = topk_idxs // num_classes
        classes_idxs = topk_idxs % num_classes
        return box_delta[anchor_idxs], predicted_prob, classes_idxs


def inputs():
    return torch.randn(100, 8), torch.randn(100, 4)
