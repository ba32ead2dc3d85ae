"""Architecture step. `unrolled=True` differentiates through one virtual SGD step (second order);
`unrolled=False` is the first-order DARTS approximation."""
from dataclasses import dataclass

import torch
import torch.nn.functional as F
from torch.func import functional_call


@dataclass
class SearchCfg:
    unrolled: bool = False
    arch_lr: float = 3e-4
    w_lr: float = 0.025


class Architect:
    def __init__(self, model, cfg):
        self.model, self.cfg = model, cfg
        self.opt = torch.optim.Adam([model.alpha], lr=cfg.arch_lr, betas=(0.5, 0.999))

    def step(self, train_batch, valid_batch):
        self.opt.zero_grad()
        if self.cfg.unrolled:
            self._backward_unrolled(train_batch, valid_batch)
        else:
            xv, yv = valid_batch
            F.cross_entropy(self.model(xv), yv).backward()
        self.opt.step()

    def _backward_unrolled(self, train_batch, valid_batch):
        xt, yt = train_batch
        names = [n for n, _ in self.model.named_parameters() if n != "alpha"]
        ws = self.model.weights()
        g = torch.autograd.grad(F.cross_entropy(self.model(xt), yt), ws, create_graph=True)
        virtual = {n: w - self.cfg.w_lr * gi for n, w, gi in zip(names, ws, g)}
        virtual["alpha"] = self.model.alpha
        xv, yv = valid_batch
        F.cross_entropy(functional_call(self.model, virtual, (xv,)), yv).backward()
