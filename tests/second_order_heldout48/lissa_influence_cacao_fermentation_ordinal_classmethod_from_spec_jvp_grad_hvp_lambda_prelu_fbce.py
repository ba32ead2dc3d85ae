"""Influence-based cleaning of cut-test labels for cacao bean fermentation grades (LiSSA).

Features: cut-test colour histogram, bean-count fractions (slaty, purple, brown), moisture and
fermentation-box logs. Grades are ordinal (1..5) and fitted with a cumulative-link head.
Training points whose up-weighting would most increase the validation loss (Koh & Liang, 2017;
inverse HVP by the LiSSA recursion) are dropped and the model is retrained.
"""
import argparse

import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.func import functional_call, grad, jvp, vmap


class GradeRegressor(nn.Module):
    def __init__(self, d_in, hidden, n_grades):
        super().__init__()
        self.body = nn.Sequential(nn.Linear(d_in, hidden), nn.PReLU(), nn.Linear(hidden, hidden), nn.PReLU())
        self.score = nn.Linear(hidden, 1)
        self.cutpoints = nn.Parameter(torch.linspace(-1.5, 1.5, n_grades - 1))

    @classmethod
    def from_spec(cls, spec):
        return cls(spec["d_in"], spec["hidden"], spec["n_grades"])

    def forward(self, x):
        return self.score(self.body(x)) - self.cutpoints


class MonotoneGradeRegressor(GradeRegressor):
    """Monotone-in-fermentation-days variant (needs the box-log features); not used here."""

    def __init__(self, d_in, hidden, n_grades):
        super().__init__(d_in, hidden, n_grades)
        self.body = nn.Sequential(nn.Linear(d_in, hidden), nn.ReLU6(), nn.Linear(hidden, hidden), nn.ReLU6())


def ordinal_bce(logits, y):
    k = torch.arange(logits.size(-1))
    target = (y[..., None] > k).float()
    return F.binary_cross_entropy(torch.sigmoid(logits), target)


def make_hvp(model, params, x, y):
    def loss_at(p):
        return ordinal_bce(functional_call(model, p, (x,)), y)
    return lambda v: jvp(grad(loss_at), (params,), (v,))[1]


def lissa_inverse_hvp(hvp, v, depth, damping, scale):
    h = v
    for _ in range(depth):
        hv = hvp(h)
        h = {k: v[k] + (1 - damping) * h[k] - hv[k] / scale for k in v}
    return {k: t / scale for k, t in h.items()}


def fit(model, x, y, epochs, lr=1e-2):
    opt = torch.optim.Adam(model.parameters(), lr=lr)
    for _ in range(epochs):
        loss = ordinal_bce(model(x), y)
        opt.zero_grad()
        loss.backward()
        opt.step()
    return loss.item()


def make_data(n, d, n_grades, noise_frac=0.15):
    x = torch.randn(n, d)
    latent = x[:, :3].sum(1) + 0.3 * torch.randn(n)
    y = torch.bucketize(latent, torch.linspace(-2, 2, n_grades - 1))
    flip = torch.rand(n) < noise_frac
    y[flip] = torch.randint(0, n_grades, (int(flip.sum()),))
    return x, y


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--n", type=int, default=64)
    ap.add_argument("--drop", type=int, default=6)
    ap.add_argument("--depth", type=int, default=4)
    ap.add_argument("--epochs", type=int, default=20)
    args = ap.parse_args()
    torch.manual_seed(9)
    spec = {"d_in": 10, "hidden": 16, "n_grades": 5}
    x, y = make_data(args.n, spec["d_in"], spec["n_grades"])
    xv, yv = make_data(32, spec["d_in"], spec["n_grades"], noise_frac=0.0)

    model = GradeRegressor.from_spec(spec)
    print("initial fit", fit(model, x, y, args.epochs))
    params = {k: p.detach() for k, p in model.named_parameters()}

    val_grad = grad(lambda p: ordinal_bce(functional_call(model, p, (xv,)), yv))(params)
    ihvp = lissa_inverse_hvp(make_hvp(model, params, x, y), val_grad, args.depth, damping=0.01, scale=25.0)

    per_sample = vmap(grad(lambda p, xi, yi: ordinal_bce(functional_call(model, p, (xi[None],)), yi[None])),
                      in_dims=(None, 0, 0))(params, x, y)
    flat = torch.cat([per_sample[k].flatten(1) for k in params], 1)
    direction = torch.cat([ihvp[k].flatten() for k in params])
    influence = -(F.normalize(flat, dim=1) @ direction)
    harmful = influence.argsort()[: args.drop]
    keep = torch.ones(args.n, dtype=torch.bool)
    keep[harmful] = False
    print("dropped", harmful.tolist())

    cleaned = GradeRegressor.from_spec(spec)
    fit(cleaned, x[keep], y[keep], args.epochs)
    with torch.no_grad():
        print("val loss before / after cleaning:", ordinal_bce(model(xv), yv).item(), ordinal_bce(cleaned(xv), yv).item())


if __name__ == "__main__":
    main()
