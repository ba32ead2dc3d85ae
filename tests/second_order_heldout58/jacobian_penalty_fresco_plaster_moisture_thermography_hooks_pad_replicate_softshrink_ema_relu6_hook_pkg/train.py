import copy

import torch
import torch.nn.functional as F

from config import Cfg
from hooks import install_training_hooks, make_range_clip_hook
from model import CoolingCurveRegressor


def cooling_curves(n, length):
    t = torch.linspace(0, 1, length)
    moisture = 6.0 * torch.rand(n)
    tau = 0.15 + 0.05 * moisture[:, None]          # wetter plaster cools more slowly
    curve = torch.exp(-t / tau) + 0.02 * torch.randn(n, length)
    return curve.unsqueeze(1), moisture


def decorrelation(features):
    z = F.normalize(features.mean(-1), dim=0)
    c = z.t() @ z
    return (c - torch.diag(torch.diag(c))).pow(2).mean()


def jacobian_penalty(model, x):
    x = x.clone().requires_grad_(True)
    pred = model(x)
    (jx,) = torch.autograd.grad(pred.sum(), x, create_graph=True)
    return pred, jx.pow(2).sum(dim=(1, 2)).mean()


def main(cfg=Cfg()):
    torch.manual_seed(8)
    model = CoolingCurveRegressor(cfg.channels)
    capture, stats, _ = install_training_hooks(model, cfg.hooks)
    ema = copy.deepcopy(model).requires_grad_(False)
    ema.head.register_forward_hook(make_range_clip_hook(cfg.hooks.moisture_max))
    opt = torch.optim.Adam(model.parameters(), lr=cfg.lr)
    for step in range(cfg.steps):
        x, y = cooling_curves(cfg.batch, cfg.length)
        pred, jac = jacobian_penalty(model, x)
        fit = F.mse_loss(pred, y)
        loss = fit + cfg.jac_lambda * jac + cfg.decor_weight * decorrelation(capture.features)
        opt.zero_grad()
        loss.backward()
        opt.step()
        with torch.no_grad():
            for pe, pm in zip(ema.parameters(), model.parameters()):
                pe.mul_(cfg.ema_decay).add_(pm, alpha=1 - cfg.ema_decay)
            xv, yv = cooling_curves(16, cfg.length)
            mae = (ema(xv) - yv).abs().mean().item()
        print(f"step {step} fit {fit.item():.4f} jac {jac.item():.4f} ema_mae {mae:.3f} "
              f"stem_act {stats.history[-1]:.3f}")


if __name__ == "__main__":
    main()
