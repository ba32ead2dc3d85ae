"""MMDet RandomSampler: shuffle the negative candidates with randperm over a count read from the mask."""
import torch
from torch import nn


class Case(nn.Module):
    def __init__(self, num: int = 16) -> None:
        super().__init__()
        self.num = num

    def forward(self, assigned_gt_inds: torch.Tensor, scores: torch.Tensor):
        neg = assigned_gt_inds == 0
        num_neg = int(neg.sum())
        perm = torch.randperm(num_neg)  # expect: MS203 dynamic
        neg_scores = scores.sort(descending=True).values
        return neg_scores[perm % scores.numel()][: self.num]


def inputs():
    return torch.randint(0, 3, (40,)), torch.rand(40)
