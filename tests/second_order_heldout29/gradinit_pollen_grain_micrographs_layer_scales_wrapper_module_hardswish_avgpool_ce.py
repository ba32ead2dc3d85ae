# GradInit (Zhu et al. 2021) for a pollen-grain micrograph classifier: learn one scale per
# parameter tensor so that the loss after one SGD step from the rescaled initialisation is low,
# subject to a bound on the first-step gradient norm.  Both objectives differentiate through the
# first-step gradient (create_graph=True).  The net sits in a small wrapper exposing ``.module``.
import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.func import functional_call

TAXA = ["pinus", "betula", "poaceae", "ambrosia", "quercus"]


class PollenCNN(nn.Module):
    def __init__(self, ch=12):
        super().__init__()
        self.conv1 = nn.Conv2d(1, ch, 3, padding=1)
        self.conv2 = nn.Conv2d(ch, 2 * ch, 3, padding=1)
        self.act = nn.Hardswish()
        self.pool = nn.AvgPool2d(2)
        self.fc = nn.Linear(2 * ch * 4 * 4, len(TAXA))

    def forward(self, x):
        h = self.pool(self.act(self.conv1(x)))
        h = self.pool(self.act(self.conv2(h)))
        return self.fc(h.flatten(1))


class ModelWrapper(nn.Module):
    def __init__(self, module):
        super().__init__()
        self.module = module

    def forward(self, x):
        return self.module(x)


def micrographs(n):
    taxon = torch.randint(0, len(TAXA), (n,))
    yy, xx = torch.meshgrid(torch.linspace(-1, 1, 16), torch.linspace(-1, 1, 16), indexing="ij")
    r = torch.sqrt(xx ** 2 + yy ** 2)
    ang = torch.atan2(yy, xx)
    lobes = (2 + taxon).float().view(n, 1, 1)
    grain = torch.sigmoid(10 * (0.6 + 0.1 * torch.cos(lobes * ang) - r))
    return (grain + 0.1 * torch.randn(n, 16, 16)).unsqueeze(1), taxon


def gradinit(wrapper, iters=3, eta=0.1, gamma=1.0, lr=5e-3):
    net = wrapper.module
    base = {n: p.detach() for n, p in net.named_parameters()}
    scales = {n: torch.ones((), requires_grad=True) for n in base}
    opt = torch.optim.Adam(scales.values(), lr=lr)
    for it in range(iters):
        x1, y1 = micrographs(16)
        x2, y2 = micrographs(16)
        scaled = {n: scales[n] * base[n] for n in base}
        first_loss = F.cross_entropy(functional_call(net, scaled, (x1,)), y1)
        grads = torch.autograd.grad(first_loss, list(scaled.values()), create_graph=True)
        gnorm = torch.sqrt(sum(g.pow(2).sum() for g in grads))
        if gnorm > gamma:
            objective = gnorm
        else:
            stepped = {n: scaled[n] - eta * g for n, g in zip(scaled, grads)}
            objective = F.cross_entropy(functional_call(net, stepped, (x2,)), y2)
        opt.zero_grad()
        objective.backward()
        opt.step()
        with torch.no_grad():
            for s in scales.values():
                s.clamp_(min=0.01)
        print(f"gradinit {it}: |g| {gnorm.item():.3f} objective {objective.item():.4f}")
    with torch.no_grad():
        for n, p in net.named_parameters():
            p.mul_(scales[n])
    return wrapper


if __name__ == "__main__":
    torch.manual_seed(0)
    gradinit(ModelWrapper(PollenCNN()))
