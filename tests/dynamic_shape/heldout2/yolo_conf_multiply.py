"""Negative: export-friendly YOLO head: confidence mask multiplied in, fixed max_det topk, no filtering."""
import torch
from torch import nn


class Case(nn.Module):
    def __init__(self, conf_thres: float = 0.25, max_det: int = 20) -> None:
        super().__init__()
        self.conf_thres = conf_thres
        self.max_det = max_det

    def forward(self, prediction: torch.Tensor):
        obj = prediction[..., 4:5]
        cls_conf, cls_id = (prediction[..., 5:] * obj).max(-1)
        cls_conf = cls_conf * (cls_conf > self.conf_thres).float()
        top_conf, top_idx = cls_conf.topk(self.max_det, dim=1)
        boxes = prediction[..., :4].gather(1, top_idx.unsqueeze(-1).expand(-1, -1, 4))
        return boxes, top_conf, cls_id.gather(1, top_idx)


def inputs():
    return (torch.rand(2, 64, 9),)
