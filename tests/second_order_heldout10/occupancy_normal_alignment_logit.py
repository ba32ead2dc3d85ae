"""Occupancy network (Mescheder et al., 2019) with a normal-alignment term.

The decoder predicts occupancy probabilities. Surface normals are taken as the normalised gradient of the
occupancy logit w.r.t. the query points and aligned with the ground-truth normals of surface samples.
"""
import torch
import torch.nn as nn
import torch.nn.functional as F


class OccDecoder(nn.Module):
    def __init__(self, c_dim=32, hidden=64):
        super().__init__()
        self.fc_p = nn.Linear(3, hidden)
        self.fc_c = nn.Linear(c_dim, hidden)
        self.blocks = nn.ModuleList([nn.Linear(hidden, hidden) for _ in range(3)])
        self.fc_out = nn.Linear(hidden, 1)

    def forward(self, p, c):
        h = self.fc_p(p) + self.fc_c(c).unsqueeze(1)
        for blk in self.blocks:
            h = h + blk(F.silu(h))
        return torch.sigmoid(self.fc_out(F.silu(h))).squeeze(-1)


class PointNetEncoder(nn.Module):
    def __init__(self, c_dim=32):
        super().__init__()
        self.mlp = nn.Sequential(nn.Linear(3, 64), nn.ReLU(), nn.Linear(64, c_dim))

    def forward(self, pts):
        return self.mlp(pts).max(dim=1).values


def occupancy_normals(decoder, pts, c, eps=1e-4):
    pts = pts.requires_grad_(True)
    occ = decoder(pts, c)
    logit = torch.logit(occ, eps=eps)
    n, = torch.autograd.grad(logit.sum(), pts, create_graph=True)
    return -n / (n.norm(dim=-1, keepdim=True) + 1e-8)


enc, dec = PointNetEncoder(), OccDecoder()
opt = torch.optim.Adam(list(enc.parameters()) + list(dec.parameters()), lr=1e-4)
for it in range(2):
    cloud = F.normalize(torch.randn(4, 256, 3), dim=-1)
    queries = torch.rand(4, 512, 3) * 2 - 1
    occ_gt = (queries.norm(dim=-1) < 1).float()
    surf = F.normalize(torch.randn(4, 128, 3), dim=-1)
    c = enc(cloud)
    bce = F.binary_cross_entropy(dec(queries, c), occ_gt)
    normals = occupancy_normals(dec, surf.clone(), c)
    align = (1 - (normals * surf).sum(-1)).mean()
    loss = bce + 0.1 * align
    opt.zero_grad()
    loss.backward()
    opt.step()
    print(it, bce.item(), align.item())
