# Flat-minima regulariser for a tabular ResNet: penalise the Hutchinson estimate of tr(H),
# the trace of the Hessian of the training loss w.r.t. all parameters (cf. "Hessian trace
# regularisation", Liu et al.; PyHessian's estimator made differentiable).
import argparse

import torch
import torch.nn as nn
import torch.nn.functional as F


class ResBlock(nn.Module):
    def __init__(self, d):
        super().__init__()
        self.norm = nn.BatchNorm1d(d)
        self.fc1 = nn.Linear(d, 2 * d)
        self.act = nn.PReLU(2 * d)
        self.fc2 = nn.Linear(2 * d, d)

    def forward(self, x):
        return x + self.fc2(self.act(self.fc1(self.norm(x))))


class TabResNet(nn.Module):
    def __init__(self, n_features, n_classes, d=32, depth=2):
        super().__init__()
        self.stem = nn.Linear(n_features, d)
        self.blocks = nn.Sequential(*[ResBlock(d) for _ in range(depth)])
        self.out_act = nn.PReLU()
        self.head = nn.Linear(d, n_classes)

    def forward(self, x):
        return F.log_softmax(self.head(self.out_act(self.blocks(self.stem(x)))), dim=-1)


def hutchinson_trace(loss, params, n_probe=1):
    grads = torch.autograd.grad(loss, params, create_graph=True)
    est = 0.0
    for _ in range(n_probe):
        vs = [torch.randint_like(p, 2) * 2 - 1 for p in params]
        hv = torch.autograd.grad(grads, params, grad_outputs=vs, create_graph=True)
        est = est + sum((h * v).sum() for h, v in zip(hv, vs))
    return est / n_probe


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--gamma", type=float, default=1e-3)
    ap.add_argument("--steps", type=int, default=2)
    args = ap.parse_args([])
    net = TabResNet(10, 3)
    params = [p for p in net.parameters() if p.requires_grad]
    opt = torch.optim.SGD(params, lr=0.05, momentum=0.9)
    for step in range(args.steps):
        x, y = torch.randn(64, 10), torch.randint(0, 3, (64,))
        nll = F.nll_loss(net(x), y)
        tr = hutchinson_trace(nll, params)
        total = nll + args.gamma * tr
        opt.zero_grad()
        total.backward()
        opt.step()
        print(step, nll.item(), tr.item())


if __name__ == "__main__":
    main()
