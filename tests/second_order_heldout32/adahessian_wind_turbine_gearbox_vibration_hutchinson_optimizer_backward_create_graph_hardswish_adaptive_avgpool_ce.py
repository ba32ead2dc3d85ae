"""AdaHessian-style optimiser (Hutchinson estimate of diag(H)) for a gearbox vibration fault classifier."""
import torch
import torch.nn as nn
import torch.nn.functional as F


class AdaHessianLite(torch.optim.Optimizer):
    def __init__(self, params, lr=0.05, betas=(0.9, 0.999), eps=1e-4):
        super().__init__(params, dict(lr=lr, betas=betas, eps=eps))

    def hutchinson(self, params):
        grads = [p.grad for p in params]
        zs = [torch.randint_like(p, 2) * 2 - 1 for p in params]
        hzs = torch.autograd.grad(grads, params, grad_outputs=zs)
        return [z * hz for z, hz in zip(zs, hzs)]

    @torch.no_grad()
    def step(self):
        params = [p for g in self.param_groups for p in g["params"] if p.grad is not None]
        with torch.enable_grad():
            diags = self.hutchinson(params)
        group = self.param_groups[0]
        b1, b2 = group["betas"]
        for p, d in zip(params, diags):
            st = self.state[p]
            if not st:
                st["m"], st["v"] = torch.zeros_like(p), torch.zeros_like(p)
            st["m"].mul_(b1).add_(p.grad, alpha=1 - b1)
            st["v"].mul_(b2).addcmul_(d, d, value=1 - b2)
            p.add_(st["m"] / (st["v"].sqrt() + group["eps"]), alpha=-group["lr"])


class GearboxNet(nn.Module):
    def __init__(self, n_faults=5):
        super().__init__()
        self.conv = nn.Conv1d(3, 16, 7, padding=3)
        self.act = nn.Hardswish()
        self.gap = nn.AdaptiveAvgPool1d(1)
        self.head = nn.Linear(16, n_faults)

    def forward(self, x):
        return self.head(self.gap(self.act(self.conv(x))).squeeze(-1))


def main():
    torch.manual_seed(0)
    model = GearboxNet()
    opt = AdaHessianLite(model.parameters())
    sig, fault = torch.randn(32, 3, 64), torch.randint(0, 5, (32,))
    for epoch in range(3):
        loss = F.cross_entropy(model(sig), fault)
        opt.zero_grad()
        loss.backward(create_graph=True)
        opt.step()
        print(epoch, loss.item())


if __name__ == "__main__":
    main()
