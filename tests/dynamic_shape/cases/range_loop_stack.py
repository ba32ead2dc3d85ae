"""Build a list of crops in a range() loop whose trip count is the number of objects, then stack."""
import torch
import torch.nn as nn


class Case(nn.Module):
    def forward(self, feats, num_objects):
        crops = []
        for i in range(int(num_objects)):  # expect: MS203 dynamic
            crops.append(feats[i].mean(0))
        return torch.stack(crops)


def inputs():
    return torch.randn(6, 4, 8), torch.tensor(3)
