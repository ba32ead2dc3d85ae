"""Learning to Reweight Examples (Ren et al. 2018) for crowd-sourced pothole photos with noisy
"severe / not severe" labels and a small clean validation set."""
from dataclasses import dataclass

import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.func import functional_call


@dataclass
class MetaCfg:
    lr: float = 0.05
    meta_lr: float = 0.05
    second_order: bool = False
    steps: int = 2


class PotholeNet(nn.Module):
    def __init__(self, ch=6):
        super().__init__()
        self.conv1 = nn.Conv2d(3, ch, 3, stride=2)
        self.act = nn.ReLU6()
        self.conv2 = nn.Conv2d(ch, 2 * ch, 3)
        self.pool = nn.AdaptiveMaxPool2d(1)
        self.fc = nn.Linear(2 * ch, 1)

    def forward(self, x):
        h = self.act(self.conv1(x))
        h = self.pool(self.act(self.conv2(h))).flatten(1)
        return self.fc(h).squeeze(1)


def per_example_loss(logits, target):
    return F.binary_cross_entropy(torch.sigmoid(logits), target, reduction="none")


def example_weights(model, x, y, x_val, y_val, cfg):
    params = dict(model.named_parameters())
    eps = torch.zeros(x.size(0), requires_grad=True)
    weighted = (eps * per_example_loss(functional_call(model, params, (x,)), y)).sum()
    grads = torch.autograd.grad(weighted, list(params.values()), create_graph=cfg.second_order)
    fast = {k: p - cfg.meta_lr * g for (k, p), g in zip(params.items(), grads)}
    val_loss = F.binary_cross_entropy_with_logits(functional_call(model, fast, (x_val,)), y_val)
    (grad_eps,) = torch.autograd.grad(val_loss, eps)
    w = torch.clamp(-grad_eps, min=0)
    return w / w.sum() if w.sum() > 0 else w


def main(cfg):
    model = PotholeNet()
    opt = torch.optim.SGD(model.parameters(), lr=cfg.lr, momentum=0.9)
    x_val, y_val = torch.rand(8, 3, 20, 20), torch.randint(0, 2, (8,)).float()
    for step in range(cfg.steps):
        x = torch.rand(16, 3, 20, 20)
        y = (torch.rand(16) < 0.5).float()
        w = example_weights(model, x, y, x_val, y_val, cfg)
        loss = (w * per_example_loss(model(x), y)).sum()
        opt.zero_grad()
        loss.backward()
        opt.step()
        print(step, round(loss.item(), 5), int((w > 0).sum()))


if __name__ == "__main__":
    main(MetaCfg(second_order=True))
