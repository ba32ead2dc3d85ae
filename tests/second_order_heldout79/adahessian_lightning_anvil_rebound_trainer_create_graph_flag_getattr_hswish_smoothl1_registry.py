"""AdaHessian for an anvil-rebound (hammer rebound height) regressor, Lightning-style.

``configure_optimizers`` returns an AdaHessian optimizer; the small Trainer asks the optimizer
whether the backward must keep the graph (``requires_create_graph``), as Hessian optimizers
need ``loss.backward(create_graph=True)`` before the Hutchinson HVP in ``step``.
"""
import argparse
import logging

import torch
import torch.nn as nn
import torch.nn.functional as F

log = logging.getLogger("anvil")

LOSSES = {}


def register_loss(name):
    def deco(cls):
        LOSSES[name] = cls
        return cls
    return deco


@register_loss("SmoothL1Loss")
class SmoothL1Loss(nn.Module):
    def __init__(self, beta=0.5, loss_weight=1.0):
        super().__init__()
        self.criterion = nn.SmoothL1Loss(beta=beta)
        self.loss_weight = loss_weight

    def forward(self, pred, target):
        return self.loss_weight * self.criterion(pred, target)


@register_loss("MSELoss")
class MSELoss(nn.Module):
    def __init__(self, loss_weight=1.0):
        super().__init__()
        self.loss_weight = loss_weight

    def forward(self, pred, target):
        return self.loss_weight * F.mse_loss(pred, target)


def build_loss(cfg):
    cfg = dict(cfg)
    return LOSSES[cfg.pop("type")](**cfg)


class AdaHessian(torch.optim.Optimizer):
    requires_create_graph = True

    def __init__(self, params, lr=0.1, betas=(0.9, 0.999), eps=1e-4, hessian_power=1.0):
        super().__init__(params, dict(lr=lr, betas=betas, eps=eps, hessian_power=hessian_power))

    @torch.no_grad()
    def step(self, closure=None):
        params = [p for g in self.param_groups for p in g["params"] if p.grad is not None]
        zs = [torch.randint_like(p, 2) * 2 - 1 for p in params]
        with torch.enable_grad():
            hzs = torch.autograd.grad([p.grad for p in params], params, grad_outputs=zs)
        for group in self.param_groups:
            beta1, beta2 = group["betas"]
            for p, z, hz in zip(params, zs, hzs):
                state = self.state[p]
                if not state:
                    state["step"] = 0
                    state["exp_avg"] = torch.zeros_like(p)
                    state["exp_hessian_diag_sq"] = torch.zeros_like(p)
                state["step"] += 1
                state["exp_avg"].mul_(beta1).add_(p.grad, alpha=1 - beta1)
                state["exp_hessian_diag_sq"].mul_(beta2).addcmul_(hz * z, hz * z, value=1 - beta2)
                bc1 = 1 - beta1 ** state["step"]
                bc2 = 1 - beta2 ** state["step"]
                denom = (state["exp_hessian_diag_sq"] / bc2).pow(group["hessian_power"] / 2).add_(group["eps"])
                p.addcdiv_(state["exp_avg"], denom, value=-group["lr"] / bc1)


class ReboundMLP(nn.Module):
    def __init__(self, in_dim, hidden=(32, 32), act_cfg=dict(type="ReLU")):
        super().__init__()
        layers, d = [], in_dim
        for h in hidden:
            act_kwargs = dict(act_cfg)
            act_layer = getattr(nn, act_kwargs.pop("type"))(**act_kwargs)
            layers += [nn.Linear(d, h), nn.BatchNorm1d(h), act_layer]
            d = h
        layers.append(nn.Linear(d, 1))
        self.mlp = nn.Sequential(*layers)

    def forward(self, x):
        return self.mlp(x).squeeze(-1)


class LightningModule(nn.Module):
    def log(self, name, value):
        self._logged[name] = float(value)


class AnvilReboundModule(LightningModule):
    def __init__(self, cfg):
        super().__init__()
        self.cfg = cfg
        self.model = ReboundMLP(**cfg["model"])
        self.loss_fn = build_loss(cfg["loss"])
        self._logged = {}

    def training_step(self, batch, batch_idx):
        x, y = batch
        loss = self.loss_fn(self.model(x), y)
        self.log("train/loss", loss)
        return loss

    @torch.no_grad()
    def validation_step(self, batch, batch_idx):
        x, y = batch
        self.log("val/mae", F.l1_loss(self.model(x), y))

    def configure_optimizers(self):
        opt_cfg = dict(self.cfg["optimizer"])
        opt_cls = {"AdaHessian": AdaHessian, "Adam": torch.optim.Adam}[opt_cfg.pop("type")]
        return opt_cls(self.model.parameters(), **opt_cfg)


class Trainer:
    def __init__(self, max_epochs=2, log_every_n_steps=1):
        self.max_epochs = max_epochs
        self.log_every_n_steps = log_every_n_steps
        self.global_step = 0

    def fit(self, module, train_loader, val_loader):
        optimizer = module.configure_optimizers()
        create_graph = getattr(optimizer, "requires_create_graph", False)
        for epoch in range(self.max_epochs):
            module.train()
            for batch_idx, batch in enumerate(train_loader):
                loss = module.training_step(batch, batch_idx)
                optimizer.zero_grad()
                loss.backward(create_graph=create_graph)
                optimizer.step()
                self.global_step += 1
            module.eval()
            for batch_idx, batch in enumerate(val_loader):
                module.validation_step(batch, batch_idx)
            log.info("epoch %d %s", epoch, module._logged)


def make_batches(n_batches, batch_size=32):
    out = []
    for _ in range(n_batches):
        mass = torch.rand(batch_size, 1) * 2 + 0.5
        height = torch.rand(batch_size, 1) + 0.2
        hardness = torch.rand(batch_size, 1)
        temp = torch.rand(batch_size, 1)
        x = torch.cat([mass, height, hardness, temp], 1)
        y = (height * (0.4 + 0.5 * hardness - 0.2 * temp)).squeeze(-1) + 0.01 * torch.randn(batch_size)
        out.append((x, y))
    return out


CONFIG = dict(
    model=dict(in_dim=4, hidden=(32, 32), act_cfg=dict(type="Hardswish")),
    loss=dict(type="SmoothL1Loss", beta=0.1),
    optimizer=dict(type="AdaHessian", lr=0.05),
)


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("--epochs", type=int, default=2)
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO)
    torch.manual_seed(0)
    module = AnvilReboundModule(CONFIG)
    Trainer(max_epochs=args.epochs).fit(module, make_batches(3), make_batches(1))
    assert module.model.mlp[0].weight.grad is not None
