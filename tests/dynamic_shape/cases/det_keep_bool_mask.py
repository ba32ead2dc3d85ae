"""Detection head: drop low-score boxes by boolean-mask indexing before NMS."""
import torch
import torch.nn as nn


class Case(nn.Module):
    def __init__(self, conf_thr=0.25):
        super().__init__()
        self.conf_thr = conf_thr

    def forward(self, pred):
        # pred: [N, 5 + C] = box(4), objectness(1), class scores(C)
        obj = pred[:, 4]
        cls_score, cls_id = pred[:, 5:].max(dim=1)
        conf = obj * cls_score
        keep = conf > self.conf_thr
        boxes = pred[:, :4][keep]  # expect: MS202 dynamic
        return boxes, conf[keep], cls_id[keep]  # expect: MS202 dynamic


def inputs():
    return (torch.rand(200, 85),)
