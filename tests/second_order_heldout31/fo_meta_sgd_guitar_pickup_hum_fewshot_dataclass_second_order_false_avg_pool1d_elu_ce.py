"""Meta-SGD with learned per-parameter step sizes for few-shot classification of guitar pickup hum
(single-coil / humbucker / ground loop). The configuration fixes second_order=False: the support
gradients are taken without a graph (first-order approximation), so the query loss reaches the
initial weights and the step sizes only through the linear update w - alpha * g.
"""
from dataclasses import dataclass

import torch
import torch.nn as nn
import torch.nn.functional as F


@dataclass(frozen=True)
class MetaConfig:
    ways: int = 3
    shots: int = 3
    length: int = 32
    meta_lr: float = 1e-3
    init_alpha: float = 0.05
    second_order: bool = False
    iterations: int = 3


CFG = MetaConfig()


class HumNet(nn.Module):
    def __init__(self, cfg: MetaConfig, ch=6):
        super().__init__()
        self.w = nn.ParameterDict({
            "conv": nn.Parameter(torch.randn(ch, 1, 5) * 0.2),
            "fc": nn.Parameter(torch.randn(cfg.ways, ch * cfg.length // 2) * 0.1),
            "bias": nn.Parameter(torch.zeros(cfg.ways)),
        })
        self.alpha = nn.ParameterDict({k: nn.Parameter(torch.full_like(v, cfg.init_alpha)) for k, v in self.w.items()})

    @staticmethod
    def run(x, w):
        h = F.elu(F.conv1d(x, w["conv"], padding=2))
        h = F.avg_pool1d(h, 2)
        return F.linear(h.flatten(1), w["fc"], w["bias"])


def hum_task(cfg):
    base = torch.tensor([50.0, 100.0, 150.0])[torch.randperm(3)]
    t = torch.arange(cfg.length) / 1000.0

    def draw(n):
        y = torch.arange(cfg.ways).repeat(n)
        x = torch.sin(2 * torch.pi * base[y, None] * t) + 0.2 * torch.randn(len(y), cfg.length)
        return x.unsqueeze(1), y

    return draw(cfg.shots), draw(cfg.shots)


def main(cfg: MetaConfig = CFG):
    torch.manual_seed(0)
    net = HumNet(cfg)
    opt = torch.optim.Adam(net.parameters(), lr=cfg.meta_lr)
    for it in range(cfg.iterations):
        (xs, ys), (xq, yq) = hum_task(cfg)
        s_loss = F.cross_entropy(net.run(xs, net.w), ys)
        grads = torch.autograd.grad(s_loss, list(net.w.values()), create_graph=cfg.second_order)
        fast = {k: w - net.alpha[k] * g for (k, w), g in zip(net.w.items(), grads)}
        q_loss = F.cross_entropy(net.run(xq, fast), yq)
        opt.zero_grad()
        q_loss.backward()
        opt.step()
        print(it, round(s_loss.item(), 4), round(q_loss.item(), 4))


if __name__ == "__main__":
    main()
