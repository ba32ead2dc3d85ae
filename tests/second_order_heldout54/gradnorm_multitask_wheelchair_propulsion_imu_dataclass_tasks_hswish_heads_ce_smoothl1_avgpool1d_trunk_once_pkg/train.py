"""Trainer with callbacks for the wheelchair-propulsion multi-task model."""
import torch

from config import Config
from gradnorm import GradNorm, task_loss
from model import PropulsionNet


class PrintCallback:
    def on_step_end(self, trainer, step, logs):
        print(f"step {step} " + " ".join(f"{k} {v:.4f}" for k, v in logs.items()))


class WeightHistory:
    def __init__(self):
        self.history = []

    def on_step_end(self, trainer, step, logs):
        self.history.append(trainer.balancer.weights.detach().clone())


class Trainer:
    def __init__(self, cfg, callbacks=()):
        self.cfg = cfg
        self.model = PropulsionNet(cfg)
        self.opt = torch.optim.Adam(self.model.parameters(), lr=cfg.lr)
        self.balancer = GradNorm(len(cfg.tasks), cfg.gradnorm_alpha, cfg.gradnorm_lr)
        self.callbacks = list(callbacks)

    def fake_batch(self):
        c = self.cfg
        x = torch.randn(c.batch, c.in_channels, c.window)
        y = {"push_phase": torch.randint(0, 4, (c.batch,)),
             "push_force": torch.randn(c.batch),
             "fatigue": torch.rand(c.batch)}
        return x, y

    def step(self, step_idx):
        x, y = self.fake_batch()
        out = self.model(x)
        losses = torch.stack([task_loss(t, out[t.name], y[t.name]) for t in self.cfg.tasks])
        gn = self.balancer(losses, self.model.shared_weight())
        weighted = (self.balancer.weights.detach() * losses).sum()
        self.opt.zero_grad()
        weighted.backward()
        self.opt.step()
        logs = {t.name: l.item() for t, l in zip(self.cfg.tasks, losses)}
        logs["gradnorm"] = gn.item()
        for cb in self.callbacks:
            cb.on_step_end(self, step_idx, logs)

    @torch.no_grad()
    def phase_accuracy(self):
        x, y = self.fake_batch()
        self.model.eval()
        acc = (self.model(x)["push_phase"].argmax(1) == y["push_phase"]).float().mean().item()
        self.model.train()
        return acc


if __name__ == "__main__":
    torch.manual_seed(0)
    cfg = Config()
    hist = WeightHistory()
    trainer = Trainer(cfg, callbacks=[PrintCallback(), hist])
    for s in range(cfg.steps):
        trainer.step(s)
    print("task weights", [round(w, 3) for w in hist.history[-1].tolist()], "phase acc", trainer.phase_accuracy())
