"""Tune a per-feature weight decay by implicit differentiation (Lorraine et al. 2020, Neumann series).

Task: predict how many days late a library book comes back from borrower / loan features.
"""
import torch
import torch.nn as nn
import torch.nn.functional as F


class DelayModel(nn.Module):
    def __init__(self, n_in=10, hidden=16):
        super().__init__()
        self.enc = nn.Linear(n_in, hidden)
        self.sparse = nn.Hardshrink(0.1)
        self.out = nn.Linear(hidden, 1)

    def forward(self, x):
        return self.out(self.sparse(self.enc(x))).squeeze(-1)


def train_loss(model, log_decay, x, y):
    fit = F.huber_loss(model(x), y, delta=2.0)
    reg = (log_decay.exp() * model.enc.weight.pow(2).sum(0)).sum()
    return fit + reg


def neumann_hypergrad(model, log_decay, train_batch, val_batch, k=5, alpha=0.1):
    params = [p for p in model.parameters()]
    val = F.huber_loss(model(val_batch[0]), val_batch[1], delta=2.0)
    v = torch.autograd.grad(val, params)
    dtrain = torch.autograd.grad(train_loss(model, log_decay, *train_batch), params, create_graph=True)
    p_vec = [vi.clone() for vi in v]
    cur = [vi.clone() for vi in v]
    for _ in range(k):
        hv = torch.autograd.grad(dtrain, params, grad_outputs=cur, retain_graph=True)
        cur = [c - alpha * h for c, h in zip(cur, hv)]
        p_vec = [p + c for p, c in zip(p_vec, cur)]
    mixed = torch.autograd.grad(dtrain, log_decay, grad_outputs=[alpha * p for p in p_vec])[0]
    return -mixed


def main(outer=3, inner=5):
    torch.manual_seed(0)
    xtr, xva = torch.randn(80, 10), torch.randn(40, 10)
    w = torch.randn(10)
    ytr, yva = xtr @ w + torch.randn(80), xva @ w + torch.randn(40)
    model = DelayModel()
    log_decay = torch.full((10,), -4.0, requires_grad=True)
    opt = torch.optim.SGD(model.parameters(), lr=0.05)
    hopt = torch.optim.Adam([log_decay], lr=0.05)
    for o in range(outer):
        for _ in range(inner):
            loss = train_loss(model, log_decay.detach(), xtr, ytr)
            opt.zero_grad(); loss.backward(); opt.step()
        hopt.zero_grad()
        log_decay.grad = neumann_hypergrad(model, log_decay, (xtr, ytr), (xva, yva))
        hopt.step()
        print(o, loss.item(), log_decay.detach().exp().mean().item())


if __name__ == "__main__":
    main()
