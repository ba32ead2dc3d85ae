"""Trainer hierarchy: the base class owns the optimiser and the gradient penalty,
subclasses choose the model and the ranking objective."""
import torch
import torch.nn.functional as F

from towers import build_model


class RankingTrainer:
    def __init__(self, cfg):
        self.cfg = cfg
        self.model = self.build_model()
        self.opt = torch.optim.Adam(self.model.parameters(), lr=cfg.lr)

    def build_model(self):
        raise NotImplementedError

    def task_loss(self, batch):
        raise NotImplementedError

    def scores(self, dense, batch, item_key="item"):
        return self.model(dense, batch["user"], batch[item_key], batch["hist"])

    def penalty(self, batch):
        """Smoothness of the score in the dense counters: robust norm of d score / d dense."""
        dense = batch["dense"].clone().requires_grad_(True)
        s = self.scores(dense, batch)
        (g,) = torch.autograd.grad(s.sum(), dense, create_graph=True)
        return F.smooth_l1_loss(g, torch.zeros_like(g), beta=self.cfg.penalty.huber_beta)

    def step(self, batch):
        self.model.train()
        loss = self.task_loss(batch)
        pen = self.penalty(batch)
        total = loss + self.cfg.penalty.weight * pen
        self.opt.zero_grad()
        total.backward()
        self.opt.step()
        return loss.item(), pen.item()


class PointwiseCTRTrainer(RankingTrainer):
    def build_model(self):
        return build_model(self.cfg)

    def task_loss(self, batch):
        logits = self.scores(batch["dense"], batch)
        return F.binary_cross_entropy_with_logits(logits, batch["click"])


class PairwiseBPRTrainer(PointwiseCTRTrainer):
    """BPR: the clicked item should outrank a sampled negative for the same request."""

    def task_loss(self, batch):
        pos = self.scores(batch["dense"], batch, "item")
        neg = self.scores(batch["dense"], batch, "neg_item")
        return -F.logsigmoid(pos - neg).mean()


TRAINERS = {"pointwise": PointwiseCTRTrainer, "pairwise": PairwiseBPRTrainer}
