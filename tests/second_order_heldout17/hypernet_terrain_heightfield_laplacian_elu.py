"""Hypernetwork-conditioned implicit heightfields for terrain tiles: a hypernetwork maps a tile embedding
to the weights of a small coordinate MLP h(x, y); training adds a thin-plate (Laplacian) smoothness term."""
import torch
import torch.nn as nn
import torch.nn.functional as F

HID = 16


class HyperNet(nn.Module):
    def __init__(self, z_dim=8):
        super().__init__()
        self.shapes = [(HID, 2), (HID,), (1, HID), (1,)]
        n_out = sum(torch.Size(s).numel() for s in self.shapes)
        self.mlp = nn.Sequential(nn.Linear(z_dim, 64), nn.ELU(), nn.Linear(64, n_out))

    def forward(self, z):
        flat = self.mlp(z) * 0.1
        out, i = [], 0
        for s in self.shapes:
            n = torch.Size(s).numel()
            out.append(flat[i:i + n].view(s))
            i += n
        return out


def height(weights, xy):
    w1, b1, w2, b2 = weights
    h = F.elu(F.linear(xy, w1, b1))
    return F.linear(h, w2, b2)


def laplacian(h, xy):
    g = torch.autograd.grad(h.sum(), xy, create_graph=True)[0]
    h_xx = torch.autograd.grad(g[:, 0].sum(), xy, create_graph=True)[0][:, 0]
    h_yy = torch.autograd.grad(g[:, 1].sum(), xy, create_graph=True)[0][:, 1]
    return h_xx + h_yy


hyper = HyperNet()
codes = nn.Embedding(5, 8)
opt = torch.optim.Adam(list(hyper.parameters()) + list(codes.parameters()), lr=1e-3)
for step in range(3):
    tile = torch.randint(0, 5, (1,))
    weights = hyper(codes(tile)[0])
    xy = (torch.rand(128, 2) * 2 - 1).requires_grad_(True)
    samples = torch.rand(64, 2) * 2 - 1
    target = torch.sin(3 * samples[:, :1]) * torch.cos(2 * samples[:, 1:])
    fit = F.mse_loss(height(weights, samples), target)
    smooth = laplacian(height(weights, xy), xy).pow(2).mean()
    loss = fit + 1e-3 * smooth
    opt.zero_grad()
    loss.backward()
    opt.step()
    print(step, loss.item())
