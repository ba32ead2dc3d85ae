"""Learning to optimise: a per-coordinate MLP optimiser meta-trained on small regressors of composite-panel cure.

Optimisee: predicts degree of cure of a carbon-fibre prepreg panel from autoclave cycle features (ramp rate, dwell
temperature, dwell time, pressure, thermocouple lag). Each meta-iteration samples a fresh optimisee, unrolls K inner
steps whose gradients are kept with create_graph=True (no first-order truncation), and back-propagates the summed
inner losses into the optimiser network. The optimisee is differentiated twice; the optimiser network only once.
"""
import argparse
import logging

import torch
import torch.nn.functional as F
from torch import nn

log = logging.getLogger("l2o_autoclave")
N_FEATURES = 5


class CoordinateWiseOptimizer(nn.Module):
    """Update for every parameter coordinate from (grad, log|grad|, sign, momentum)."""

    def __init__(self, hidden=16, out_scale=0.05):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(4, hidden), nn.GELU(approximate="tanh"), nn.LayerNorm(hidden),
                                 nn.Linear(hidden, 1))
        self.out_scale = out_scale

    def forward(self, grad, momentum):
        feats = torch.stack([grad, torch.log(grad.abs() + 1e-8) / 8.0, torch.sign(grad), momentum], dim=-1)
        return self.out_scale * self.net(feats).squeeze(-1)


def init_optimizee(gen, hidden=12):
    w1 = torch.randn(hidden, N_FEATURES, generator=gen) / N_FEATURES ** 0.5
    b1 = torch.zeros(hidden)
    w2 = torch.randn(1, hidden, generator=gen) / hidden ** 0.5
    b2 = torch.zeros(1)
    return [p.requires_grad_(True) for p in (w1, b1, w2, b2)]


def optimizee_loss(params, x, y):
    w1, b1, w2, b2 = params
    h = F.elu(F.linear(x, w1, b1))
    pred = torch.sigmoid(F.linear(h, w2, b2)).squeeze(-1)
    return F.smooth_l1_loss(pred, y, beta=0.05)


def cure_dataset(n, gen):
    x = torch.rand(n, N_FEATURES, generator=gen)
    arrhenius = torch.exp(-2.0 / (0.5 + x[:, 1]))
    doc = 1 - torch.exp(-(3 * arrhenius * (0.3 + x[:, 2]) * (1 + 0.2 * x[:, 3]) - 0.3 * x[:, 4]).clamp(min=0))
    return x, (doc + 0.01 * torch.randn(n, generator=gen)).clamp(0, 1)


def unroll(opt_net, params, x, y, steps, create_graph):
    moms = [torch.zeros_like(p) for p in params]
    total = 0.0
    for _ in range(steps):
        loss = optimizee_loss(params, x, y)
        total = total + loss
        grads = torch.autograd.grad(loss, params, create_graph=create_graph, retain_graph=True)
        new_params, new_moms = [], []
        for p, g, m in zip(params, grads, moms):
            m = 0.9 * m + 0.1 * g
            upd = opt_net(g.reshape(-1), m.reshape(-1)).view_as(p)
            new_params.append(p + upd)
            new_moms.append(m)
        params, moms = new_params, new_moms
    return total / steps, params


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--meta-iters", type=int, default=3)
    ap.add_argument("--unroll", type=int, default=4)
    ap.add_argument("--n-samples", type=int, default=64)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")
    torch.manual_seed(8)
    gen = torch.Generator().manual_seed(8)
    opt_net = CoordinateWiseOptimizer()
    meta_opt = torch.optim.Adam(opt_net.parameters(), lr=1e-3)

    for it in range(args.meta_iters):
        x, y = cure_dataset(args.n_samples, gen)
        params = init_optimizee(gen)
        meta_loss, _ = unroll(opt_net, params, x, y, args.unroll, create_graph=True)
        meta_opt.zero_grad(set_to_none=True)
        meta_loss.backward()
        g_first = opt_net.net[0].weight.grad.abs().sum().item()
        meta_opt.step()
        log.info("meta-iter %d meta-loss %.5f |d opt_net| %.3e", it, meta_loss.item(), g_first)
    assert g_first > 0

    # the second-order terms are not negligible: full vs. truncated (first-order) meta-gradient differ
    x, y = cure_dataset(args.n_samples, gen)
    p0 = init_optimizee(gen)
    full, _ = unroll(opt_net, p0, x, y, args.unroll, create_graph=True)
    trunc, _ = unroll(opt_net, [p.detach().requires_grad_(True) for p in p0], x, y, args.unroll, create_graph=False)
    (g_full,) = torch.autograd.grad(full, opt_net.net[0].weight)
    (g_trunc,) = torch.autograd.grad(trunc, opt_net.net[0].weight)
    log.info("second-order share of the meta-gradient %.3e", (g_full - g_trunc).norm().item())
    assert (g_full - g_trunc).abs().sum() > 0

    # meta-validation: plain unroll without second-order terms, learned optimiser frozen
    x, y = cure_dataset(args.n_samples, gen)
    params = init_optimizee(gen)
    val_loss, final = unroll(opt_net, params, x, y, 2 * args.unroll, create_graph=False)
    with torch.no_grad():
        w1, b1, w2, b2 = final
        mae = F.l1_loss(torch.sigmoid(F.linear(F.elu(F.linear(x, w1, b1)), w2, b2)).squeeze(-1), y)
    log.info("meta-val mean loss %.5f final MAE %.4f", val_loss.item(), mae.item())


if __name__ == "__main__":
    main()
