"""DETR HungarianMatcher cost split where the per-image target counts arrive as a tensor and go through tolist()."""
import torch
from torch import nn


class Case(nn.Module):
    def forward(self, pred_logits, pred_boxes, tgt_boxes, tgt_ids, num_boxes_per_image):
        bs, num_queries = pred_logits.shape[:2]
        out_prob = pred_logits.flatten(0, 1).softmax(-1)
        out_bbox = pred_boxes.flatten(0, 1)
        cost_class = -out_prob[:, tgt_ids]
        cost_bbox = torch.cdist(out_bbox, tgt_boxes, p=1)
        C = (5 * cost_bbox + cost_class).view(bs, num_queries, -1)
        sizes = num_boxes_per_image.tolist()
        chunks = C.split(sizes, -1)  # expect: MS203 dynamic
        return [c[i].argmin(0) for i, c in enumerate(chunks)]


def inputs():
    return (torch.randn(2, 10, 6), torch.rand(2, 10, 4), torch.rand(5, 4),
            torch.tensor([1, 3, 0, 2, 4]), torch.tensor([2, 3]))
