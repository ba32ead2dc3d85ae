"""YOLOX SimOTA dynamic-k matching: each GT takes top-k anchors, k from the sum of its top IoUs."""
import torch
import torch.nn as nn


class Case(nn.Module):
    def __init__(self, n_candidate_k=10):
        super().__init__()
        self.n_candidate_k = n_candidate_k

    def forward(self, cost, pair_wise_ious):
        matching = torch.zeros_like(cost, dtype=torch.uint8)
        topk_ious, _ = torch.topk(pair_wise_ious, self.n_candidate_k, dim=1)
        dynamic_ks = torch.clamp(topk_ious.sum(1).int(), min=1)
        for gt_idx in range(cost.shape[0]):
            k = dynamic_ks[gt_idx].item()
            _, pos_idx = torch.topk(cost[gt_idx], k=k, largest=False)  # expect: MS203 dynamic
            matching[gt_idx][pos_idx] = 1
        return matching


def inputs():
    return torch.rand(3, 50), torch.rand(3, 50)
