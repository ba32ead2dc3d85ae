"""Rowing oarlock force-trace classifier with a Lightning-style gradient-norm *monitor*.

The ``InputGradNormCallback`` computes the input-gradient norm every step; the config keeps
``create_graph=False`` and ``penalty_weight=0.0`` (monitor-only mode), so the norm is logged and
never trained on.
"""
import argparse
import logging

import torch
import torch.nn as nn
import torch.nn.functional as F

log = logging.getLogger("oarlock")

ACTS = {"selu": nn.SELU, "relu": nn.ReLU, "hswish": nn.Hardswish}
NORMS = {"gn": lambda c: nn.GroupNorm(4, c), "bn": nn.BatchNorm1d}


class StrokeEncoder(nn.Module):
    def __init__(self, in_ch=2, width=16, num_classes=3, act="selu", norm="gn"):
        super().__init__()
        self.conv1 = nn.Conv1d(in_ch, width, 5, padding=2)
        self.norm1 = NORMS[norm](width)
        self.act = ACTS[act]()
        self.conv2 = nn.Conv1d(width, width, 5, padding=2)
        self.pool = nn.AdaptiveAvgPool1d(1)
        self.fc = nn.Linear(width, num_classes)

    def forward(self, x):
        h = self.act(self.norm1(self.conv1(x)))
        h = self.act(self.conv2(h))
        return self.fc(self.pool(h).squeeze(-1))


class Callback:
    def on_before_backward(self, trainer, module, batch, losses):
        pass


class InputGradNormCallback(Callback):
    def __init__(self, create_graph=False, penalty_weight=0.0):
        self.create_graph = create_graph
        self.penalty_weight = penalty_weight

    def on_before_backward(self, trainer, module, batch, losses):
        x, y = batch
        x = x.clone().requires_grad_(True)
        logp = F.log_softmax(module.net(x), dim=-1)
        nll = F.nll_loss(logp, y)
        (g,) = torch.autograd.grad(nll, x, create_graph=self.create_graph)
        gnorm = g.flatten(1).norm(dim=1).mean()
        trainer.logged["input_grad_norm"] = gnorm.item()
        if self.penalty_weight > 0 and self.create_graph:
            losses["loss_grad"] = self.penalty_weight * gnorm.pow(2)


class OarlockModule(nn.Module):
    def __init__(self, hparams):
        super().__init__()
        self.net = StrokeEncoder(**hparams["net"])
        self.hp = hparams

    def training_step(self, batch):
        x, y = batch
        return {"loss_cls": F.cross_entropy(self.net(x), y)}

    def configure_optimizers(self):
        return torch.optim.AdamW(self.parameters(), lr=self.hp["lr"])


class Trainer:
    def __init__(self, callbacks, max_steps):
        self.callbacks, self.max_steps, self.logged = callbacks, max_steps, {}

    def fit(self, module, loader):
        opt = module.configure_optimizers()
        for step, batch in enumerate(loader):
            if step >= self.max_steps:
                break
            losses = module.training_step(batch)
            for cb in self.callbacks:
                cb.on_before_backward(self, module, batch, losses)
            loss = sum(losses.values())
            opt.zero_grad()
            loss.backward()
            opt.step()
            log.info("step %d loss %.4f %s", step, loss.item(), self.logged)


def stroke_loader(n, bs=16):
    t = torch.linspace(0, 1, 64)
    for _ in range(n):
        y = torch.randint(0, 3, (bs,))
        catch = 0.2 + 0.1 * y[:, None].float()
        force = torch.exp(-((t - catch) / 0.1) ** 2) + 0.05 * torch.randn(bs, 64)
        angle = torch.sin(2 * torch.pi * t).expand(bs, -1)
        yield torch.stack([force, angle], 1), y


HPARAMS = dict(net=dict(act="selu", norm="gn"), lr=1e-3,
               monitor=dict(create_graph=False, penalty_weight=0.0))

if __name__ == "__main__":
    ap = argparse.ArgumentParser()
    ap.add_argument("--steps", type=int, default=4)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)
    torch.manual_seed(0)
    trainer = Trainer([InputGradNormCallback(**HPARAMS["monitor"])], args.steps)
    trainer.fit(OarlockModule(HPARAMS), stroke_loader(8))
