"""Detectron2 fast_rcnn_inference_single_image: score filter mask, then nonzero for the class ids."""
import torch
from torch import nn


class Case(nn.Module):
    score_thresh = 0.05

    def forward(self, boxes: torch.Tensor, scores: torch.Tensor):
        num_bbox_reg_classes = boxes.shape[1] // 4
        boxes = boxes.reshape(-1, num_bbox_reg_classes, 4)
        scores = scores[:, :-1]
        filter_mask = scores > self.score_thresh
        filter_inds = filter_mask.nonzero()  # expect: MS201 dynamic
        boxes = boxes[filter_mask]  # expect: MS202 dynamic
        scores = scores[filter_mask]  # expect: MS202 dynamic
        return boxes, scores, filter_inds[:, 1]


def inputs():
    return torch.rand(20, 12), torch.rand(20, 4)
