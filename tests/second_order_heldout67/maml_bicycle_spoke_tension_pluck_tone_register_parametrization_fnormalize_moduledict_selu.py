"""MAML for per-wheel calibration of spoke tension from the pluck tone of a spoke.

Every wheel (rim profile, spoke gauge, lacing pattern) maps pluck-tone features to tension a little
differently, so a small regressor is meta-learned and adapted with a handful of tensiometer
readings per wheel.  The hidden layers are weight-normalised through torch's parametrization API
(unit-norm rows times a learned log-gain that lives inside the parametrization module), and the
activation is picked by name from a ModuleDict of candidates.
"""
import argparse
import logging
from dataclasses import dataclass

import torch
import torch.nn as nn
import torch.nn.functional as F
import torch.nn.utils.parametrize as parametrize
from torch.func import functional_call

log = logging.getLogger("spoke_maml")


@dataclass
class MetaConfig:
    hidden: int = 32
    depth: int = 2
    act: str = "selu"
    inner_lr: float = 0.02
    inner_steps: int = 2
    outer_lr: float = 1e-3
    meta_batch: int = 4
    shots: int = 6
    queries: int = 12
    iterations: int = 4
    first_order: bool = False


class RowWeightNorm(nn.Module):
    """W = g * W_raw / ||W_raw||_row, with log g stored in the parametrization itself."""

    def __init__(self, rows):
        super().__init__()
        self.log_gain = nn.Parameter(torch.zeros(rows, 1))

    def forward(self, weight):
        return self.log_gain.exp() * F.normalize(weight, dim=1)


class TensionRegressor(nn.Module):
    def __init__(self, n_feat, cfg):
        super().__init__()
        dims = [n_feat] + [cfg.hidden] * cfg.depth
        self.hidden = nn.ModuleList(nn.Linear(a, b) for a, b in zip(dims[:-1], dims[1:]))
        self.acts = nn.ModuleDict({
            "softplus": nn.Softplus(beta=2.0),
            "selu": nn.SELU(),
            "hardswish": nn.Hardswish(),
        })
        self.act_name = cfg.act
        self.out = nn.Linear(cfg.hidden, 1)

    def forward(self, x):
        for layer in self.hidden:
            x = self.acts[self.act_name](layer(x))
        return self.out(x).squeeze(-1)


def add_weight_norm(model):
    for layer in model.hidden:
        parametrize.register_parametrization(layer, "weight", RowWeightNorm(layer.out_features))
    return model


def sample_wheel(cfg, n_feat, generator):
    """Pluck-tone features (fundamental, 2 overtones, decay, spoke length) -> tension in kgf."""
    rim_k = 0.7 + 0.6 * torch.rand(1, generator=generator)
    gauge = 1.8 + 0.4 * torch.rand(1, generator=generator)
    def draw(n):
        f0 = 300 + 500 * torch.rand(n, generator=generator)
        length = 0.26 + 0.04 * torch.rand(n, generator=generator)
        feats = torch.stack([f0 / 800, 2.02 * f0 / 1600, 3.05 * f0 / 2400,
                             torch.rand(n, generator=generator), length / 0.3], dim=1)
        tension = rim_k * (2 * length * f0) ** 2 * gauge ** 2 * 1e-4
        return feats[:, :n_feat], (tension - 60) / 40
    return draw(cfg.shots), draw(cfg.queries)


def adapt(model, params, xs, ys, cfg, create_graph):
    for _ in range(cfg.inner_steps):
        loss = F.mse_loss(functional_call(model, params, (xs,)), ys)
        grads = torch.autograd.grad(loss, list(params.values()), create_graph=create_graph)
        params = {k: v - cfg.inner_lr * g for (k, v), g in zip(params.items(), grads)}
    return params


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--iterations", type=int, default=None)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")
    cfg = MetaConfig()
    if args.iterations:
        cfg.iterations = args.iterations
    torch.manual_seed(0)
    gen = torch.Generator().manual_seed(3)
    n_feat = 5

    model = add_weight_norm(TensionRegressor(n_feat, cfg))
    log.info("meta-parameters: %s", [k for k, _ in model.named_parameters()])
    opt = torch.optim.Adam(model.parameters(), cfg.outer_lr)
    for it in range(cfg.iterations):
        opt.zero_grad(set_to_none=True)
        meta_loss = 0.0
        for _ in range(cfg.meta_batch):
            (xs, ys), (xq, yq) = sample_wheel(cfg, n_feat, gen)
            params = dict(model.named_parameters())
            fast = adapt(model, params, xs, ys, cfg, create_graph=not cfg.first_order)
            meta_loss = meta_loss + F.mse_loss(functional_call(model, fast, (xq,)), yq)
        (meta_loss / cfg.meta_batch).backward()
        g = model.hidden[0].parametrizations.weight.original.grad
        log.info("iter %d meta-loss %.4f |grad W0| %.3e", it, meta_loss.item() / cfg.meta_batch, g.norm().item())
        opt.step()

    # held-out wheels: first-order adaptation, robust error only reported
    (xs, ys), (xq, yq) = sample_wheel(cfg, n_feat, gen)
    fast = adapt(model, dict(model.named_parameters()), xs, ys, cfg, create_graph=False)
    with torch.no_grad():
        err = F.smooth_l1_loss(functional_call(model, fast, (xq,)), yq, beta=0.25)
    log.info("held-out wheel smooth-L1 %.4f", err.item())


if __name__ == "__main__":
    main()
