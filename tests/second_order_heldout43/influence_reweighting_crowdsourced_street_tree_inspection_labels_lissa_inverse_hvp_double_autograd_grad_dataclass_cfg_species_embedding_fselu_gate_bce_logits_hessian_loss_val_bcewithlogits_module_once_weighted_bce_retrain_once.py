"""Influence-function reweighting of crowdsourced street-tree inspection labels.

Volunteers flag trees that "need an arborist inspection"; many flags are noisy.  Following
Koh & Liang (2017) and Wang et al. (2020), we estimate for every training survey the influence of
up-weighting it on a small arborist-verified validation loss:

    I(z_i) = - grad L_val^T  H^{-1}  grad l(z_i),

with the inverse Hessian-vector product computed by LiSSA (stochastic Neumann series whose terms are
exact Hessian-vector products of the training loss), and retrain with weights that favour
helpful surveys.
"""
from dataclasses import dataclass

import torch
import torch.nn as nn
import torch.nn.functional as F


@dataclass
class Cfg:
    n_train: int = 96
    n_val: int = 32
    n_numeric: int = 6          # trunk girth, canopy dieback, lean, soil moisture, ...
    n_species: int = 12
    emb: int = 4
    hidden: int = 16
    warmup_steps: int = 3
    retrain_steps: int = 3
    lr: float = 0.05
    lissa_depth: int = 4
    lissa_scale: float = 25.0
    lissa_damping: float = 0.01
    temperature: float = 2.0
    seed: int = 7


class TreeSurveyNet(nn.Module):
    def __init__(self, n_numeric, n_species, emb, hidden):
        super().__init__()
        self.species = nn.Embedding(n_species, emb)
        self.fc = nn.Linear(n_numeric + emb, hidden)
        self.gate = nn.Linear(n_numeric + emb, hidden)
        self.out = nn.Linear(hidden, 1)

    def forward(self, x, s):
        z = torch.cat([x, self.species(s)], dim=-1)
        h = F.selu(self.fc(z)) * torch.sigmoid(self.gate(z))
        return self.out(h).squeeze(-1)


def make_surveys(cfg, n, noisy, g):
    x = torch.randn(n, cfg.n_numeric, generator=g)
    s = torch.randint(0, cfg.n_species, (n,), generator=g)
    risk = 1.2 * x[:, 1] + 0.8 * x[:, 2] - 0.5 * x[:, 0] + 0.3 * (s % 3).float()
    y = (risk > 0.2).float()
    if noisy:
        flip = torch.rand(n, generator=g) < 0.25
        y = torch.where(flip, 1.0 - y, y)
    return x, s, y


def hessian_loss(model, x, s, y):
    return F.binary_cross_entropy_with_logits(model(x, s), y)


def weighted_bce(logits, y, w):
    return (w * F.binary_cross_entropy_with_logits(logits, y, reduction="none")).mean()


def lissa_inverse_hvp(model, params, data, v, cfg, g):
    """s ~ H^{-1} v via h_{t+1} = v + (1 - damping) h_t - H h_t / scale on random minibatches."""
    x, s, y = data
    h = [vi.clone() for vi in v]
    for _ in range(cfg.lissa_depth):
        idx = torch.randint(0, x.shape[0], (32,), generator=g)
        loss = hessian_loss(model, x[idx], s[idx], y[idx])
        grads = torch.autograd.grad(loss, params, create_graph=True)
        hv = torch.autograd.grad(grads, params, grad_outputs=h)
        h = [vi + (1 - cfg.lissa_damping) * hi - hvi / cfg.lissa_scale for vi, hi, hvi in zip(v, h, hv)]
    return [hi.detach() / cfg.lissa_scale for hi in h]


def sgd_steps(model, data, w, steps, lr):
    x, s, y = data
    opt = torch.optim.SGD(model.parameters(), lr=lr, momentum=0.9)
    for _ in range(steps):
        loss = weighted_bce(model(x, s), y, w)
        opt.zero_grad()
        loss.backward()
        opt.step()
    return loss.item()


def main(cfg=Cfg()):
    g = torch.Generator().manual_seed(cfg.seed)
    torch.manual_seed(cfg.seed)
    train = make_surveys(cfg, cfg.n_train, noisy=True, g=g)
    val = make_surveys(cfg, cfg.n_val, noisy=False, g=g)
    model = TreeSurveyNet(cfg.n_numeric, cfg.n_species, cfg.emb, cfg.hidden)
    params = [p for p in model.parameters() if p.requires_grad]
    val_criterion = nn.BCEWithLogitsLoss()

    ones = torch.ones(cfg.n_train)
    print(f"warm-up loss {sgd_steps(model, train, ones, cfg.warmup_steps, cfg.lr):.4f}")

    val_loss = val_criterion(model(val[0], val[1]), val[2])
    v = [gi.detach() for gi in torch.autograd.grad(val_loss, params)]
    s_test = lissa_inverse_hvp(model, params, train, v, cfg, g)

    x, s, y = train
    influence = torch.empty(cfg.n_train)
    for i in range(cfg.n_train):
        li = weighted_bce(model(x[i:i + 1], s[i:i + 1]), y[i:i + 1], ones[i:i + 1])
        gi = torch.autograd.grad(li, params)
        influence[i] = -sum((a * b).sum() for a, b in zip(s_test, gi))

    weights = torch.softmax(-influence / (cfg.temperature * influence.std() + 1e-8), dim=0) * cfg.n_train
    print(f"val loss {val_loss.item():.4f}; weight range {weights.min():.3f}..{weights.max():.3f}")
    print(f"retrain loss {sgd_steps(model, train, weights, cfg.retrain_steps, cfg.lr):.4f}")
    with torch.no_grad():
        acc = ((model(val[0], val[1]) > 0).float() == val[2]).float().mean()
    print(f"val acc after reweighting {acc:.3f}")


if __name__ == "__main__":
    main()
