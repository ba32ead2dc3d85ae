import logging

import torch
import torch.nn as nn
from torch.optim.swa_utils import AveragedModel, get_ema_multi_avg_fn

log = logging.getLogger("pinn.trainer")


def heat_residual(model, xt, alpha):
    xt = xt.clone().requires_grad_(True)
    u = model(xt)
    (du,) = torch.autograd.grad(u.sum(), xt, create_graph=True)
    u_x, u_t = du[:, :1], du[:, 1:]
    (du_x,) = torch.autograd.grad(u_x.sum(), xt, create_graph=True)
    u_xx = du_x[:, :1]
    return u_t - alpha * u_xx


class Trainer:
    def __init__(self, model, cfg):
        self.cfg = cfg
        self.raw_model = model
        self.model = torch.compile(model) if cfg.compile and hasattr(torch, "compile") else model
        self.ema = AveragedModel(model, multi_avg_fn=get_ema_multi_avg_fn(cfg.ema_decay))
        self.opt = torch.optim.Adam(model.parameters(), lr=cfg.lr)
        self.act_stats = {}
        self._hooks = []
        if cfg.log_activations:
            for name, mod in model.named_modules():
                if isinstance(mod, (nn.GELU, nn.Tanh, nn.Softplus)):
                    self._hooks.append(mod.register_forward_hook(self._record(name)))

    def _record(self, name):
        def hook(module, inp, out):
            self.act_stats[name] = out.detach().abs().mean().item()
        return hook

    def step(self, colloc, bc_xt, bc_u):
        # PDE derivatives in full precision: autocast explicitly off around the double autograd
        with torch.autocast("cpu", enabled=False):
            res = heat_residual(self.model, colloc, self.cfg.alpha)
            pde = res.pow(2).mean()
        with torch.autocast("cpu", dtype=torch.bfloat16, enabled=self.cfg.amp):
            bc = (self.model(bc_xt).float() - bc_u).pow(2).mean()
        loss = pde + 10.0 * bc
        self.opt.zero_grad()
        loss.backward()
        self.opt.step()
        self.ema.update_parameters(self.raw_model)
        return pde.item(), bc.item()

    @torch.no_grad()
    def core_temperature(self, t):
        xt = torch.stack([torch.full_like(t, 0.5), t], 1)
        return self.ema(xt).squeeze(1)

    def close(self):
        for h in self._hooks:
            h.remove()
