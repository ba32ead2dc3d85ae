"""Greedy NMS written as a Python while-loop that shrinks the candidate list each round."""
import torch
import torch.nn as nn


def box_iou(a, b):
    lt = torch.max(a[:, None, :2], b[None, :, :2])
    rb = torch.min(a[:, None, 2:], b[None, :, 2:])
    inter = (rb - lt).clamp(min=0).prod(-1)
    area_a = (a[:, 2:] - a[:, :2]).prod(-1)
    area_b = (b[:, 2:] - b[:, :2]).prod(-1)
    return inter / (area_a[:, None] + area_b[None, :] - inter)


class Case(nn.Module):
    def forward(self, boxes, scores):
        order = scores.argsort(descending=True)
        keep = []
        while order.numel() > 0:  # expect: MS204 dynamic
            i = order[0]
            keep.append(i)
            if order.numel() == 1:
                break
            ious = box_iou(boxes[i][None], boxes[order[1:]])[0]
            order = order[1:][ious <= 0.5]  # expect: MS202 dynamic
        return torch.stack(keep)


def inputs():
    xy = torch.rand(20, 2) * 50
    return torch.cat([xy, xy + 10 + torch.rand(20, 2) * 20], 1), torch.rand(20)
