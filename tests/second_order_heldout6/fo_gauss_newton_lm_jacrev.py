"""Levenberg-Marquardt fitting of a small ELU network to a 1-D regression problem: the residual Jacobian
comes from torch.func.jacrev over a flat parameter vector and the damped Gauss-Newton system
(J^T J + mu I) dp = -J^T r is solved directly. Only first derivatives of the residuals are used."""
import torch
import torch.nn as nn
from torch.func import functional_call, jacrev


class Net(nn.Module):
    def __init__(self, hidden=20):
        super().__init__()
        self.l1 = nn.Linear(1, hidden)
        self.act = nn.ELU()
        self.l2 = nn.Linear(hidden, hidden)
        self.out = nn.Linear(hidden, 1)

    def forward(self, x):
        h = self.act(self.l2(self.act(self.l1(x))))
        return self.out(h)


def flatten(params):
    return torch.cat([p.reshape(-1) for p in params.values()])


def unflatten(vec, like):
    out, i = {}, 0
    for k, p in like.items():
        out[k] = vec[i:i + p.numel()].view_as(p)
        i += p.numel()
    return out


def levenberg_marquardt(model, x, y, iters=50, mu=1e-2):
    like = {k: v.detach() for k, v in model.named_parameters()}
    theta = flatten(like)

    def residuals(vec):
        return (functional_call(model, unflatten(vec, like), (x,)) - y).squeeze(-1)

    for it in range(iters):
        r = residuals(theta)
        J = jacrev(residuals)(theta)
        A = J.T @ J + mu * torch.eye(theta.numel())
        step = torch.linalg.solve(A, -J.T @ r)
        new_r = residuals(theta + step)
        if new_r.pow(2).sum() < r.pow(2).sum():
            theta, mu = theta + step, mu * 0.3
        else:
            mu = mu * 10.0
    with torch.no_grad():
        for (k, p), v in zip(model.named_parameters(), unflatten(theta, like).values()):
            p.copy_(v)
    return model


if __name__ == "__main__":
    xs = torch.linspace(-2, 2, 32).unsqueeze(-1)
    levenberg_marquardt(Net(hidden=6), xs, torch.sin(3 * xs), iters=3)
