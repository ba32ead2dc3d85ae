"""Online hypergradient tuning of the learning rate and weight decay of a loan-default scorer.

Every outer step unrolls two differentiable SGD steps (create_graph=True) from the current weights, scores
the unrolled weights on a validation batch and updates log-lr / log-wd by the hypergradient.
"""
import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.func import functional_call

CONFIG = {"model": "ShrinkScorer", "features": 10, "hidden": 16, "unroll": 2, "hyper_lr": 0.05}


class ShrinkScorer(nn.Module):
    def __init__(self, features, hidden):
        super().__init__()
        self.fc1 = nn.Linear(features, hidden)
        self.shrink = nn.Softshrink(lambd=0.05)
        self.fc2 = nn.Linear(hidden, hidden)
        self.fc3 = nn.Linear(hidden, 1)

    def forward(self, x):
        h = self.shrink(self.fc1(x))
        h = torch.tanh(self.fc2(h))
        return torch.sigmoid(self.fc3(h)).squeeze(-1)


class LinearScorer(nn.Module):
    def __init__(self, features, hidden):
        super().__init__()
        self.fc = nn.Linear(features, 1)

    def forward(self, x):
        return torch.sigmoid(self.fc(x)).squeeze(-1)


def build_model(cfg):
    cls = globals()[cfg["model"]]
    return cls(cfg["features"], cfg["hidden"])


def loans(n=64, d=CONFIG["features"]):
    x = torch.randn(n, d)
    w = torch.linspace(-1, 1, d)
    y = (torch.sigmoid(x @ w + 0.3 * torch.randn(n)) > 0.5).float()
    return x, y


def main():
    torch.manual_seed(7)
    model = build_model(CONFIG)
    val_criterion = nn.BCELoss()
    log_lr = torch.tensor(-2.0, requires_grad=True)
    log_wd = torch.tensor(-6.0, requires_grad=True)
    hyper_opt = torch.optim.Adam([log_lr, log_wd], lr=CONFIG["hyper_lr"])
    names = [n for n, _ in model.named_parameters()]

    for outer in range(5):
        lr, wd = log_lr.exp(), log_wd.exp()
        weights = [p.detach().requires_grad_(True) for p in model.parameters()]
        for k in range(CONFIG["unroll"]):
            x, y = loans()
            pred = functional_call(model, dict(zip(names, weights)), (x,))
            train_loss = F.binary_cross_entropy(pred, y)
            grads = torch.autograd.grad(train_loss, weights, create_graph=True)
            weights = [w - lr * (g + wd * w) for w, g in zip(weights, grads)]
        xv, yv = loans()
        val_loss = val_criterion(functional_call(model, dict(zip(names, weights)), (xv,)), yv)
        hyper_opt.zero_grad()
        val_loss.backward()
        hyper_opt.step()
        with torch.no_grad():
            for p, w in zip(model.parameters(), weights):
                p.copy_(w)
        print(f"outer {outer} train {train_loss.item():.4f} val {val_loss.item():.4f} lr {log_lr.exp().item():.4f} wd {log_wd.exp().item():.2e}")


if __name__ == "__main__":
    main()
