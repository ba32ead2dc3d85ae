"""Bumblebee species from buzz-pollination recordings (log-mel frames), Lightning-style with callbacks.

Callbacks only monitor training: total and per-sample gradient norms (torch.func, detached parameters),
a saliency map of the input frames, and an EMA copy of the weights. Nothing is differentiated twice.
"""
import argparse
import copy

import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.func import functional_call, grad, vmap

HPARAMS = {"n_mels": 24, "frames": 32, "n_species": 5, "width": 32, "batch": 8, "steps": 3, "lr": 1e-3,
           "ema_decay": 0.99, "clip": 1.0, "log_every": 1}


class BuzzNet(nn.Module):
    def __init__(self, n_mels, n_species, width):
        super().__init__()
        self.conv1 = nn.Conv1d(n_mels, width, 5, padding=2)
        self.act1 = nn.PReLU(width)
        self.pool = nn.AvgPool1d(2)
        self.conv2 = nn.Conv1d(width, width, 3, padding=1)
        self.act2 = nn.GELU(approximate="tanh")
        self.head = nn.Linear(width, n_species)

    def forward(self, x):
        h = self.pool(self.act1(self.conv1(x)))
        h = self.act2(self.conv2(h)).mean(-1)
        return F.log_softmax(self.head(h), dim=-1)


class BuzzModule(nn.Module):
    def __init__(self, hp):
        super().__init__()
        self.hparams = hp
        self.net = BuzzNet(hp["n_mels"], hp["n_species"], hp["width"])

    def training_step(self, batch):
        x, y = batch
        logp = self.net(x)
        return {"loss": F.nll_loss(logp, y), "acc": (logp.argmax(-1) == y).float().mean()}

    def configure_optimizers(self):
        return torch.optim.AdamW(self.parameters(), lr=self.hparams["lr"], weight_decay=1e-2)


class Callback:
    def on_after_backward(self, trainer, module, batch):
        pass

    def on_train_batch_end(self, trainer, module, batch, outputs):
        pass


class GradNormMonitor(Callback):
    def on_after_backward(self, trainer, module, batch):
        norms = {n: p.grad.norm().item() for n, p in module.named_parameters() if p.grad is not None}
        trainer.metrics["grad_norm"] = sum(v ** 2 for v in norms.values()) ** 0.5
        trainer.metrics["grad_clip_ratio"] = min(1.0, module.hparams["clip"] / (trainer.metrics["grad_norm"] + 1e-12))
        torch.nn.utils.clip_grad_norm_(module.parameters(), module.hparams["clip"])


class PerSampleGradNorm(Callback):
    """Spread of per-example gradient norms (a proxy for label noise), from vmap(grad(...))."""

    def on_train_batch_end(self, trainer, module, batch, outputs):
        params = {k: v.detach() for k, v in module.net.named_parameters()}

        def sample_loss(p, x, y):
            logp = functional_call(module.net, p, (x.unsqueeze(0),))
            return F.nll_loss(logp, y.unsqueeze(0))

        g = vmap(grad(sample_loss), in_dims=(None, 0, 0))(params, *batch)
        with torch.no_grad():
            sq = sum(t.flatten(1).pow(2).sum(1) for t in g.values())
        trainer.metrics["per_sample_gnorm_cv"] = (sq.sqrt().std() / sq.sqrt().mean()).item()


class SaliencyLogger(Callback):
    def on_train_batch_end(self, trainer, module, batch, outputs):
        if trainer.global_step % module.hparams["log_every"]:
            return
        x, y = batch
        x = x.clone().requires_grad_(True)
        logp = module.net(x)
        (sal,) = torch.autograd.grad(logp.gather(1, y[:, None]).sum(), x)
        trainer.metrics["salient_mel_band"] = sal.abs().mean(dim=(0, 2)).argmax().item()


class EMAWeights(Callback):
    def __init__(self):
        self.ema = None

    def on_train_batch_end(self, trainer, module, batch, outputs):
        if self.ema is None:
            self.ema = copy.deepcopy(module.net).requires_grad_(False)
        with torch.no_grad():
            for pe, p in zip(self.ema.parameters(), module.net.parameters()):
                pe.mul_(module.hparams["ema_decay"]).add_(p, alpha=1 - module.hparams["ema_decay"])


class Trainer:
    def __init__(self, max_steps, callbacks):
        self.max_steps, self.callbacks = max_steps, callbacks
        self.global_step, self.metrics = 0, {}

    def fit(self, module, loader):
        opt = module.configure_optimizers()
        for batch in loader:
            if self.global_step >= self.max_steps:
                break
            outputs = module.training_step(batch)
            opt.zero_grad()
            outputs["loss"].backward()
            for cb in self.callbacks:
                cb.on_after_backward(self, module, batch)
            opt.step()
            for cb in self.callbacks:
                cb.on_train_batch_end(self, module, batch, outputs)
            print(self.global_step, round(outputs["loss"].item(), 4),
                  {k: round(v, 4) if isinstance(v, float) else v for k, v in self.metrics.items()})
            self.global_step += 1


def buzz_loader(hp):
    while True:
        y = torch.randint(0, hp["n_species"], (hp["batch"],))
        f0 = 6 + 3 * y.float()                         # species-specific sonication frequency band
        bands = torch.arange(hp["n_mels"]).float()
        energy = torch.exp(-(bands[None, :] - f0[:, None]) ** 2 / 4.0)
        x = energy[:, :, None] * (1 + 0.3 * torch.randn(hp["batch"], 1, hp["frames"])) + 0.1 * torch.randn(
            hp["batch"], hp["n_mels"], hp["frames"])
        yield x, y


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--steps", type=int, default=HPARAMS["steps"])
    args = ap.parse_args()
    torch.manual_seed(0)
    hp = dict(HPARAMS, steps=args.steps)
    module = BuzzModule(hp)
    callbacks = [GradNormMonitor(), PerSampleGradNorm(), SaliencyLogger(), EMAWeights()]
    Trainer(hp["steps"], callbacks).fit(module, buzz_loader(hp))


if __name__ == "__main__":
    main()
