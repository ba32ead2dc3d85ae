"""Influence of past sailings on a ferry-cancellation classifier, LiSSA with finite-difference HVPs.

The inverse-HVP recursion of LiSSA needs H v; here it is approximated by central differences of
ordinary gradients at theta +- eps * v (Pearlmutter's trick without the double backward), so every
gradient in this script is first order.
"""
import torch
import torch.nn as nn

N_TRAIN, BATCH, DEPTH, SCALE, DAMPING, EPS = 96, 32, 5, 20.0, 0.01, 1e-3


class CancellationNet(nn.Module):
    def __init__(self, n_feat=5, hidden=24):
        super().__init__()
        self.net = nn.Sequential(
            nn.Linear(n_feat, hidden), nn.GELU(approximate="tanh"),
            nn.Linear(hidden, hidden), nn.GELU(approximate="tanh"),
            nn.Linear(hidden, 1))

    def forward(self, x):
        return self.net(x).squeeze(-1)


def sailings(n, gen):
    wind = torch.rand(n, generator=gen) * 30
    gust = wind + torch.rand(n, generator=gen) * 15
    wave = torch.rand(n, generator=gen) * 4
    vis = torch.rand(n, generator=gen)
    night = (torch.rand(n, generator=gen) < 0.3).float()
    x = torch.stack([wind / 30, gust / 45, wave / 4, vis, night], -1)
    logit = 0.15 * gust + 1.2 * wave - 2 * vis - 6
    y = (torch.rand(n, generator=gen) < torch.sigmoid(logit)).float()
    return x, y


def flat_grad(model, criterion, x, y):
    loss = criterion(model(x), y)
    return torch.autograd.grad(loss, list(model.parameters()))


def fd_hvp(model, criterion, x, y, vec):
    params = list(model.parameters())
    with torch.no_grad():
        for p, v in zip(params, vec):
            p.add_(EPS * v)
    g_plus = flat_grad(model, criterion, x, y)
    with torch.no_grad():
        for p, v in zip(params, vec):
            p.sub_(2 * EPS * v)
    g_minus = flat_grad(model, criterion, x, y)
    with torch.no_grad():
        for p, v in zip(params, vec):
            p.add_(EPS * v)
    return [(a - b) / (2 * EPS) for a, b in zip(g_plus, g_minus)]


def main():
    gen = torch.Generator().manual_seed(47)
    torch.manual_seed(47)
    x, y = sailings(N_TRAIN, gen)
    model, criterion = CancellationNet(), nn.BCEWithLogitsLoss()
    opt = torch.optim.Adam(model.parameters(), lr=1e-2)
    for epoch in range(40):
        loss = criterion(model(x), y)
        opt.zero_grad()
        loss.backward()
        opt.step()
    print(f"train bce {loss.item():.3f}")

    x_test, y_test = sailings(4, gen)
    v = flat_grad(model, criterion, x_test, y_test)
    h = [t.clone() for t in v]
    for d in range(DEPTH):
        idx = torch.randint(0, N_TRAIN, (BATCH,), generator=gen)
        hv = fd_hvp(model, criterion, x[idx], y[idx], h)
        h = [vi + (1 - DAMPING) * hi - hvi / SCALE for vi, hi, hvi in zip(v, h, hv)]
    s_test = [hi / SCALE for hi in h]
    scores = []
    for i in range(6):
        gi = flat_grad(model, criterion, x[i:i + 1], y[i:i + 1])
        scores.append(-sum((a * b).sum() for a, b in zip(gi, s_test)).item())
    print("influence:", [round(s, 5) for s in scores])


if __name__ == "__main__":
    main()
