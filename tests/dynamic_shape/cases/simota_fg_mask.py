"""YOLOX SimOTA: pick foreground anchors that fall inside any GT box, via a boolean mask."""
import torch
import torch.nn as nn


def anchors_in_boxes(centers, gt_boxes):
    # centers [A, 2], gt_boxes [G, 4] (x1, y1, x2, y2) -> [G, A] bool
    l = centers[None, :, 0] - gt_boxes[:, None, 0]
    t = centers[None, :, 1] - gt_boxes[:, None, 1]
    r = gt_boxes[:, None, 2] - centers[None, :, 0]
    b = gt_boxes[:, None, 3] - centers[None, :, 1]
    return torch.stack([l, t, r, b], -1).min(-1).values > 0


class Case(nn.Module):
    def forward(self, centers, gt_boxes, cls_preds):
        in_boxes = anchors_in_boxes(centers, gt_boxes)
        fg_mask = in_boxes.sum(dim=0) > 0
        fg_cls = cls_preds[fg_mask]  # expect: MS202 dynamic
        pair_in = in_boxes[:, fg_mask]  # expect: MS202 dynamic
        return fg_cls, pair_in


def inputs():
    return torch.rand(64, 2) * 32, torch.tensor([[0.0, 0.0, 16.0, 16.0], [8.0, 8.0, 30.0, 30.0]]), torch.rand(64, 80)
