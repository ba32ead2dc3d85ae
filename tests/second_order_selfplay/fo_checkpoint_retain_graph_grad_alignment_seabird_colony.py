"""Two-task counting of seabird colony drone tiles (nests, chicks) with a gradient-checkpointed trunk. The shared
trunk's activations are recomputed in the backward (torch.utils.checkpoint), the two task losses are backpropagated
one after the other with retain_graph=True, and a gradient-alignment term uses the auxiliary task's gradient taken
without create_graph: a constant, so every loss here is differentiated once."""
import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.utils.checkpoint import checkpoint


class Trunk(nn.Module):
    def __init__(self, c=8):
        super().__init__()
        self.pad = nn.ReflectionPad2d(1)
        self.conv = nn.Conv2d(3, c, 3)
        self.act = nn.SELU()
        self.shrink = nn.Softshrink(0.05)

    def forward(self, x):
        return self.shrink(self.act(self.conv(self.pad(x))))


class ColonyCounter(nn.Module):
    def __init__(self, c=8):
        super().__init__()
        self.trunk = Trunk(c)
        self.nests = nn.Linear(c, 1)
        self.chicks = nn.Linear(c, 1)

    def forward(self, x):
        h = checkpoint(self.trunk, x, use_reentrant=False).mean((2, 3))
        return self.nests(h).squeeze(-1), self.chicks(h).squeeze(-1)


def tiles(n=6):
    x = torch.rand(n, 3, 16, 16)
    return x, x.mean((1, 2, 3)) * 40, x.std((1, 2, 3)) * 25


def main():
    net = ColonyCounter()
    opt = torch.optim.SGD(net.parameters(), lr=1e-2)
    shared = list(net.trunk.parameters())
    for step in range(2):
        x, nests, chicks = tiles()
        pred_n, pred_c = net(x)
        loss_n = F.smooth_l1_loss(pred_n, nests)
        loss_c = F.smooth_l1_loss(pred_c, chicks)
        aux = torch.autograd.grad(loss_c, shared, retain_graph=True)
        align = sum((a * p).sum() for a, p in zip(aux, shared))
        opt.zero_grad()
        loss_n.backward(retain_graph=True)
        (0.5 * loss_c - 1e-3 * align).backward()
        opt.step()
        print(step, loss_n.item(), loss_c.item())


if __name__ == "__main__":
    main()
