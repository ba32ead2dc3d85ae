"""Reverse-mode hypergradients through a few unrolled SGD steps (Maclaurin et al. / Franceschi et al.)."""
import math

import torch
import torch.nn.functional as F

from models import forecast


class UnrolledHPO:
    def __init__(self, cfg, layer_names):
        self.cfg = cfg
        self.log_lr = torch.tensor(math.log(cfg.init_lr), requires_grad=True)
        self.log_wd = {k: torch.tensor(math.log(cfg.init_weight_decay), requires_grad=True) for k in layer_names}
        self.opt = torch.optim.Adam([self.log_lr, *self.log_wd.values()], lr=cfg.hyper_lr)

    def train_loss(self, params, x, y):
        fit = F.smooth_l1_loss(forecast(params, x, self.cfg), y, beta=self.cfg.huber_beta)
        decay = sum(self.log_wd[k.split(".")[0]].exp() * p.pow(2).sum() for k, p in params.items() if k.endswith(".w"))
        return fit + 0.5 * decay

    def unroll(self, params, batches):
        lr = self.log_lr.exp()
        for x, y in batches:
            grads = torch.autograd.grad(self.train_loss(params, x, y), list(params.values()), create_graph=True)
            params = {k: p - lr * g for (k, p), g in zip(params.items(), grads)}
        return params

    def hyper_step(self, params, batches, x_val, y_val):
        final = self.unroll(params, batches)
        val = F.smooth_l1_loss(forecast(final, x_val, self.cfg), y_val, beta=self.cfg.huber_beta)
        self.opt.zero_grad()
        val.backward()
        self.opt.step()
        return val.item(), final

    def hyperparameters(self):
        return {"lr": self.log_lr.exp().item(), **{f"wd_{k}": v.exp().item() for k, v in self.log_wd.items()}}
