# Short-term electricity-load forecaster (MLP on 48 lagged values + calendar features). Before pruning, the
# curvature of one hidden layer is measured: Hutchinson estimate of tr(H) of the loss w.r.t. net[2].weight.
import torch
from torch import nn
import torch.nn.functional as F


def build_forecaster(n_in, hidden=64, horizon=24):
    return nn.Sequential(
        nn.Linear(n_in, hidden),
        nn.PReLU(hidden),
        nn.Linear(hidden, hidden),
        nn.SELU(),
        nn.Linear(hidden, hidden),
        nn.ReLU6(),
        nn.Linear(hidden, horizon),
    )


def layer_hutchinson(net, x, y, layer_idx=2, n_probe=4):
    w = net[layer_idx].weight
    loss = F.huber_loss(net(x), y, delta=0.5)
    g, = torch.autograd.grad(loss, w, create_graph=True)
    est = 0.0
    for _ in range(n_probe):
        v = torch.empty_like(w).bernoulli_(0.5) * 2 - 1
        hv, = torch.autograd.grad(g, w, grad_outputs=v, retain_graph=True)
        est += (hv * v).sum().item()
    return est / n_probe


net = build_forecaster(48 + 8)
opt = torch.optim.Adam(net.parameters(), lr=1e-3)
for epoch in range(2):
    x, y = torch.randn(32, 56), torch.randn(32, 24)
    loss = F.huber_loss(net(x), y, delta=0.5)
    opt.zero_grad()
    loss.backward()
    opt.step()
    print(epoch, loss.item(), layer_hutchinson(net, x, y))
