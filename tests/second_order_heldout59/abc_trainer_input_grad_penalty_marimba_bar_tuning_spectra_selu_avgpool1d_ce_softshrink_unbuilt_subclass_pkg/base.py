"""Trainer skeleton shared by every regulariser of the marimba tap-tone study.

RegularisedTrainer.train_step is a template method: task loss + lam * compute_penalty(x, y),
where compute_penalty is abstract and supplied by the subclasses in penalties.py.
"""
import abc

import torch
import torch.nn.functional as F

TRAINERS = {}


def register(name):
    """Class decorator: make a trainer selectable by name from the command line."""
    def deco(cls):
        TRAINERS[name] = cls
        return cls
    return deco


class RegularisedTrainer(abc.ABC):
    def __init__(self, model, lr=1e-3, lam=0.1, smoothing=0.05):
        self.model = model
        self.lam = lam
        self.smoothing = smoothing
        self.opt = torch.optim.Adam(model.parameters(), lr=lr)
        self.history = []

    def task_loss(self, logits, y):
        return F.cross_entropy(logits, y, label_smoothing=self.smoothing)

    @abc.abstractmethod
    def compute_penalty(self, x, y):
        """Return a scalar penalty, differentiable w.r.t. the model parameters."""

    def train_step(self, x, y):
        self.model.train()
        self.opt.zero_grad()
        logits = self.model(x)
        loss = self.task_loss(logits, y)
        penalty = self.compute_penalty(x, y)
        total = loss + self.lam * penalty
        total.backward()
        self.opt.step()
        self.history.append((loss.item(), penalty.item()))
        return total.item()

    @torch.no_grad()
    def evaluate(self, x, y):
        self.model.eval()
        logp = F.log_softmax(self.model(x), dim=-1)
        nll = -logp.gather(1, y[:, None]).mean().item()
        acc = (logp.argmax(-1) == y).float().mean().item()
        return nll, acc
