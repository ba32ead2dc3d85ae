"""Optimizee: a two-layer endgame classifier written on explicit parameter lists."""
import torch
import torch.nn.functional as F


class EndgameTask:
    """One sampled task: a random linear 'engine' labels random positions."""

    def __init__(self, cfg, gen):
        self.cfg, self.gen = cfg, gen
        self.engine = torch.randn(cfg["n_features"], cfg["n_classes"], generator=gen)

    def batch(self):
        x = torch.randn(self.cfg["batch"], self.cfg["n_features"], generator=self.gen)
        material = x[:, :2].sum(1, keepdim=True)              # pawn race / opposition features
        y = (x @ self.engine + material).argmax(1)
        return x, y

    def init_params(self):
        c = self.cfg
        w1 = 0.3 * torch.randn(c["hidden"], c["n_features"], generator=self.gen)
        w2 = 0.3 * torch.randn(c["n_classes"], c["hidden"], generator=self.gen)
        return [t.requires_grad_() for t in (w1, torch.zeros(c["hidden"]), w2, torch.zeros(c["n_classes"]))]


def endgame_loss(params, x, y):
    w1, b1, w2, b2 = params
    h = F.elu(F.linear(x, w1, b1))
    return F.cross_entropy(F.linear(h, w2, b2), y)
