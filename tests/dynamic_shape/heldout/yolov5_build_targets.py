"""YOLOv5 build_targets: targets are replicated to neighbour cells and filtered with a mask."""
import torch
import torch.nn as nn


class Case(nn.Module):
    anchor_t = 4.0

    def forward(self, targets: torch.Tensor, anchors: torch.Tensor) -> torch.Tensor:
        na, nt = anchors.shape[0], targets.shape[0]
        ai = torch.arange(na).float().view(na, 1).repeat(1, nt)
        t = torch.cat((targets.repeat(na, 1, 1), ai[..., None]), 2)
        r = t[..., 4:6] / anchors[:, None]
        j = torch.max(r, 1 / r).max(2)[0] < self.anchor_t
        t = t[j]  # expect: MS202 dynamic
        gxy = t[:, 2:4]
        j, k = ((gxy % 1 < 0.5) & (gxy > 1)).T
        t = t.repeat((3, 1, 1))[torch.stack((torch.ones_like(j), j, k))]  # expect: MS202 dynamic
        return t


def inputs():
    return torch.cat([torch.zeros(6, 1), torch.rand(6, 1), torch.rand(6, 4) * 20], 1), torch.tensor(
        [[1.25, 1.625], [2.0, 3.75], [4.125, 2.875]]
    )
