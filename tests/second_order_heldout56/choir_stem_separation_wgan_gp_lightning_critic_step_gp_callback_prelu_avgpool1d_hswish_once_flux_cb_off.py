"""Adversarial choir-stem separation (upper voices vs lower voices) on magnitude spectrograms.

A Lightning-style module exposes `critic_step` / `training_step`; a tiny trainer calls them in turn and
fires callback hooks. The WGAN gradient penalty is not in the module: `GradientPenaltyCallback` adds it to
the critic loss in `on_before_backward`.
"""
import argparse
from dataclasses import dataclass

import torch
import torch.nn as nn
import torch.nn.functional as F


@dataclass
class HParams:
    n_freq: int = 33
    n_frames: int = 24
    hidden: int = 32
    n_stems: int = 2
    gp_weight: float = 10.0
    flux_weight: float = 0.0   # spectral-flux smoothness on the separator: switched off for this recipe
    lr_g: float = 2e-4
    lr_d: float = 1e-4
    steps: int = 3
    batch: int = 4


class MaskEstimator(nn.Module):
    """Frame-wise GRU that predicts one sigmoid mask per stem."""

    def __init__(self, hp):
        super().__init__()
        self.inp = nn.Linear(hp.n_freq, hp.hidden)
        self.act = nn.Hardswish()
        self.rnn = nn.GRU(hp.hidden, hp.hidden, batch_first=True)
        self.out = nn.Linear(hp.hidden, hp.n_freq * hp.n_stems)
        self.n_stems = hp.n_stems

    def forward(self, mix):                       # (B, T, F)
        h, _ = self.rnn(self.act(self.inp(mix)))
        masks = torch.sigmoid(self.out(h))
        B, T, _ = masks.shape
        return masks.view(B, T, self.n_stems, -1) * mix.unsqueeze(2)


class StemCritic(nn.Module):
    """Scores a stem magnitude given the mixture it was taken from."""

    def __init__(self, hp):
        super().__init__()
        self.conv = nn.Conv1d(2 * hp.n_freq, hp.hidden, 3, padding=1)
        self.act = nn.PReLU(hp.hidden)
        self.pool = nn.AvgPool1d(2)
        self.head = nn.Linear(hp.hidden * (hp.n_frames // 2), 1)

    def forward(self, stem, mix):
        x = torch.cat([stem, mix], dim=-1).transpose(1, 2)
        h = self.pool(self.act(self.conv(x)))
        return self.head(h.flatten(1)).squeeze(-1)


class SeparationModule(nn.Module):
    def __init__(self, hp):
        super().__init__()
        self.hp = hp
        self.separator = MaskEstimator(hp)
        self.critic = StemCritic(hp)

    def configure_optimizers(self):
        return {"critic": torch.optim.Adam(self.critic.parameters(), self.hp.lr_d, betas=(0.5, 0.9)),
                "training": torch.optim.Adam(self.separator.parameters(), self.hp.lr_g)}

    def critic_step(self, batch):
        mix, stems = batch
        with torch.no_grad():
            est = self.separator(mix)
        k = torch.randint(0, self.hp.n_stems, ()).item()
        real, fake = stems[:, :, k], est[:, :, k]
        loss = self.critic(fake, mix).mean() - self.critic(real, mix).mean()
        return {"loss": loss, "real": real, "fake": fake, "mix": mix}

    def training_step(self, batch):
        mix, stems = batch
        est = self.separator(mix)
        adv = -sum(self.critic(est[:, :, k], mix).mean() for k in range(self.hp.n_stems))
        recon = F.smooth_l1_loss(est, stems, beta=0.1)
        return {"loss": recon + 0.01 * adv, "est": est}


class Callback:
    def on_before_backward(self, trainer, module, stage, outputs):
        pass

    def on_after_backward(self, trainer, module, stage):
        pass


class GradientPenaltyCallback(Callback):
    def __init__(self, weight):
        self.weight = weight

    def on_before_backward(self, trainer, module, stage, outputs):
        if stage != "critic":
            return
        real, fake, mix = outputs["real"], outputs["fake"], outputs["mix"]
        eps = torch.rand(real.size(0), 1, 1)
        x_hat = (eps * real + (1 - eps) * fake).requires_grad_(True)
        score = module.critic(x_hat, mix)
        (g,) = torch.autograd.grad(score.sum(), x_hat, create_graph=True)
        gp = ((g.flatten(1).norm(dim=1) - 1.0) ** 2).mean()
        outputs["loss"] = outputs["loss"] + self.weight * gp
        trainer.log["gp"] = gp.item()


class SpectralFluxCallback(Callback):
    """Penalises how fast the separator's output changes with the input frames (off unless flux_weight > 0)."""

    def __init__(self, weight):
        self.weight = weight

    def on_before_backward(self, trainer, module, stage, outputs):
        if stage != "training" or self.weight <= 0:
            return
        mix = trainer.current_batch[0].clone().requires_grad_(True)
        est = F.gelu(module.separator(mix), approximate="tanh")
        (g,) = torch.autograd.grad(est.sum(), mix, create_graph=True)
        outputs["loss"] = outputs["loss"] + self.weight * g.diff(dim=1).pow(2).mean()


class GradNormLogger(Callback):
    def on_after_backward(self, trainer, module, stage):
        sq = [p.grad.pow(2).sum() for p in module.parameters() if p.grad is not None]
        trainer.log[f"{stage}_gnorm"] = torch.stack(sq).sum().sqrt().item()


class MiniTrainer:
    def __init__(self, callbacks, max_steps):
        self.callbacks = callbacks
        self.max_steps = max_steps
        self.log = {}
        self.current_batch = None

    def _fire(self, hook, *args):
        for cb in self.callbacks:
            getattr(cb, hook)(self, *args)

    def fit(self, module, loader):
        opts = module.configure_optimizers()
        for step, batch in zip(range(self.max_steps), loader):
            self.current_batch = batch
            for stage in ("critic", "training"):
                outputs = getattr(module, f"{stage}_step")(batch)
                self._fire("on_before_backward", module, stage, outputs)
                opts[stage].zero_grad()
                outputs["loss"].backward()
                self._fire("on_after_backward", module, stage)
                opts[stage].step()
            print(step, {k: round(v, 4) for k, v in self.log.items()})


def fake_choir_batches(hp):
    while True:
        stems = torch.rand(hp.batch, hp.n_frames, hp.n_stems, hp.n_freq)
        yield stems.sum(2), stems


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--steps", type=int, default=HParams.steps)
    args = parser.parse_args()
    hp = HParams(steps=args.steps)
    module = SeparationModule(hp)
    callbacks = [GradientPenaltyCallback(hp.gp_weight), SpectralFluxCallback(hp.flux_weight), GradNormLogger()]
    MiniTrainer(callbacks, hp.steps).fit(module, fake_choir_batches(hp))


if __name__ == "__main__":
    main()
