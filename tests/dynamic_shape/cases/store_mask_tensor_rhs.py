"""Negative: YOLOX `fg_mask[fg_mask.clone()] = fg_mask_inboxes` is a masked store (index_put)."""
import torch
import torch.nn as nn


class Case(nn.Module):
    def forward(self, fg_mask, fg_mask_inboxes):
        fg = fg_mask.clone()
        fg[fg.clone()] = fg_mask_inboxes
        return fg


def inputs():
    return torch.tensor([True, False, True, True, False, True]), torch.tensor([True, False, True, True])
