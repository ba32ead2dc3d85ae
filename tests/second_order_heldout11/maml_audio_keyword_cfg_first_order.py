# Few-shot keyword spotting with MAML; the inner loop's create_graph comes from the config.
import copy
from dataclasses import dataclass

import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.func import functional_call


@dataclass
class MAMLConfig:
    ways: int = 5
    shots: int = 2
    inner_steps: int = 1
    inner_lr: float = 0.4
    first_order: bool = True
    label_smoothing: float = 0.0


class KWSConvNet(nn.Module):
    def __init__(self, ways, c=16):
        super().__init__()
        self.conv1 = nn.Conv2d(1, c, 3, padding=1)
        self.conv2 = nn.Conv2d(c, c, 3, padding=1)
        self.fc = nn.Linear(c, ways)

    def forward(self, mfcc):
        h = F.relu(self.conv1(mfcc))
        h = F.relu(self.conv2(h))
        h = F.adaptive_avg_pool2d(h, 1).flatten(1)
        return self.fc(h)


class MAMLLearner:
    def __init__(self, model, cfg: MAMLConfig):
        self.model, self.cfg = model, cfg

    def loss(self, logits, y):
        return F.cross_entropy(logits, y, label_smoothing=self.cfg.label_smoothing)

    def adapt(self, xs, ys):
        params = dict(self.model.named_parameters())
        for _ in range(self.cfg.inner_steps):
            inner = self.loss(functional_call(self.model, params, (xs,)), ys)
            grads = torch.autograd.grad(inner, list(params.values()), create_graph=not self.cfg.first_order)
            params = {n: w - self.cfg.inner_lr * g for (n, w), g in zip(params.items(), grads)}
        return params

    def meta_loss(self, task):
        xs, ys, xq, yq = task
        fast = self.adapt(xs, ys)
        return self.loss(functional_call(self.model, fast, (xq,)), yq)


def sample_task(cfg):
    n_s, n_q = cfg.ways * cfg.shots, cfg.ways * 3
    return (torch.randn(n_s, 1, 20, 16), torch.arange(cfg.ways).repeat(cfg.shots),
            torch.randn(n_q, 1, 20, 16), torch.arange(cfg.ways).repeat(3))


if __name__ == "__main__":
    cfg = MAMLConfig(ways=5, shots=1, first_order=False, label_smoothing=0.1)
    net = KWSConvNet(cfg.ways)
    learner = MAMLLearner(net, copy.deepcopy(cfg))
    opt = torch.optim.Adam(net.parameters(), lr=1e-3)
    for it in range(2):
        ml = torch.stack([learner.meta_loss(sample_task(cfg)) for _ in range(2)]).mean()
        opt.zero_grad()
        ml.backward()
        opt.step()
        print(it, ml.item())
