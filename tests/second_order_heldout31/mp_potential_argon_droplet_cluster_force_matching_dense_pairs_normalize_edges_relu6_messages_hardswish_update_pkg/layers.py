import torch
import torch.nn as nn
import torch.nn.functional as F


class MessageLayer(nn.Module):
    """h_i <- h_i + sum_j m(h_j, rbf_ij, <u_ij, d_i>) mask_ij, written by hand on dense pairs."""

    def __init__(self, dim, n_rbf):
        super().__init__()
        self.edge = nn.Linear(n_rbf + 1, dim)
        self.msg = nn.Linear(dim, dim)
        self.upd = nn.Linear(2 * dim, dim)
        self.act = nn.Hardswish()
        self.direction = nn.Parameter(torch.randn(3) * 0.1)

    def forward(self, h, unit, rbf, mask):
        align = (unit * self.direction).sum(-1, keepdim=True)
        e = self.edge(torch.cat([rbf, align], dim=-1))
        m = F.relu6(self.msg(h))[None, :, :] * e
        agg = (m * mask[..., None]).sum(1)
        return h + self.act(self.upd(torch.cat([h, agg], dim=-1)))
