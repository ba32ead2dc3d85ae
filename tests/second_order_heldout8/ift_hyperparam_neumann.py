"""Optimizing millions of hyperparameters by implicit differentiation (Lorraine, Vicol & Duvenaud 2020):
per-parameter weight decay lambda for a small CNN. The hypergradient uses the implicit function theorem,
dL_V/dlambda = - dL_V/dw . [d2L_T/dw2]^-1 . d2L_T/(dw dlambda), with a Neumann-series inverse-Hessian-vector
product."""
import torch
import torch.nn as nn
import torch.nn.functional as F


class SmallCNN(nn.Module):
    def __init__(self):
        super().__init__()
        self.c1 = nn.Conv2d(1, 16, 3, padding=1)
        self.c2 = nn.Conv2d(16, 32, 3, padding=1)
        self.pool = nn.MaxPool2d(2)
        self.fc = nn.Linear(32 * 7 * 7, 10)

    def forward(self, x):
        x = self.pool(F.relu(self.c1(x)))
        x = self.pool(F.relu(self.c2(x)))
        return F.log_softmax(self.fc(x.flatten(1)), dim=1)


def train_loss(model, log_decay, x, y):
    nll = F.nll_loss(model(x), y)
    reg = sum((p.pow(2) * ld.exp()).sum() for p, ld in zip(model.parameters(), log_decay))
    return nll + 0.5 * reg


def val_loss(model, x, y):
    return F.nll_loss(model(x), y, reduction="mean")


def neumann_ihvp(v, dtrain_dw, params, alpha=0.1, K=5):
    p = [vi.clone() for vi in v]
    cur = [vi.clone() for vi in v]
    for _ in range(K):
        hv = torch.autograd.grad(dtrain_dw, params, grad_outputs=cur, retain_graph=True)
        cur = [c - alpha * h for c, h in zip(cur, hv)]
        p = [pi + c for pi, c in zip(p, cur)]
    return [alpha * pi for pi in p]


def hyper_step(model, log_decay, hopt, train_batch, val_batch):
    params = list(model.parameters())
    v = torch.autograd.grad(val_loss(model, *val_batch), params)
    dtrain_dw = torch.autograd.grad(train_loss(model, log_decay, *train_batch), params, create_graph=True)
    ihvp = neumann_ihvp(v, dtrain_dw, params)
    mixed = torch.autograd.grad(dtrain_dw, log_decay, grad_outputs=ihvp)
    hopt.zero_grad()
    for ld, m in zip(log_decay, mixed):
        ld.grad = -m
    hopt.step()


def run(train_loader, val_loader, inner_steps=10):
    model = SmallCNN()
    log_decay = [torch.full_like(p, -6.0, requires_grad=True) for p in model.parameters()]
    opt = torch.optim.SGD(model.parameters(), lr=0.05, momentum=0.9)
    hopt = torch.optim.RMSprop(log_decay, lr=1e-2)
    for (tb, vb) in zip(train_loader, val_loader):
        for _ in range(inner_steps):
            opt.zero_grad()
            train_loss(model, [ld.detach() for ld in log_decay], *tb).backward()
            opt.step()
        hyper_step(model, log_decay, hopt, tb, vb)
    return model, log_decay


if __name__ == "__main__":
    batch = (torch.randn(8, 1, 28, 28), torch.randint(0, 10, (8,)))
    run([batch], [batch], inner_steps=1)
    print("ok")
