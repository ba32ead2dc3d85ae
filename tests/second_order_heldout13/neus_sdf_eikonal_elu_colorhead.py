"""NeuS-style surface reconstruction, trimmed to the geometry part: an SDF MLP with a skip connection
and an appearance head. The Eikonal term uses the SDF's spatial gradient (create_graph=True); the
appearance head takes that gradient (the normal) as an input but is only trained with a colour loss."""
import math

import torch
import torch.nn as nn
import torch.nn.functional as F


class SDFNetwork(nn.Module):
    def __init__(self, d_hidden=64, n_layers=4, skip_in=(2,), feat_dim=16):
        super().__init__()
        self.skip_in = skip_in
        dims = [3] + [d_hidden] * n_layers + [1 + feat_dim]
        self.lins = nn.ModuleList()
        for l in range(len(dims) - 1):
            out_dim = dims[l + 1] - 3 if (l + 1) in skip_in else dims[l + 1]
            lin = nn.Linear(dims[l], out_dim)
            nn.init.normal_(lin.weight, 0.0, math.sqrt(2) / math.sqrt(out_dim))
            nn.init.zeros_(lin.bias)
            self.lins.append(lin)

    def forward(self, x):
        h = x
        for l, lin in enumerate(self.lins):
            if l in self.skip_in:
                h = torch.cat([h, x], dim=-1) / math.sqrt(2)
            h = lin(h)
            if l < len(self.lins) - 1:
                h = F.elu(h, alpha=1.0)
        return h

    def sdf(self, x):
        return self.forward(x)[:, :1]

    def gradient(self, x):
        x = x.requires_grad_(True)
        y = self.sdf(x)
        d_output = torch.ones_like(y, requires_grad=False)
        return torch.autograd.grad(outputs=y, inputs=x, grad_outputs=d_output,
                                   create_graph=True, retain_graph=True, only_inputs=True)[0]


class ColorNetwork(nn.Module):
    def __init__(self, feat_dim=16, d_hidden=64):
        super().__init__()
        self.l0 = nn.Linear(3 + 3 + 3 + feat_dim, d_hidden)
        self.l1 = nn.Linear(d_hidden, 3)

    def forward(self, pts, normals, view_dirs, feats):
        h = torch.cat([pts, normals, view_dirs, feats], dim=-1)
        return torch.sigmoid(self.l1(F.relu6(self.l0(h))))


def train_step(sdf_net, color_net, opt, pts, view_dirs, gt_rgb, eik_w=0.1):
    grads = sdf_net.gradient(pts)
    feats = sdf_net(pts)[:, 1:]
    rgb = color_net(pts, grads.detach(), view_dirs, feats)
    color_loss = F.l1_loss(rgb, gt_rgb)
    eikonal = ((torch.linalg.norm(grads, ord=2, dim=-1) - 1.0) ** 2).mean()
    loss = color_loss + eik_w * eikonal
    opt.zero_grad()
    loss.backward()
    opt.step()
    return loss.item()


if __name__ == "__main__":
    sdf_net, color_net = SDFNetwork(), ColorNetwork()
    opt = torch.optim.Adam(list(sdf_net.parameters()) + list(color_net.parameters()), lr=5e-4)
    for _ in range(2):
        pts = torch.rand(256, 3) * 2 - 1
        dirs = F.normalize(torch.randn(256, 3), dim=-1)
        print(train_step(sdf_net, color_net, opt, pts, dirs, torch.rand(256, 3)))
