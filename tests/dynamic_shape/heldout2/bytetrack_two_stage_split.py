"""ByteTrack update: detections split into high- and low-score sets by boolean masks (first/second association)."""
import torch as th
from torch import nn


class Case(nn.Module):
    def __init__(self, track_thresh: float = 0.5) -> None:
        super().__init__()
        self.track_thresh = track_thresh

    def forward(self, output_results: th.Tensor):
        scores = output_results[:, 4] * output_results[:, 5]
        bboxes = output_results[:, :4]
        remain_inds = scores > self.track_thresh
        inds_second = th.logical_and(scores > 0.1, scores < self.track_thresh)
        dets_second = bboxes[inds_second]  # expect: MS202 dynamic
        dets = bboxes[remain_inds]  # expect: MS202 dynamic
        return th.cdist(dets, dets_second).sum(0)


def inputs():
    return (th.rand(30, 6),)
