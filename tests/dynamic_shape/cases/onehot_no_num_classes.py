"""Label smoothing with F.one_hot but no num_classes: width follows the largest label seen."""
import torch
import torch.nn as nn
import torch.nn.functional as F


class Case(nn.Module):
    def __init__(self, eps=0.1):
        super().__init__()
        self.eps = eps

    def forward(self, labels):
        onehot = F.one_hot(labels).float()  # expect: MS201 dynamic
        return onehot * (1 - self.eps) + self.eps / onehot.shape[-1]


def inputs():
    return (torch.randint(0, 7, (12,)),)
